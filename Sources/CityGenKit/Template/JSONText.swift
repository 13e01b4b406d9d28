/// JSON string literals safe to embed anywhere in HTML, including inside `<script>`: besides JSON's own
/// escapes, `<`, `>`, `&`, U+2028 and U+2029 are written as `\u` escapes.
public enum JSONText {
    public static func quoted(_ text: String) -> String { quoted(text, escapes: markupEscapes) }

    /// `text` quoted for a script file of its own (`<script src>`, `fetch`), which no HTML parser reads: markup
    /// characters stay as they are, since escaping them would make a file of HTML a third larger.
    public static func quotedForScriptFile(_ text: String) -> String { quoted(text, escapes: scriptFileEscapes) }

    private static func quoted(_ text: String, escapes: [Bool]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        var text = text
        text.withUTF8 { appendQuoted($0, to: &out, escapes: escapes) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as `quoted` writes it to `out`.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &out) }
    }

    /// Appends UTF-8 `bytes` quoted like `quoted` to `out`; what needs no escape is copied in runs.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapes: [Bool] = markupEscapes) {
        out.append(UInt8(ascii: "\""))
        var i = 0, plain = 0  // bytes[plain..<i] are copied as they are, in one append
        while i < bytes.count {
            let byte = bytes[i]
            let special = byte < 0x20 || byte == 0x7F || escapes[Int(byte)]
            let separator = byte == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
            guard special || separator else {
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
            switch byte {
            case _ where separator: appendUnicodeEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default: appendUnicodeEscape(UInt32(byte), to: &out)
            }
            i += separator ? 3 : 1
            plain = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
        out.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)]) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The ASCII bytes that are escaped: `"`, `\`, `<`, `>`, `&`.
    private static let markupEscapes: [Bool] = (0..<256).map { Set("\"\\<>&".utf8).contains(UInt8($0)) }

    /// The ASCII bytes a script file escapes: JSON's own, `"` and `\`.
    private static let scriptFileEscapes: [Bool] = (0..<256).map { Set("\"\\".utf8).contains(UInt8($0)) }
}
