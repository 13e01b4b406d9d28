/// Escaping for text that citygen itself places in raw HTML (attributes, `<script type="application/ld+json">`),
/// where Markdown escaping does not apply.
public enum HTMLEscaping {
    /// Escapes `& < > " '` for HTML text and attribute values. Works on UTF-8 bytes (all five are ASCII): it is
    /// called for every row and link of the site, so most texts, which need nothing, come back as they are.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: isSpecial) else { return String(decoding: bytes, as: UTF8.self) }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out += Array("&amp;".utf8)
                case UInt8(ascii: "<"): out += Array("&lt;".utf8)
                case UInt8(ascii: ">"): out += Array("&gt;".utf8)
                case UInt8(ascii: "\""): out += Array("&quot;".utf8)
                case UInt8(ascii: "'"): out += Array("&#39;".utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
