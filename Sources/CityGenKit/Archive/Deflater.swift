import CZlib

/// zlib's deflate, one stream: gzip-wrapped for `.tar.gz`, raw for each entry of a `.zip`.
final class Deflater {
    enum Wrapper { case gzip, raw }

    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 16)

    init(_ wrapper: Wrapper, level: Int32 = 6) throws {
        // 15 window bits; + 16 writes a gzip header (mtime 0, so the bytes are reproducible), negative is raw.
        let bits: Int32 = wrapper == .gzip ? 15 + 16 : -15
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

    /// Starts a new stream with the same settings (one per `.zip` entry).
    func reset() { deflateReset(&stream) }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
