import CCmark
import CmarkArena
import Foundation

/// Markdown to HTML through libcmark.
enum CommonMark {
    /// Renders `markdown` (UTF-8) to an HTML fragment. Raw HTML is kept, since only templates carry any: every
    /// value from the data reaches the Markdown escaped (`MarkdownEscaping`).
    static func html(from markdown: [UInt8]) -> [UInt8] {
        var html: [UInt8] = []
        appendHTML(from: markdown, to: &html)
        return html
    }

    /// Appends `html(from: markdown)` to `out`, straight from cmark's buffer (in the thread's arena).
    static func appendHTML(from markdown: [UInt8], to out: inout [UInt8]) {
        var length = 0
        let rendered = markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_arena_markdown_to_html($0.baseAddress, $0.count, CMARK_OPT_UNSAFE, &length) }
        }
        guard let rendered else { return }
        out.append(contentsOf: UnsafeRawBufferPointer(start: rendered, count: length))
    }
}
