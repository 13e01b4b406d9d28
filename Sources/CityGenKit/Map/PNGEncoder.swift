import Foundation
import PngWriter

/// PNG files written by libpng (through `PngWriter`) with deflate's run-length strategy, and no time chunk, so the
/// same pixels give the same bytes.
enum PNGEncoder {
    /// A palette image: `indices` (one byte a pixel, row by row) into `palette` (at most 256 RGBA colours).
    static func palette(width: Int, height: Int, indices: [UInt8], palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]) -> [UInt8] {
        precondition(indices.count == width * height && (1...256).contains(palette.count))
        let colormap = palette.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message: UnsafePointer<CChar>?
        let failed = citygen_png_write_palette(UInt32(width), UInt32(height), indices, colormap, UInt32(palette.count), &out, &size, &message)
        guard failed == 0, let out else { preconditionFailure("libpng: \(message.map { String(cString: $0) } ?? "failed")") }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
