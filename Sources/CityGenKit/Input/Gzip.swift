import CZlib
import Foundation

/// gzip decompression through zlib.
enum Gzip {
    static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    struct DecompressionError: Error, CustomStringConvertible {
        let description: String
    }

    static func decompress(_ data: Data) throws -> Data {
        var stream = z_stream()
        // 15 window bits + 16: expect a gzip header and trailer.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DecompressionError(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunkSize = 1 << 20
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var status: Int32 = Z_OK
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                try chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    status = inflate(&stream, Z_NO_FLUSH)
                    guard status == Z_OK || status == Z_STREAM_END else {
                        let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                        throw DecompressionError(description: "corrupt gzip data: \(reason)")
                    }
                    output.append(buffer.baseAddress!, count: chunkSize - Int(stream.avail_out))
                }
                if status != Z_STREAM_END, stream.avail_in == 0, stream.avail_out != 0 {
                    throw DecompressionError(description: "truncated gzip data")
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
