@testable import CityGenKit
import XCTest

/// The map to explore's tiles: web mercator's arithmetic, which tiles exist, and the same bytes from the same inputs.
final class MapTileTests: XCTestCase {
    func testAPlaceGoesToItsPixelAndTileAndBack() {
        // London at zoom 10 is tile 511/340 (OpenStreetMap's numbering: x from the antimeridian, y from the north).
        XCTAssertEqual(WebMercator.tile(latitude: 51.50853, longitude: -0.12574, zoom: 10), MapTile(zoom: 10, x: 511, y: 340))
        XCTAssertEqual(WebMercator.tile(latitude: -34.61315, longitude: -58.37723, zoom: 5), MapTile(zoom: 5, x: 10, y: 19))
        let centre = WebMercator.pixel(latitude: 0, longitude: 0, zoom: 0)
        XCTAssertEqual(centre.x, 128, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 128, accuracy: 1e-9)
        XCTAssertEqual(WebMercator.pixel(latitude: WebMercator.maxLatitude, longitude: -180, zoom: 3).y, 0, accuracy: 1e-6)
        XCTAssertEqual(WebMercator.pixel(latitude: -89, longitude: 180, zoom: 0).y, 256, accuracy: 1e-6, "clamped to the square")
        for (latitude, longitude) in [(51.50853, -0.12574), (-54.8, -68.3), (64.1, -21.9), (0, 179.999), (-33.9, 151.2)] {
            for zoom in [0, 5, 14] {
                let (x, y) = WebMercator.pixel(latitude: latitude, longitude: longitude, zoom: zoom)
                let back = WebMercator.coordinate(x: x, y: y, zoom: zoom)
                XCTAssertEqual(back.latitude, latitude, accuracy: 1e-9)
                XCTAssertEqual(back.longitude, longitude, accuracy: 1e-9)
            }
        }
    }

    /// A country's or region's map links `map.html` at the largest half zoom whose view holds its window, centred.
    func testTheViewFramingAWindowHoldsItAndNoCloserOneDoes() throws {
        for window in [
            MapWindow(west: -73.6, span: 20, south: -55.1, north: -21.8, width: 100, height: 200),  // Argentina-like
            MapWindow(west: 170, span: 20, south: -48, north: -34, width: 200, height: 140),  // across the antimeridian
            MapWindow(west: 34, span: 1.2, south: 44, north: 45, width: 200, height: 160),
        ] {
            let view = WebMercator.view(framing: window)
            let parts = view.dropFirst().split(separator: "/").map { Double($0)! }
            XCTAssertTrue(view.hasPrefix("#") && parts.count == 3, view)
            let (zoom, lat, lon) = (parts[0], parts[1], parts[2])
            func size(_ z: Double) -> (Double, Double) {
                let world = 256 * pow(2, z)
                return (window.span / 360 * world, (WebMercator.y(window.north) - WebMercator.y(window.south)) / (2 * .pi) * world)
            }
            let (w, h) = size(zoom), (closerW, closerH) = size(zoom + 0.5)
            XCTAssertTrue(w <= 960 && h <= 640, "\(view): \(w)×\(h)")
            XCTAssertTrue(closerW > 960 || closerH > 640, view)
            XCTAssertEqual(zoom * 2, (zoom * 2).rounded(), view)
            let middle = (WebMercator.y(window.north) + WebMercator.y(window.south)) / 2
            XCTAssertEqual(WebMercator.y(lat), middle, accuracy: 1e-4, view)
            let east = (lon - (window.west + window.span / 2)).truncatingRemainder(dividingBy: 360)
            XCTAssertTrue(abs(east) < 1e-4 || abs(abs(east) - 360) < 1e-4, view)
        }
        XCTAssertEqual(WebMercator.view(framing: .world(width: 720)), "#1/0/0")  // the square is 640 px high at zoom 1.32
    }

    func testATilesWindowIsTheGlobeItCovers() {
        let tile = MapTile(zoom: 2, x: 1, y: 1).window
        XCTAssertEqual(tile.west, -90)
        XCTAssertEqual(tile.span, 90)
        XCTAssertEqual(tile.south, 0, accuracy: 1e-9)
        XCTAssertEqual(tile.north, 66.51326, accuracy: 1e-5)
        XCTAssertEqual(MapTile(zoom: 0, x: 0, y: 0).window.north, WebMercator.maxLatitude, accuracy: 1e-9)
    }

