/// A map of places as dots: each place adds to the pixels of its dot, and a pixel's colour says how many places
/// cover it (denser is darker), on a ground of geography or transparent. Colours are a palette, so the PNG is small.
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

    /// The image as `MapPalette` indices, row by row: where no place is, `ground`'s pixel (transparent without
    /// one), else the dot level of log2 of the count, at most the densest.
    func indices(on ground: [UInt8]? = nil) -> [UInt8] {
        let top = UInt32(MapPalette.dotLevels - 1)
        var indices = ground ?? [UInt8](repeating: MapPalette.transparent, count: counts.count)
        counts.withUnsafeBufferPointer { counts in
            indices.withUnsafeMutableBufferPointer { indices in
                for i in 0..<counts.count where counts[i] > 0 {
                    indices[i] = MapPalette.firstDot + UInt8(min(top, UInt32(UInt32.bitWidth - 1 - counts[i].leadingZeroBitCount)))
                }
            }
        }
        return indices
    }

    /// The map as PNG, on `ground` (`GeographyCanvas.pixels`) when given.
    func png(on ground: [UInt8]? = nil) -> [UInt8] {
        PNGEncoder.palette(width: window.width, height: window.height, indices: indices(on: ground), palette: MapPalette.colors)
    }
}
