/// Escaping for a value citygen places in a single-quoted HTML attribute (`data-city='[1,"Paris","FR",…]'`): as
/// `HTMLEscaping` but for `"`, which is left as it is, so JSON in an attribute costs no `&quot;` (a site has a
/// favorite toggle on every row and every detail page).
enum SingleQuotedAttributeEscaping: ByteEscaping {
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var plain = 0
        for (i, byte) in bytes.enumerated() where needsEscaping(byte) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
            out += HTMLEscaping.entity(byte)
            plain = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
    }

    static func needsEscaping(_ byte: UInt8) -> Bool { byte != UInt8(ascii: "\"") && HTMLEscaping.needsEscaping(byte) }
}
