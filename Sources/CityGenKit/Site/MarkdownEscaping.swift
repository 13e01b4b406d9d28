import Mustache

/// Escapes text from the data so that any CommonMark renderer (cmark here, GitHub for the `.md` files)
/// shows it literally: `*x* [y](javascript:alert(1)) <b>z</b>` stays exactly that text.
public enum MarkdownEscaping {
    /// Always escaped: the ASCII characters that start inline syntax (emphasis, code, links, HTML, entities),
    /// plus GitHub's strikethrough and table pipes.
    static let inlineSyntax = ByteSet("\\`*_[]<>&#~|!")
    /// Escaped only at the start of the text, where they could open a block (list, quote, heading).
    static let blockStarters = ByteSet("-+=>")

    /// A set of ASCII bytes as a table: every byte of every name is looked up.
    struct ByteSet: Sendable {
        private let table: [Bool]
        init(_ members: String) {
            var table = [Bool](repeating: false, count: 256)
            for byte in members.utf8 { table[Int(byte)] = true }
            self.table = table
        }
        func contains(_ byte: UInt8) -> Bool { table[Int(byte)] }
    }

    public static func escape(_ text: String) -> String {
        var text = text
        // Most names need nothing: return them as they are.
        guard text.withUTF8({ $0.contains(where: needsAttention) }) else { return text }
        var out = [UInt8]()
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped like `escape` to `out`, a page being rendered.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: needsAttention) else { return out.append(contentsOf: bytes) }
            var leadingDigits = true
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                let isDigit = byte >= 0x30 && byte <= 0x39
                if let length = lineBreakOrControlLength(bytes, at: i) {
                    // A line break or control character would change the document's structure.
                    out += [0xEF, 0xBF, 0xBD]  // U+FFFD
                    i += length
                    leadingDigits = false
                    continue
                }
                if inlineSyntax.contains(byte) || (i == 0 && blockStarters.contains(byte))
                    || (leadingDigits && i > 0 && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")))
                {
                    out.append(UInt8(ascii: "\\"))
                }
                out.append(byte)
                leadingDigits = leadingDigits && isDigit
                i += 1
            }
        }
    }

    private static func needsAttention(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7F || inlineSyntax.contains(byte) || blockStarters.contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")
    }

    /// The length in bytes of a C0/C1 control, DEL, U+2028 or U+2029 at `i`, or nil.
    private static func lineBreakOrControlLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let byte = bytes[i]
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return 2 }
        if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return 3 }
        return nil
    }
}
