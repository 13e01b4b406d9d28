import Foundation

/// One tile of the map to explore (SPEC §7): web-mercator level `zoom` (0 the whole world in one tile), column `x`
/// from the antimeridian eastwards, row `y` from the north.
public struct MapTile: Hashable, Sendable, Comparable {
    public let zoom: Int, x: Int, y: Int

    public init(zoom: Int, x: Int, y: Int) { (self.zoom, self.x, self.y) = (zoom, x, y) }

    public static func < (a: MapTile, b: MapTile) -> Bool { (a.zoom, a.x, a.y) < (b.zoom, b.x, b.y) }

    /// The part of the globe the tile shows, as a window 256 pixels square whose rows are spaced by web mercator.
    var window: MapWindow {
        let n = Double(1 << zoom), size = Double(WebMercator.tileSize)
        let north = WebMercator.coordinate(x: 0, y: Double(y) * size, zoom: zoom).latitude
        let south = WebMercator.coordinate(x: 0, y: Double(y + 1) * size, zoom: zoom).latitude
        return MapWindow(west: -180 + 360 * Double(x) / n, span: 360 / n, south: south, north: north, width: WebMercator.tileSize, height: WebMercator.tileSize)
    }
}

/// Web mercator as the viewer's tiles use it: the world square, `tileSize · 2^zoom` pixels a side at a zoom, between
/// the latitudes where it is (±85.0511°).
public enum WebMercator {
    public static let tileSize = 256
    public static let maxLatitude = 85.051_128_779_806_59

    /// The pixel of a place in the world at `zoom`, from the top left (x grows east, y south).
    public static func pixel(latitude: Double, longitude: Double, zoom: Int) -> (x: Double, y: Double) {
        let size = Double(tileSize << zoom)
        return ((longitude + 180) / 360 * size, (0.5 - y(latitude) / (2 * .pi)) * size)
    }

    /// The place at a pixel of the world at `zoom`: `pixel`'s inverse.
    public static func coordinate(x: Double, y: Double, zoom: Int) -> (latitude: Double, longitude: Double) {
        let size = Double(tileSize << zoom)
        return (atan(sinh(.pi * (1 - 2 * y / size))) * 180 / .pi, x / size * 360 - 180)
    }

    /// The tile that holds a place at `zoom`.
    public static func tile(latitude: Double, longitude: Double, zoom: Int) -> MapTile {
        let (x, y) = pixel(latitude: latitude, longitude: longitude, zoom: zoom), last = (1 << zoom) - 1
        return MapTile(zoom: zoom, x: min(last, max(0, Int(x) / tileSize)), y: min(last, max(0, Int(y) / tileSize)))
    }

    /// The view of `map.html` that frames `window` in a `width` × `height` pixel map (SPEC §7, `#<zoom>/<lat>/<lon>`):
    /// the largest zoom, in the viewer's half steps, at which the window fits, centred on its middle.
    public static func view(framing window: MapWindow, width: Double = 960, height: Double = 640) -> String {
        let across = window.span / 360, down = (y(window.north) - y(window.south)) / (2 * .pi)
        let fits = min(width / (Double(tileSize) * across), height / (Double(tileSize) * max(down, 1e-9)))
        let zoom = min(16, max(0, (2 * log2(fits)).rounded(.down) / 2))
        let middle = atan(sinh((y(window.north) + y(window.south)) / 2)) * 180 / .pi
        var longitude = window.west + window.span / 2
        if longitude > 180 { longitude -= 360 }
        let z = zoom == zoom.rounded() ? String(Int(zoom)) : String(zoom)
        return "#\(z)/\(Coordinate.format((middle * 10_000).rounded() / 10_000))/\(Coordinate.format((longitude * 10_000).rounded() / 10_000))"
    }

    /// Mercator's y of a latitude in degrees (clamped to the square), in radians: ln(tan(π/4 + φ/2)).
    static func y(_ latitude: Double) -> Double {
        let phi = min(maxLatitude, max(-maxLatitude, latitude)) * .pi / 180
        return log(tan(.pi / 4 + phi / 2))
    }
}

