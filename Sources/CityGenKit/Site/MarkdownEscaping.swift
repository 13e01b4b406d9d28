import Mustache

/// Escapes text from the data so that any CommonMark renderer (cmark here, GitHub for the `.md` files)
/// shows it literally: `*x* [y](javascript:alert(1)) <b>z</b>` stays exactly that text.
public enum MarkdownEscaping {
    /// Always escaped: the characters that start inline syntax (emphasis, code, links, HTML, entities),
    /// plus GitHub's strikethrough and table pipes.
    static let inlineSyntax: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "#", "~", "|", "!"]
    /// Escaped only at the start of the text, where they could open a block (list, quote, heading).
    static let blockStarters: Set<Character> = ["-", "+", "=", ">"]

    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var leadingDigits = true
        for (offset, character) in text.enumerated() {
            let isDigit = character.isASCII && character.isNumber
            if character.unicodeScalars.contains(where: isLineBreakOrControl) {
                out.append("\u{FFFD}")  // a line break or control character would change the document's structure
            } else if inlineSyntax.contains(character) || (offset == 0 && blockStarters.contains(character))
                || (leadingDigits && offset > 0 && !isDigit && (character == "." || character == ")"))
            {
                out.append("\\")
                out.append(character)
            } else {
                out.append(character)
            }
            leadingDigits = leadingDigits && isDigit
        }
        return out
    }

    private static func isLineBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}

/// The Mustache content type of citygen's Markdown templates: `{{value}}` is Markdown-escaped.
struct MarkdownContentType: MustacheContentType {
    static let name = "MARKDOWN"

    func escapeText(_ text: String) -> String { MarkdownEscaping.escape(text) }
}
