/// Escaping for a value citygen places in a single-quoted HTML attribute (`data-city='[1,"Paris","FR",…]'`): as
/// `HTMLEscaping` but for `"`, left as it is, so JSON in an attribute costs no `&quot;`.
enum SingleQuotedAttributeEscaping: ByteEscaping {
    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        HTMLEscaping.appendEntities(bytes, where: needsEscaping, to: &out)
    }

    static func needsEscaping(_ byte: UInt8) -> Bool { byte != UInt8(ascii: "\"") && HTMLEscaping.needsEscaping(byte) }
}
