import CPng

/// PNG files written by libpng's simplified API, which handles its errors itself (no `setjmp` across Swift). Its
/// output has no time chunk, so the same pixels give the same bytes.
enum PNGEncoder {
    /// A palette image: `indices` (one byte a pixel, row by row) into `palette` (at most 256 RGBA colours).
    static func palette(width: Int, height: Int, indices: [UInt8], palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]) -> [UInt8] {
        precondition(indices.count == width * height && (1...256).contains(palette.count))
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLORMAP)
        image.colormap_entries = UInt32(palette.count)
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        let colormap = palette.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        // One pass into a buffer that usually suffices (a map compresses to well under a byte a pixel); libpng says
        // when it does not, with the size needed, and the second pass writes that. Measuring first would compress
        // every image twice.
        var bytes = [UInt8](repeating: 0, count: width * height / 2 + 4096)
        var size = png_alloc_size_t(bytes.count)
        func write() -> Bool {
            bytes.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, indices, Int32(width), colormap) != 0
            }
        }
        var written = write()
        if !written, Int(size) > bytes.count {
            bytes = [UInt8](repeating: 0, count: Int(size))
            written = write()
        }
        guard written else { preconditionFailure("libpng: \(message(image))") }
        png_image_free(&image)
        return Array(bytes.prefix(Int(size)))
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
