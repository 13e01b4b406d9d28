/// JSON string literals safe to embed anywhere in HTML, including inside `<script>`: besides JSON's own
/// escapes, `<`, `>`, `&`, U+2028 and U+2029 are written as `\u` escapes.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most names need no escape at all (U+2028/U+2029 start with 0xE2).
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xE2 || escapes[Int($0)] }) else {
                return "\"" + String(decoding: bytes, as: UTF8.self) + "\""
            }
            var out = ""
            out.reserveCapacity(bytes.count + 8)
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return "\"" + out + "\""
        }
    }

    /// The ASCII bytes that are escaped: `"`, `\`, `<`, `>`, `&`.
    private static let escapes: [Bool] = (0..<256).map { Set("\"\\<>&".utf8).contains(UInt8($0)) }
}
