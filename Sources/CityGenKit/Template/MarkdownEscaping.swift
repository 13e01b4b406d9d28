import Mustache

/// Escapes text from the data so that every Markdown reader the `.md` files meet (cmark, cmark-gfm, markdown-it,
/// Python-Markdown) shows it literally: `*x* [y](javascript:alert(1))` stays that text. The forms chosen, a
/// backslash or an entity, are listed in docs/design.md ("Escaping").
enum MarkdownEscaping: ByteEscaping {
    /// Escaped anywhere: the ASCII characters that start inline syntax (emphasis, code, links, HTML, entities),
    /// plus GitHub's strikethrough and table pipes: ``\`*_[]<>&#~|!``; `&` only where it could start an entity.
    static var inlineSyntax: ByteSet { ByteSet(low: 0x5000044A00000000, high: 0x50000001B8000000) }
    /// Escaped only at the start of the text, where they could open a block (list, quote, heading): `-+=>`.
    static var blockStarters: ByteSet { ByteSet(low: 0x6000280000000000, high: 0x0000000000000000) }

    /// A set of ASCII bytes as two 64-bit masks: constants, with no global to initialise and no array to retain.
    struct ByteSet: Equatable, Sendable {
        let low: UInt64, high: UInt64

        @inline(__always) func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low >> byte & 1 != 0 : byte < 128 ? high >> (byte - 64) & 1 != 0 : false
        }
    }

    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // The bytes between two that need escaping are copied in one append.
        let leadingDigits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        var plain = 0, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if let length = lineBreakOrControlLength(bytes, at: i) {
                // A line break or control character would change the document's structure.
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
                out += [0xEF, 0xBF, 0xBD]  // U+FFFD
                i += length
                plain = i
                continue
            }
            if inlineSyntax.contains(byte) || (i == 0 && blockStarters.contains(byte))
                || (i == leadingDigits && i > 0 && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")))
            {
                switch byte {
                case UInt8(ascii: "&") where !mayStartEntity(bytes, at: i):
                    break  // shown as it is by every reader, which a backslash before it is not (Python-Markdown)
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: "~"), UInt8(ascii: "|"), UInt8(ascii: "="):
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
                    appendEntity(byte, to: &out)
                    plain = i + 1
                default:
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
                    out.append(UInt8(ascii: "\\"))
                    plain = i
                }
            }
            i += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
    }

    /// Bytes that may need escaping: controls, the lead bytes of C1 controls and of U+2028 and U+2029 (other
    /// letters of any script pass as they are), syntax, and digits' `.` `)`.
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || inlineSyntax.contains(byte) || blockStarters.contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")
    }

    /// Appends the entity a character is written as where not every reader takes a backslash before it as an escape.
    private static func appendEntity(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out += "&amp;".utf8
        case UInt8(ascii: "<"): out += "&lt;".utf8
        case UInt8(ascii: "~"): out += "&#126;".utf8
        case UInt8(ascii: "|"): out += "&#124;".utf8
        default: out += "&#61;".utf8
        }
    }

    /// Whether the `&` at `i` could start an entity reference in CommonMark or Python-Markdown: `&` followed by `#`,
    /// or by letters and digits up to a `;` or the end of the text (where the template's text goes on).
    private static func mayStartEntity(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        var j = i + 1
        if j < bytes.count, bytes[j] == UInt8(ascii: "#") { return true }
        while j < bytes.count, isASCIIAlphanumeric(bytes[j]) { j += 1 }
        return j == bytes.count || (j > i + 1 && bytes[j] == UInt8(ascii: ";"))
    }

    @inline(__always) private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
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
