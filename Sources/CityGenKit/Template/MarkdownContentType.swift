import Mustache

/// The Mustache content type of citygen's Markdown templates: `{{value}}` is Markdown-escaped.
struct MarkdownContentType: MustacheContentType {
    static let name = "MARKDOWN"

    func escapeText(_ text: String) -> String { MarkdownEscaping.escape(text) }
}
