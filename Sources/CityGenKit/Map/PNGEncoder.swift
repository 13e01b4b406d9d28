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
        let colormap = palette.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        var size: png_alloc_size_t = 0
        // The first call measures, the second writes.
        guard png_image_write_to_memory(&image, nil, &size, 0, indices, Int32(width), colormap) != 0 else {
            preconditionFailure("libpng: \(message(image))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let written = bytes.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, indices, Int32(width), colormap)
        }
        guard written != 0 else { preconditionFailure("libpng: \(message(image))") }
        png_image_free(&image)
        return Array(bytes.prefix(Int(size)))
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
