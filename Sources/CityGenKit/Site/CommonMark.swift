import CCmark
import Foundation

/// Markdown to HTML through libcmark.
enum CommonMark {
    /// Renders `markdown` to an HTML fragment. Raw HTML is kept, since only templates carry any: every value
    /// from the data reaches the Markdown escaped (`MarkdownEscaping`).
    static func html(from markdown: String) -> String {
        var markdown = markdown
        return markdown.withUTF8 { buffer in
            guard let rendered = buffer.withMemoryRebound(to: CChar.self, { text in
                cmark_markdown_to_html(text.baseAddress, text.count, CMARK_OPT_UNSAFE)
            }) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
