import CBrotli
import CZlib

/// A compression a static host can serve as is (`--precompress`): `NAME.gz` or `NAME.br` beside a text file,
/// sent with `Content-Encoding` to a browser that accepts it (nginx's `gzip_static`, GitLab Pages, `citygen serve`).
public enum ContentEncoding: String, Sendable, CaseIterable, Comparable {
    case br
    case gzip

    /// The suffix of the precompressed file.
    public var fileExtension: String { self == .gzip ? "gz" : "br" }

    /// The files worth compressing: text the browser fetches.
    public static func applies(to path: String) -> Bool {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = path.utf8[path.utf8.index(after: dot)...]
        return ["html", "css", "js", "json", "xml"].contains { suffix.elementsEqual($0.utf8) }
    }

    /// The `--precompress` choices, for help texts and errors.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (a: ContentEncoding, b: ContentEncoding) -> Bool { a.fileExtension < b.fileExtension }

    /// The precompressed files of `path`: one per encoding, in path order, each only where smaller than `bytes`.
    static func variants(of path: String, _ bytes: [UInt8], _ encodings: [ContentEncoding]) -> [(path: String, bytes: [UInt8])] {
        guard !encodings.isEmpty, applies(to: path) else { return [] }
        return encodings.sorted().compactMap { encoding in
            let compressed = encoding.compress(bytes)
            return compressed.count < bytes.count ? (path + "." + encoding.fileExtension, compressed) : nil
        }
    }

    /// `bytes` compressed: gzip at zlib's best level with no name or date in its header (reproducible), or
    /// Brotli at quality 5 in text mode (the highest qualities cost many times the time for few fewer bytes on these pages).
    func compress(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .gzip:
            var output: [UInt8] = []
            // A failure here would be a zlib bug with in-memory buffers; an empty result is never written (not smaller).
            guard let deflater = try? Deflater(level: 9) else { return bytes }
            do { try deflater.deflate(bytes, finish: true) { output += $0 } } catch { return bytes }
            return output
        case .br:
            var size = BrotliEncoderMaxCompressedSize(bytes.count)
            if size == 0 { return bytes }
            var output = [UInt8](repeating: 0, count: size)
            let done = bytes.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    BrotliEncoderCompress(5, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, input.count, input.baseAddress, &size, out.baseAddress)
                }
            }
            guard done == BROTLI_TRUE else { return bytes }
            output.removeSubrange(size...)
            return output
        }
    }
}