/// The ground tiles of the map to explore (`map/tiles/<z>/<x>/<y>.png`): land, water, coasts and country borders
/// from the bundled geography at every zoom up to `maxZoom`, region borders from `regionZoom` on, in the palette of
/// the other maps; a tile of sea alone or of land alone is left out (`.zim` readers refuse files that are the same),
/// and the viewer, told which exist, shows sea or `landPNG` there. They depend on the geography alone, so a process
/// draws them once.
struct MapTileSet: Sendable {
    /// The last zoom drawn: the viewer scales its tiles beyond. Zoom 5 is 4.9 km a pixel at the equator, and the
    /// levels up to it 1,365 tiles before the sea is left out.
    static let maxZoom = 5
    static let regionZoom = 5

    /// The tiles written, in order, and each one's PNG; the tiles of land alone.
    let tiles: [MapTile]
    private let images: [MapTile: [UInt8]]
    let land: Set<MapTile>
    /// A tile of land alone.
    static let landPNG = PNGEncoder.palette(
        width: WebMercator.tileSize, height: WebMercator.tileSize, indices: [UInt8](repeating: MapPalette.land, count: WebMercator.tileSize * WebMercator.tileSize),
        palette: MapPalette.colors)

    static let bundled = MapTileSet(geography: .bundled)

    init(geography: Geography, maxZoom: Int = Self.maxZoom) {
        let all = (0...maxZoom).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { MapTile(zoom: z, x: x, y: $0) } } }
        var drawn = [[UInt8]?](repeating: nil, count: all.count), landOnly = [Bool](repeating: false, count: all.count)
        drawn.withUnsafeMutableBufferPointer { buffer in
            landOnly.withUnsafeMutableBufferPointer { landBuffer in
                let out = Parallel.Shared(buffer), landOut = Parallel.Shared(landBuffer)
                try? Parallel.forEachChunk(all.indices, chunk: 16) { chunk in
                    for i in chunk { (out.value[i], landOut.value[i]) = Self.draw(all[i], geography) }
                }
            }
        }
        land = Set(all.indices.filter { landOnly[$0] }.map { all[$0] })
        tiles = all.indices.filter { drawn[$0] != nil }.map { all[$0] }
        images = Dictionary(uniqueKeysWithValues: all.indices.compactMap { i in drawn[i].map { (all[i], $0) } })
    }

    /// The PNG of `tile`, if it is not sea alone.
    func png(_ tile: MapTile) -> [UInt8]? { images[tile] }

    /// The tile's PNG, or nil for sea alone or land alone (then `true`).
    private static func draw(_ tile: MapTile, _ geography: Geography) -> ([UInt8]?, Bool) {
        let canvas = GeographyCanvas(window: tile.window, geography: geography, regionBorders: tile.zoom >= regionZoom ? .all : .none, mercator: true)
        guard canvas.pixels.contains(where: { $0 != MapPalette.water }) else { return (nil, false) }
        guard canvas.pixels.contains(where: { $0 != MapPalette.land }) else { return (nil, true) }
        return (PNGEncoder.palette(width: WebMercator.tileSize, height: WebMercator.tileSize, indices: canvas.pixels, palette: MapPalette.colors), false)
    }

    /// Which tiles exist, for the viewer: for each zoom, a string of one hexadecimal digit for every four tiles in
    /// row-major order (tile `y · 2^z + x` is bit `3 − i % 4` of digit `i / 4`), so the world's 1,365 take 342 bytes.
    var existence: [String] { Self.existence(of: tiles) }
    /// Which tiles are land alone, as `existence` says which exist.
    var landExistence: [String] { Self.existence(of: land.sorted()) }

    /// `existence` of `tiles`.
    static func existence(of tiles: [MapTile]) -> [String] {
        (0...(tiles.map(\.zoom).max() ?? 0)).map { z in
            let n = 1 << z
            var bits = [UInt8](repeating: 0, count: (n * n + 3) / 4)
            for tile in tiles where tile.zoom == z {
                let i = tile.y * n + tile.x
                bits[i / 4] |= 1 << (3 - i % 4)
            }
            return String(bits.map { Character(String($0, radix: 16)) })
        }
    }
}
