/// The colours of every map image, as one PNG palette: the dots of places, from sparse (amber) to dense (crimson),
/// then the ground, light enough that dots and marker stand out in light and dark mode. Entry 0 is transparent.
enum MapPalette {
    static let transparent: UInt8 = 0
    /// The dots' entries: `firstDot` for a pixel one place covers, up to `firstDot + dotLevels - 1` for the densest.
    static let firstDot: UInt8 = 1
    static let dotLevels = 8
    static let water = firstDot + UInt8(dotLevels)
    static let land = water + 1
    static let coast = water + 2
    static let border = water + 3
    static let regionBorder = water + 4

    static let colors: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = {
        let sparse = (r: 240.0, g: 160.0, b: 50.0), dense = (r: 170.0, g: 20.0, b: 30.0)
        let dots = (0..<dotLevels).map { level in
            let t = Double(level) / Double(dotLevels - 1)
            func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * t).rounded()) }
            return (mix(sparse.r, dense.r), mix(sparse.g, dense.g), mix(sparse.b, dense.b), UInt8(200 + 55 * t))
        }
        let ground: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = [
            (0xC6, 0xEC, 0xFF, 255),  // water
            (0xFA, 0xF7, 0xE8, 255),  // land
            (0x4A, 0x9C, 0xC9, 255),  // coast
            (0x8C, 0x7B, 0x70, 255),  // country border
            (0xC9, 0xBF, 0xB0, 255),  // region border
        ]
        return [(0, 0, 0, 0)] + dots + ground
    }()
}
