/// A map of places as dots: each place adds to the pixels of its dot, and a pixel's colour says how many places
/// cover it (denser is darker), on a transparent background. Colours are a palette, so the PNG is small.
struct DotMap: Sendable {
    let window: MapWindow
    /// The dot of a place: its pixel and those of `radius` around it (a plus sign of arms `radius` long).
    let radius: Int
    /// Places covering each pixel, row by row.
    private(set) var counts: [UInt32]

    init(window: MapWindow, radius: Int) {
        self.window = window
        self.radius = radius
        counts = [UInt32](repeating: 0, count: window.width * window.height)
    }

    mutating func add(latitude: Double, longitude: Double) {
        let (x, y) = window.pixel(latitude: latitude, longitude: longitude)
        let width = window.width, height = window.height
        counts[y * width + x] &+= 1
        for step in 1...max(1, radius) where radius > 0 {
            if x - step >= 0 { counts[y * width + x - step] &+= 1 }
            if x + step < width { counts[y * width + x + step] &+= 1 }
            if y - step >= 0 { counts[(y - step) * width + x] &+= 1 }
            if y + step < height { counts[(y + step) * width + x] &+= 1 }
        }
    }

    /// The palette: entry 0 transparent, then from sparse (amber) to dense (crimson), opaque enough to read on a
    /// light and on a dark page alike.
    static let palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = {
        let sparse = (r: 240.0, g: 160.0, b: 50.0), dense = (r: 170.0, g: 20.0, b: 30.0)
        let levels = 8
        return [(0, 0, 0, 0)] + (0..<levels).map { level in
            let t = Double(level) / Double(levels - 1)
            func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * t).rounded()) }
            return (mix(sparse.r, dense.r), mix(sparse.g, dense.g), mix(sparse.b, dense.b), UInt8(200 + 55 * t))
        }
    }()

    /// The image as palette indices, row by row: 0 where no place is, else 1 + log2 of the count, at most the
    /// last entry.
    func indices() -> [UInt8] {
        let top = UInt32(Self.palette.count - 1)
        return counts.map { count in
            count == 0 ? 0 : UInt8(min(top, 1 + UInt32(UInt32.bitWidth - 1 - count.leadingZeroBitCount)))
        }
    }

    /// The map as PNG.
    func png() -> [UInt8] {
        PNGEncoder.palette(width: window.width, height: window.height, indices: indices(), palette: Self.palette)
    }
}
