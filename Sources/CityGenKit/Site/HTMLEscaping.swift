/// Escaping for text that citygen itself places in raw HTML (attributes, `<script type="application/ld+json">`),
/// where Markdown escaping does not apply.
/// `escape` replaces `& < > " '` for HTML text and attribute values (all five are ASCII).
enum HTMLEscaping: ByteEscaping {
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += amp
            case UInt8(ascii: "<"): out += lt
            case UInt8(ascii: ">"): out += gt
            case UInt8(ascii: "\""): out += quot
            case UInt8(ascii: "'"): out += apos
            default: out.append(byte)
            }
        }
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)

    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
