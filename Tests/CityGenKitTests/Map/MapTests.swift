import CPng
import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// Map windows and images (SPEC §5): the shortest longitude window, positions across the antimeridian, and PNG
/// bytes read back by libpng's own decoder.
final class MapTests: SiteTestCase {
    func testTheShortestIntervalCrossesTheAntimeridianWhenThatIsShorter() {
        // Fiji's cities lie on both sides of 180°: min/max would give 357°, the shortest interval 4°.
        let fiji = MapWindow.shortestInterval([177.4, 178.4, 179.9, -179.9, -178.8])
        XCTAssertEqual(fiji.west, 177.4, accuracy: 1e-9)
        XCTAssertEqual(fiji.span, 3.8, accuracy: 1e-9)
        let chile = MapWindow.shortestInterval([-109.4, -70.6, -68.1])
        XCTAssertEqual(chile.west, -109.4, accuracy: 1e-9)
        XCTAssertEqual(chile.span, 41.3, accuracy: 1e-9)
        XCTAssertEqual(MapWindow.shortestInterval([12.5]).span, 0)
        XCTAssertEqual(MapWindow.normalized(180), -180)
        XCTAssertEqual(MapWindow.normalized(-540), -180)
    }

    func testAFittedWindowHoldsEveryPlaceWithPaddingAndAMinimumSpan() {
        let places: [(latitude: Double, longitude: Double)] = [(-16.0, 177.4), (-18.1, 178.4), (-16.5, -179.9), (-19.2, -178.8)]
        let window = MapWindow.fitted(to: places, size: 480)
        for place in places {
            let (x, y) = window.position(latitude: place.latitude, longitude: place.longitude)
            XCTAssertTrue((0.04...0.96).contains(x) && (0.04...0.96).contains(y), "\(place): \(x), \(y) inside the padding")
        }
        XCTAssertLessThan(window.span, 10, "the window does not go round the world")
        XCTAssertEqual(max(window.width, window.height), 480)
        // One place: the minimum span, the place at the middle.
        let one = MapWindow.fitted(to: [(latitude: 50, longitude: 10)], size: 480)
        XCTAssertEqual(one.position(latitude: 50, longitude: 10).x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(one.position(latitude: 50, longitude: 10).y, 0.5, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(one.north - one.south, 1)
        // x is scaled by the cosine of the middle latitude: at 60°, a square of degrees is twice as tall as wide.
        let north = MapWindow.fitted(to: [(latitude: 55, longitude: 0), (65, 20)], size: 480)
        XCTAssertEqual(Double(north.width) / Double(north.height), north.span * cos(60 * .pi / 180) / (north.north - north.south), accuracy: 0.01)
        // A window near a pole stays on the globe.
        let pole = MapWindow.fitted(to: [(latitude: 89.9, longitude: 0)], size: 480)
        XCTAssertLessThanOrEqual(pole.north, 90)
    }

    func testPositionsWrapAroundTheWindowNotTheWorld() {
        let window = MapWindow(west: 170, span: 20, south: -20, north: 0, width: 200, height: 200)
        XCTAssertEqual(window.position(latitude: -10, longitude: -175).x, 0.75, accuracy: 1e-9)
        XCTAssertEqual(window.position(latitude: -10, longitude: 170).x, 0, accuracy: 1e-9)
        XCTAssertEqual(window.position(latitude: -10, longitude: 165).x, -0.25, accuracy: 1e-9, "west of the window, not 345° east")
        XCTAssertEqual(MapWindow.world(width: 1200).pixel(latitude: 51.5, longitude: -0.13).x, 599)
        XCTAssertEqual(MapWindow.world(width: 1200).pixel(latitude: -90, longitude: 180).y, 599, "clamped to the image")
    }

    func testDotMapsDecodeWithLibpngToWhatWasDrawn() throws {
        var map = DotMap(window: MapWindow(west: 0, span: 10, south: 0, north: 10, width: 10, height: 10), radius: 0)
        for _ in 0..<300 { map.add(latitude: 5.5, longitude: 2.5) }  // one dense pixel
        map.add(latitude: 9.5, longitude: 9.5)  // one sparse pixel, top right
        let png = map.png()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertFalse(String(decoding: png, as: UTF8.self).contains("tIME"), "no time chunk: same pixels, same bytes")
        XCTAssertEqual(png, map.png())
        let (width, height, rgba) = try Self.decode(png)
        XCTAssertEqual([width, height], [10, 10])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
        XCTAssertEqual(pixel(0, 0)[3], 0, "transparent where there is no place")
        let dense = pixel(2, 4), sparse = pixel(9, 0)
        XCTAssertGreaterThan(dense[3], 0)
        XCTAssertGreaterThan(sparse[3], 0)
        XCTAssertLessThan(Int(dense[0]) + Int(dense[1]) + Int(dense[2]), Int(sparse[0]) + Int(sparse[1]) + Int(sparse[2]), "denser is darker")
    }


    /// Noise does not compress: the encoder's first buffer is too small and libpng's second pass must still give
    /// the whole image.
    func testAnImageThatDoesNotCompressIsWrittenWhole() throws {
        var random = SeededGenerator(seed: 7)
        let indices = (0..<128 * 128).map { _ in UInt8.random(in: 0...255, using: &random) }
        let palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = (0...255).map { (value: Int) in
            (r: UInt8(value), g: UInt8(255 - value), b: UInt8(value / 2), a: 255)
        }
        let png = PNGEncoder.palette(width: 128, height: 128, indices: indices, palette: palette)
        XCTAssertGreaterThan(png.count, 128 * 128 / 2 + 4096, "larger than the first buffer")
        let (width, height, rgba) = try Self.decode(png)
        XCTAssertEqual([width, height], [128, 128])
        for pixel in [0, 77, 128 * 128 - 1] {
            let color = palette[Int(indices[pixel])], expected: [UInt8] = [color.r, color.g, color.b, color.a]
            XCTAssertEqual(Array(rgba[pixel * 4..<pixel * 4 + 4]), expected, "pixel \(pixel)")
        }
    }

    /// Palettes of 2, 4, 16 and 256 colours are written at 1, 2, 4 and 8 bits a pixel, packed by the encoder: widths
    /// that do not fill their last byte included, every pixel decodes to its colour.
    func testEveryPixelDepthDecodesToItsPixels() throws {
        var random = SeededGenerator(seed: 11)
        for (colors, width) in [(2, 13), (4, 7), (16, 9), (256, 5), (16, 16), (2, 1)] {
            let height = 3
            let indices = (0..<width * height).map { _ in UInt8(Int.random(in: 0..<colors, using: &random)) }
            let palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = (0..<colors).map { (value: Int) in
                (r: UInt8(value), g: UInt8(255 - value), b: UInt8(value / 2), a: 255)
            }
            let png = PNGEncoder.palette(width: width, height: height, indices: indices, palette: palette)
            XCTAssertEqual(png[24], [2: 1, 4: 2, 16: 4, 256: 8][colors], "bit depth in IHDR, \(colors) colours")
            let decoded = try Self.decode(png)
            XCTAssertEqual([decoded.width, decoded.height], [width, height])
            for pixel in 0..<width * height {
                let color = palette[Int(indices[pixel])], expected: [UInt8] = [color.r, color.g, color.b, color.a]
                XCTAssertEqual(Array(decoded.rgba[pixel * 4..<pixel * 4 + 4]), expected, "\(colors) colours, pixel \(pixel)")
            }
        }
    }

    /// A built site's maps: one per country and the world's, and each city's pixel drawn on its country's map.
    func testEveryCountryHasAMapWithItsCitiesDrawn() async throws {
        try await build(Fixtures.json(DetailPageTests.cities))
        for code in ["UA", "US", "AU", "none", "world"] {
            let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent("site/map/\(code).png")))
            XCTAssertGreaterThan(try Self.decode(png).width, 0, code)
        }
        // One file a country, named as its map is, holding its window alone.
        var maps: [String: [Any]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site/search/maps").path) where name.hasSuffix(".json") {
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("site/search/maps/\(name)"))) as! [String: Any]
            let windows = file["maps"] as! [String: [[Any]]]
            XCTAssertEqual(windows.count, 1, name)
            XCTAssertEqual(windows.first!.value[0][0] as? String, "map/\(name.dropLast(5)).png", name)
            maps.merge(windows.mapValues { $0[0] }) { a, _ in a }
        }
        XCTAssertEqual(Set(maps.keys), ["", "UA", "US", "AU"])
        for city in DetailPageTests.cities {
            let entry = maps[city.country]!
            let window = MapWindow(
                west: entry[1] as! Double, span: entry[2] as! Double, south: entry[3] as! Double, north: entry[4] as! Double,
                width: entry[5] as! Int, height: entry[6] as! Int)
            let (width, _, rgba) = try Self.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("site/" + (entry[0] as! String)))))
            let (x, y) = window.pixel(latitude: city.lat, longitude: city.lon)
            XCTAssertGreaterThan(rgba[(y * width + x) * 4 + 3], 0, "\(city.name) is drawn")
        }
    }

    /// A country with a main body and records far away (the United Kingdom and its bases on Cyprus): the main map
    /// is fitted to the body, each far group has a map of its own, and a place's locator is the first map holding it.
    func testMapsFrameTheMainBodyAndGiveOutlyingPartsTheirOwn() {
        var places: [(latitude: Double, longitude: Double)] = []
        for i in 0..<400 { places.append((50 + Double(i % 20) * 0.4, -5 + Double(i / 20) * 0.35)) }  // 8° × 7°
        let cyprus: [(latitude: Double, longitude: Double)] = [(34.6, 32.96), (34.67, 32.93), (35.02, 33.74)]
        let far = (latitude: -20.0, longitude: -60.0)
        let frames = CountryFrames(places + cyprus + [far], size: 480)
        XCTAssertEqual(frames.windows.count, 3, "the main map, Cyprus', the far place's")
        let main = frames.windows[0]
        XCTAssertTrue(places.allSatisfy { main.holds($0) && frames.part(holding: $0) == 0 })
        XCTAssertFalse(cyprus.contains { main.holds($0) })
        XCTAssertTrue(cyprus.allSatisfy { frames.part(holding: $0) == 1 })
        XCTAssertEqual(frames.part(holding: far), 2)
        XCTAssertLessThan(main.span, 20, "the body fills its map: \(main)")
        XCTAssertLessThan(frames.windows[1].span, 5)
        // Without outliers the main map is fitted to every place, as before.
        XCTAssertEqual(CountryFrames(places, size: 480).windows, [MapWindow.fitted(to: places, size: 480)])
        // A place just beyond the core (Brittany west of the 1st percentile) stays in the main body.
        let west = (latitude: 52.0, longitude: -7.5)
        XCTAssertEqual(CountryFrames(places + [west], size: 480).windows.count, 1)
    }

    /// A country whose outlying parts hold more than the 1 % the core leaves out (the United States: Alaska and
    /// Hawaii): the core is taken from the main cluster, so the main map is framed on the contiguous body.
    func testOutlyingPartsOfMoreThanOnePercentDoNotWidenTheMainMap() {
        var body: [(latitude: Double, longitude: Double)] = []
        for i in 0..<1_000 { body.append((30 + Double(i % 20) * 0.9, -122 + Double(i / 20) * 1.0)) }  // 18° × 50°
        typealias Place = (latitude: Double, longitude: Double)
        let alaska = (0..<30).map { i -> Place in (58 + Double(i % 6), -155 + 4 * Double(i / 6)) }
        let hawaii = (0..<10).map { i -> Place in (19.5 + 0.5 * Double(i % 3), -159 + 0.4 * Double(i)) }
        XCTAssertEqual(CountryFrames.mainCluster(of: body + alaska + hawaii), Array(body.indices))  // CLUSTER
        let frames = CountryFrames(body + alaska + hawaii, size: 480)
        let main = frames.windows[0]
        XCTAssertTrue(body.allSatisfy { frames.part(holding: $0) == 0 })
        XCTAssertFalse((alaska + hawaii).contains { main.holds($0) })
        XCTAssertGreaterThanOrEqual(49 / main.span, 0.5, "the body spans at least half its map: \(main)")
        XCTAssertEqual(frames.windows.count, 3, "the main map, Alaska's, Hawaii's")
        // No cluster holding most places (scattered islands): the core is taken from every place, as before.
        var scattered: [Place] = []
        for i in 0..<8 { scattered.append((Double(10 * i - 40), Double(40 * i - 170))) }
        XCTAssertEqual(CountryFrames.mainCluster(of: scattered), Array(scattered.indices))  // CLUSTER
    }

    /// Cities whose maps show Natural Earth's geography: each must lie on land, and the sea, the Pacific and the
    /// Pyrenees' border must show where they are.
    static let placed: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (2643743, "London", "GB", 51.50853, -0.12574), (2653941, "Cambridge", "GB", 52.2, 0.11667), (2650225, "Edinburgh", "GB", 55.95206, -3.19648),
        (2198148, "Suva", "FJ", -18.14161, 178.44149), (2204582, "Labasa", "FJ", -16.41667, 179.38333),
        (5856195, "Honolulu", "US", 21.30694, -157.85833), (5879400, "Anchorage", "US", 61.21806, -149.90028),
        (2127202, "Anadyr", "RU", 64.73424, 177.5103), (524901, "Moscow", "RU", 55.75222, 37.61556),
        (2988507, "Paris", "FR", 48.85341, 2.3488), (2988358, "Pau", "FR", 43.3, -0.36667), (2987914, "Perpignan", "FR", 42.69764, 2.89541),
        (3117735, "Madrid", "ES", 40.4165, -3.70256),
    ]

    /// The maps' ground (SPEC §5): read back from the built site's PNGs with libpng, each city's pixel is on land
    /// (the ground the canvas draws under its dot, and land or coast within a few pixels around it on the image),
    /// open sea is water, and a border line runs between France and Spain on France's map.
    func testMapsDrawLandWaterCoastsAndBordersUnderTheDots() async throws {
        try await build(Fixtures.json(Self.placed))
        let colors = MapPalette.colors
        func rgba(_ index: UInt8) -> [UInt8] { [colors[Int(index)].r, colors[Int(index)].g, colors[Int(index)].b, colors[Int(index)].a] }
        /// The map image `name` and its window, and the RGBA of its pixel at x, y (clamped to the image).
        func image(_ name: String) throws -> (window: MapWindow, at: (Int, Int) -> [UInt8]) {
            var window = MapWindow.world(width: SiteMaps.worldWidth)
            if name != "world" {
                let file = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("site/search/maps/\(name).json"))) as! [String: Any]
                let entry = (file["maps"] as! [String: [[Any]]])[name]![0]
                window = MapWindow(
                    west: entry[1] as! Double, span: entry[2] as! Double, south: entry[3] as! Double, north: entry[4] as! Double,
                    width: entry[5] as! Int, height: entry[6] as! Int)
            }
            let (width, height, data) = try Self.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("site/map/\(name).png"))))
            XCTAssertEqual([width, height], [window.width, window.height], name)
            return (window, { x, y in
                let (x, y) = (min(width - 1, max(0, x)), min(height - 1, max(0, y)))
                return Array(data[(y * width + x) * 4..<(y * width + x) * 4 + 4])
            })
        }
        func pixel(_ name: String, _ lat: Double, _ lon: Double) throws -> [UInt8] {
            let (window, at) = try image(name)
            let (x, y) = window.pixel(latitude: lat, longitude: lon)
            return at(x, y)
        }
        let ground = [rgba(MapPalette.land), rgba(MapPalette.coast), rgba(MapPalette.regionBorder), rgba(MapPalette.border)]
        for city in Self.placed {
            let (window, at) = try image(city.country)
            let canvas = GeographyCanvas(window: window, geography: .bundled)
            let (x, y) = window.pixel(latitude: city.lat, longitude: city.lon)
            XCTAssertNotEqual(canvas.pixels[y * window.width + x], MapPalette.water, "\(city.name) lies on land")
            XCTAssertNotEqual(at(x, y), rgba(MapPalette.water), "\(city.name)'s dot is drawn")
            // Around the dot, past its arms, the image shows land.
            let around = [(-4, 0), (4, 0), (0, -4), (0, 4), (-3, -3), (3, 3), (-3, 3), (3, -3)].map { at(x + $0, y + $1) }
            XCTAssertTrue(around.contains { ground.contains($0) }, "\(city.name): \(around)")
        }
        XCTAssertTrue(try image("GB").window.holds((54.5, 0.2)))
        XCTAssertEqual(try pixel("GB", 54.5, 0.2), rgba(MapPalette.water), "the North Sea on Great Britain's map")
        XCTAssertEqual(try pixel("world", 0, -150), rgba(MapPalette.water), "the Pacific on the world map")
        XCTAssertEqual(try pixel("world", 50.5, 25), rgba(MapPalette.land), "Europe on the world map")
        // From Pau (France) due south into Spain, a line of pixels crosses the border drawn on France's map.
        let (fr, at) = try image("FR")
        let (x, top) = fr.pixel(latitude: 43.3, longitude: -0.36667), bottom = fr.pixel(latitude: 42.4, longitude: -0.36667).y
        XCTAssertTrue((top...bottom).contains { at(x, $0) == rgba(MapPalette.border) }, "a border pixel between France and Spain")
        XCTAssertTrue(try read("index.html").contains(#", <a href="https://www.naturalearthdata.com/">Natural Earth</a> (public domain).</footer>"#), "the credit")
    }

    /// The site's icon (`favicon.ico` at the root): an ICO file of one 32×32 PNG, which libpng reads as the globe
    /// (transparent corners, Africa's land east of the dot, the Atlantic west of it) with the densest dots' colour at
    /// its centre; every HTML page links it by a relative path, and `404.html`, which cannot know its depth, inline.
    func testTheSiteIconIsAGlobeWithADotLinkedFromEveryPage() async throws {
        try await build(Fixtures.json(Self.placed))
        let ico = try [UInt8](Data(contentsOf: folder.appendingPathComponent("site/favicon.ico")))
        func little(_ at: Int, _ bytes: Int) -> Int { (0..<bytes).reduce(0) { $0 | Int(ico[at + $1]) << (8 * $1) } }
        XCTAssertEqual([little(0, 2), little(2, 2), little(4, 2)], [0, 1, 1], "an icon of one image")
        XCTAssertEqual([Int(ico[6]), Int(ico[7])], [32, 32])
        let (size, offset) = (little(14, 4), little(18, 4))
        XCTAssertEqual(offset + size, ico.count)
        let (width, height, rgba) = try Self.decode(Array(ico[offset...]))
        XCTAssertEqual([width, height], [32, 32])
        func color(_ entry: UInt8) -> [UInt8] { let c = MapPalette.colors[Int(entry)]; return [c.r, c.g, c.b, c.a] }
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 4]) }
        XCTAssertEqual(at(0, 0)[3], 0, "a round icon")
        XCTAssertEqual(at(31, 31)[3], 0)
        XCTAssertEqual(at(16, 16), color(MapPalette.firstDot + UInt8(MapPalette.dotLevels - 1)), "the dot")
        XCTAssertEqual(at(23, 15), color(MapPalette.land), "the Sahara")
        XCTAssertEqual(at(9, 15), color(MapPalette.water), "the Atlantic")
        let city = try read("city/743/2643743.html"), home = try read("index.html")
        XCTAssertTrue(home.contains(#"<link rel="icon" href="favicon.ico">"#), "the home page links the icon")
        XCTAssertTrue(city.contains(#"<link rel="icon" href="../../favicon.ico">"#), "a city page links it from its folder")
        XCTAssertTrue(try read("404.html").contains(#"<link rel="icon" href="data:image/png;base64,"#), "404.html holds it")
        XCTAssertFalse(try read("city/743/2643743.md").contains("favicon"), "Markdown pages have no head")
    }

    /// PNG bytes decoded by libpng's simplified reader into RGBA.
    static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, png, png.count) != 0 else { throw CocoaError(.fileReadCorruptFile) }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
        guard png_image_finish_read(&image, nil, &rgba, 0, nil) != 0 else { throw CocoaError(.fileReadCorruptFile) }
        return (Int(image.width), Int(image.height), rgba)
    }
}