    func testTilesOfSeaAloneAreLeftOutAndTheRestListed() throws {
        let set = MapTileSet(geography: .bundled, maxZoom: 3)
        let all = (0...3).reduce(0) { $0 + (1 << $1) * (1 << $1) }
        XCTAssertLessThan(set.tiles.count, all, "some tiles are sea alone")
        XCTAssertEqual(set.tiles, set.tiles.sorted())
        XCTAssertNotNil(set.png(MapTile(zoom: 0, x: 0, y: 0)))
        let sahara = WebMercator.tile(latitude: 23, longitude: 12, zoom: 3), pacific = WebMercator.tile(latitude: -55, longitude: -110, zoom: 3)
        XCTAssertTrue(set.tiles.contains(sahara))
        XCTAssertFalse(set.tiles.contains(pacific))
        XCTAssertNil(set.png(pacific))
        // The existence string says the same: bit 3 - i % 4 of hexadecimal digit i / 4, i = y · 8 + x.
        let bits = Array(set.existence[3])
        func listed(_ tile: MapTile) -> Bool {
            let i = tile.y * 8 + tile.x
            return (Int(String(bits[i / 4]), radix: 16)! >> (3 - i % 4)) & 1 == 1
        }
        XCTAssertEqual(bits.count, 16)
        XCTAssertTrue(listed(sahara))
        XCTAssertFalse(listed(pacific))
        XCTAssertEqual((0..<64).filter { listed(MapTile(zoom: 3, x: $0 % 8, y: $0 / 8)) }.count, set.tiles.filter { $0.zoom == 3 }.count)

        // A real PNG: its signature, its size, and pixels of land and sea in the Sahara's tile at zoom 3.
        let png = try XCTUnwrap(set.png(sahara))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[16..<24].map { $0 }, [0, 0, 1, 0, 0, 0, 1, 0], "256 × 256")
        XCTAssertEqual(MapTileSet(geography: .bundled, maxZoom: 3).png(sahara), png, "the same inputs, the same bytes")
        // Land alone is no file either (a .zim refuses files that are the same): Antarctica's bottom row, listed as land.
        let antarctica = MapTile(zoom: 3, x: 4, y: 7)
        XCTAssertNil(set.png(antarctica))
        XCTAssertTrue(set.land.contains(antarctica))
        XCTAssertEqual(Set(set.tiles.map { set.png($0)! }).count, set.tiles.count, "no two tiles the same")
    }
}

/// The map to explore's points: every city in one leaf, leaves no larger than their bound, largest first, and a
/// city's id bucket naming its leaf.
final class MapPointsTests: XCTestCase {
    func testEveryCityIsInOneLeafWhoseTileHoldsItAndItsIDBucketNamesIt() throws {
        var cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = []
        for i in 0..<9_000 {
            let lat: Double = -34.6 + Double(i % 300) / 1000, lon: Double = -58.4 + Double(i / 300) / 1000
            cities.append((i + 1, "Town \(i)", "AR", lat, lon))
        }
        cities += [(20_000, "Far", "NZ", -41.3, 174.8), (20_001, "Pole", "", 89.9, 0)]
        let catalog = Fixtures.catalog(cities)
        let points = MapPoints(catalog: catalog, places: nil)
        let all = points.leaves.flatMap(\.cities).map(Int.init)
        XCTAssertEqual(all.sorted(), Array(0..<catalog.count), "each city once")
        XCTAssertGreaterThan(points.leaves.count, 3, "the dense part is cut")
        for leaf in points.leaves {
            XCTAssertTrue(leaf.cities.count <= MapPoints.leafSize || leaf.key.count == MapPoints.deepest, leaf.key)
            var tile = (x: 0, y: 0)
            for digit in leaf.key { tile = (2 * tile.x + Int(String(digit))! % 2, 2 * tile.y + Int(String(digit))! / 2) }
            for index in leaf.cities {
                let city = catalog.cities[Int(index)]
                XCTAssertEqual(WebMercator.tile(latitude: city.latitude, longitude: city.longitude, zoom: leaf.key.count), MapTile(zoom: leaf.key.count, x: tile.x, y: tile.y))
            }
        }
        // A leaf's script holds its rows, and an id's bucket names the leaf that has it.
        let farIndex = Int32(try XCTUnwrap(catalog.cities.firstIndex { $0.id == 20_000 }))
        let far: Int = try XCTUnwrap(points.leaves.firstIndex(where: { $0.cities.contains(farIndex) }))
        let script = String(decoding: points.script(far, catalog: catalog, places: Places?.none, labels: PlaceLabels?.none), as: UTF8.self)
        XCTAssertTrue(script.hasPrefix("citygenPoints(\(far),{\"regions\":[],\"points\":["), script)
        XCTAssertTrue(script.contains(#"[20000,"Far","NZ",-41.3,174.8,0,-1]"#), script)
        let bucket = String(decoding: points.idScript(20_000 % MapPoints.idBuckets, catalog: catalog), as: UTF8.self)
        XCTAssertTrue(bucket.contains("20000,\(far)"), bucket)
        XCTAssertEqual(points.script(far, catalog: catalog, places: Places?.none, labels: PlaceLabels?.none), points.script(far, catalog: catalog, places: Places?.none, labels: PlaceLabels?.none))
    }

    func testTheDensityTilesHoldEveryCityAsAPixel() throws {
        let catalog = Fixtures.catalog([(1, "A", "AR", -34.6, -58.4), (2, "B", "GB", 51.5, -0.1)])
        let density = MapDensity(catalog: catalog)
        XCTAssertEqual(Set(density.tiles.keys.filter { $0.zoom == 2 }), [WebMercator.tile(latitude: -34.6, longitude: -58.4, zoom: 2), WebMercator.tile(latitude: 51.5, longitude: -0.1, zoom: 2)])
        XCTAssertEqual(density.existence.count, MapDensity.deepest + 1)
        XCTAssertEqual(density.existence[0], "8")
    }
}
