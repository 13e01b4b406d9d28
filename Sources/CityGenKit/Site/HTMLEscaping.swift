/// Escaping for text that citygen itself places in raw HTML (attributes, `<script type="application/ld+json">`),
/// where Markdown escaping does not apply.
public enum HTMLEscaping {
    /// Escapes `& < > " '` for HTML text and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
