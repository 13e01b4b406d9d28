import CZlib

/// zlib's deflate, one gzip stream: a precompressed `NAME.gz`.
final class Deflater {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 16)

    init(level: Int32 = 6) throws {
        // 15 window bits, + 16 for a gzip header (mtime 0, so the bytes are reproducible).
        let bits: Int32 = 15 + 16
        guard deflateInit2_(&stream, level, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CityGenError.writeFailed(path: "", reason: "zlib could not start")
        }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `input`, passing the compressed bytes to `sink`; `finish` ends the stream.
    func deflate(_ input: [UInt8], finish: Bool, into sink: ([UInt8]) throws -> Void) throws {
        try input.withUnsafeBufferPointer { bytes in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.avail_in = uInt(bytes.count)
            var status: Int32 = Z_OK
            repeat {
                let produced = output.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return buffer.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw CityGenError.writeFailed(path: "", reason: "zlib error \(status)")
                }
                if produced > 0 { try sink(Array(output[0..<produced])) }
            } while stream.avail_out == 0 || (finish && status != Z_STREAM_END)
        }
    }
}
