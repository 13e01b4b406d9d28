/// Escaping for a value citygen places in a single-quoted HTML attribute (`data-city='[1,"Paris","FR",…]'`): `& < > '`
/// are replaced and `"` is left as it is, so JSON in an attribute costs no `&quot;` (a site has a favorite toggle on
/// every row and every detail page).
enum SingleQuotedAttributeEscaping: ByteEscaping {
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var plain = 0
        for (i, byte) in bytes.enumerated() where needsEscaping(byte) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
            switch byte {
            case UInt8(ascii: "&"): out += amp
            case UInt8(ascii: "<"): out += lt
            case UInt8(ascii: ">"): out += gt
            default: out += apos
            }
            plain = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8), apos = Array("&#39;".utf8)

    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "'")
    }
}
