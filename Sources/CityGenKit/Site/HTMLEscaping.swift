/// Escaping for text that citygen itself places in raw HTML (attributes, `<script type="application/ld+json">`),
/// where Markdown escaping does not apply.
public enum HTMLEscaping {
    /// Escapes `& < > " '` for HTML text and attribute values. Works on UTF-8 bytes (all five are ASCII): it is
    /// called for every row and link of the site, so most texts, which need nothing, come back as they are.
    public static func escape(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains(where: isSpecial) }) else { return text }
        var out = [UInt8]()
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped like `escape` to `out`, a page being rendered.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: isSpecial) else { return out.append(contentsOf: bytes) }
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
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
