import CCmark
import Foundation

/// cmark's HTML of a `MarkdownShape`, cut at its markers. The HTML of a page of that shape is these pieces with its
/// values written in, and that is what cmark makes of the page's Markdown wherever each value has the traits its
/// place requires (`required`): each marker is found in cmark's tree once, in a place whose reading no value with
/// those traits can change (docs/design.md, "Render"). A shape where that cannot be shown is not `provable`, and its
/// pages go through cmark.
final class HTMLShape: Sendable {
    /// cmark's output without the markers.
    let html: [UInt8]
    /// In order: `html` up to `htmlEnd`, then value `value`, as HTML-escaped text or as its Markdown.
    let pieces: [Piece]
    /// What each value's place requires of it.
    let required: [ValueTraits]
    let provable: Bool

    struct Piece: Sendable {
        let htmlEnd: Int32
        let value: Int32
        let asText: Bool
    }

    /// How a value's place reads it: as text, as raw HTML, or as a link's destination.
    private enum Place { case text, html, url }

    private init(html: [UInt8] = [], pieces: [Piece] = [], required: [ValueTraits] = [], provable: Bool) {
        (self.html, self.pieces, self.required, self.provable) = (html, pieces, required, provable)
    }

    static let unprovable = HTMLShape(provable: false)

    /// Compiles `markdown`, a shape holding the markers of `values` values, each once and in order.
    static func compile(_ markdown: [UInt8], values: Int) -> HTMLShape {
        markdown.withUnsafeBufferPointer { compile($0, values: values) } ?? unprovable
    }

    private static func compile(_ markdown: UnsafeBufferPointer<UInt8>, values: Int) -> HTMLShape? {
        // A link reference definition could give a value's `[label]` a meaning the marker's has not.
        guard !markdown.indices.dropLast().contains(where: { markdown[$0] == UInt8(ascii: "]") && markdown[$0 + 1] == UInt8(ascii: ":") })
        else { return nil }
        let markers = ShapeMarker.find(in: markdown)
        guard markers.count == values, markers.indices.allSatisfy({ markers[$0].index == $0 }) else { return nil }
        var required = [ValueTraits](repeating: [], count: values)
        for (index, range) in markers {
            guard let needs = positional(markdown, range) else { return nil }
            required[index] = needs
        }
        guard let document = cmark_parse_document(markdown.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, markdown.count, CMARK_OPT_UNSAFE)
        else { return nil }
        defer { cmark_node_free(document) }
        guard let places = self.places(in: document, values: values, required: &required) else { return nil }
        guard let rendered = cmark_render_html(document, CMARK_OPT_UNSAFE) else { return nil }
        defer { free(rendered) }
        let output = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        let found = ShapeMarker.find(in: output)
        guard found.count == values, Set(found.map(\.index)).count == values else { return nil }
        // Kept for the build: room for exactly what they hold.
        var html: [UInt8] = [], pieces: [Piece] = []
        html.reserveCapacity(output.count - found.reduce(0) { $0 + $1.range.count })
        pieces.reserveCapacity(found.count)
        var copied = 0
        for (index, range) in found {
            html += output[copied..<range.lowerBound]
            pieces.append(Piece(htmlEnd: Int32(html.count), value: Int32(index), asText: places[index] == .text))
            copied = range.upperBound
        }
        html += output[copied...]
        return HTMLShape(html: html, pieces: pieces, required: required, provable: true)
    }

    /// What the marker at `range` requires of its value by the bytes around it, whatever cmark makes of it; nil
    /// where no value can stand for it: after a backslash (which would escape the value's first character), after
    /// `]` (a value starting with `(` would make a link), or after `&` and letters (a value could end an entity).
    private static func positional(_ markdown: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ValueTraits? {
        var needs: ValueTraits = []
        let before = range.lowerBound > 0 ? markdown[range.lowerBound - 1] : UInt8(ascii: "\n")
        let after = range.upperBound < markdown.count ? markdown[range.upperBound] : UInt8(ascii: "\n")
        if before == UInt8(ascii: "\\") || before == UInt8(ascii: "]") { return nil }
        var i = range.lowerBound
        while i > 0, isEntityByte(markdown[i - 1]) { i -= 1 }
        if i > 0, markdown[i - 1] == UInt8(ascii: "&") { return nil }
        if before == UInt8(ascii: "*") || before == UInt8(ascii: "_") { needs.insert(.wordStart) }
        if after == UInt8(ascii: "*") || after == UInt8(ascii: "_") { needs.insert(.wordEnd) }
        // At the start of a line, after nothing but what could open a container or a heading (`> `, `- `, `1. `,
        // `#`, indentation), a value could open a block, as the marker does not.
        i = range.lowerBound
        while i > 0, " \t>-+*.)#0123456789".utf8.contains(markdown[i - 1]) { i -= 1 }
        if i == 0 || markdown[i - 1] == UInt8(ascii: "\n") {
            needs.insert(.opensNoBlock)
            // Digits alone, then `.` or `)` or more digits (or a value's, behind a marker), would open a list.
            if ".)Z0123456789".utf8.contains(after) { needs.insert(.notOnlyDigits) }
        }
        return needs
    }

    /// Walks cmark's tree: where each marker is, and what its place requires (added to `required`); nil when a marker
    /// is not found exactly once, or in a place no value can be proven to read the same in.
    private static func places(in document: OpaquePointer, values: Int, required: inout [ValueTraits]) -> [Place]? {
        var places = [Place?](repeating: nil, count: values)
        guard let iterator = cmark_iter_new(document) else { return nil }
        defer { cmark_iter_free(iterator) }
        // Whether the paragraph or heading so far has a `<` or `]` that cmark left as text: a value after it could
        // close the tag or link it opens (`<a title="` … `">`), which the marker does not.
        var openSyntax = false
        func place(_ text: UnsafePointer<CChar>?, _ place: Place, _ needs: (Range<Int>, UnsafeBufferPointer<UInt8>) -> ValueTraits?) -> Bool {
            guard let text else { return true }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
            for (index, range) in ShapeMarker.find(in: bytes) {
                guard index < values, places[index] == nil, let more = needs(range, bytes) else { return false }
                places[index] = place
                required[index].formUnion(more)
            }
            return true
        }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let ok: Bool
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                openSyntax = false
                ok = true
            case CMARK_NODE_TEXT:
                ok = place(cmark_node_get_literal(node), .text) { range, bytes in
                    openSyntax || bytes[..<range.lowerBound].contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "]") } ? nil : .text
                }
                if let literal = cmark_node_get_literal(node), strchr(literal, 0x3C) != nil || strchr(literal, 0x5D) != nil { openSyntax = true }
            case CMARK_NODE_HTML_INLINE:
                ok = place(cmark_node_get_literal(node), .html) { range, bytes in attributeValue(in: bytes, at: range) }
            case CMARK_NODE_HTML_BLOCK:
                let topLevel = cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT
                ok = place(cmark_node_get_literal(node), .html) { _, bytes in topLevel && endsAtBlankLine(bytes) ? .inHTMLBlock : nil }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                ok = place(cmark_node_get_url(node), .url) { _, _ in .url } && place(cmark_node_get_title(node), .text) { _, _ in nil }
            case CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                ok = place(cmark_node_get_literal(node), .text) { _, _ in nil } && place(cmark_node_get_fence_info(node), .text) { _, _ in nil }
            default:
                ok = true
            }
            guard ok else { return nil }
        }
        return places.allSatisfy { $0 != nil } ? places.map { $0! } : nil
    }

    /// What an HTML tag requires of a value whose marker is at `range` inside one of its attribute values: no
    /// character that ends that kind of value; nil anywhere else (a tag's or attribute's name, a comment).
    private static func attributeValue(in tag: UnsafeBufferPointer<UInt8>, at range: Range<Int>) -> ValueTraits? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func isNameByte(_ byte: UInt8) -> Bool { isEntityByte(byte) || "_.:-".utf8.contains(byte) }
        guard tag.count > 1, tag[0] == UInt8(ascii: "<"), isEntityByte(tag[1]), tag[1] != UInt8(ascii: "#") else { return nil }
        var i = 1
        while i < tag.count, isNameByte(tag[i]) { i += 1 }
        while i < tag.count, range.lowerBound >= i {
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            let name = i
            while i < tag.count, isNameByte(tag[i]) { i += 1 }
            guard i > name, range.lowerBound >= i else { return nil }
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < tag.count, isSpace(tag[i]) { i += 1 }
            guard i < tag.count else { return nil }
            let quote = tag[i]
            let start = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") ? i + 1 : i
            var end = start
            if start > i {
                while end < tag.count, tag[end] != quote { end += 1 }
            } else {
                while end < tag.count, !isSpace(tag[end]), !"\"'=<>`".utf8.contains(tag[end]) { end += 1 }
            }
            if range.lowerBound >= start, range.upperBound <= end {
                return quote == UInt8(ascii: "\"") ? .doubleQuotable : quote == UInt8(ascii: "'") ? .singleQuotable : .unquotable
            }
            i = start > i ? end + 1 : end
        }
        return nil
    }

    /// Whether an HTML block ends only at a blank line (CommonMark's sixth kind: it starts with one of these tags),
    /// so that nothing inside a line can end it.
    private static func endsAtBlankLine(_ block: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < block.count, block[i] == UInt8(ascii: " ") { i += 1 }
        guard i < block.count, block[i] == UInt8(ascii: "<") else { return false }
        i += 1
        if i < block.count, block[i] == UInt8(ascii: "/") { i += 1 }
        let start = i
        while i < block.count, isEntityByte(block[i]), block[i] != UInt8(ascii: "#") { i += 1 }
        let name = String(decoding: block[start..<i], as: UTF8.self).lowercased()
        guard blockTags.contains(name) else { return false }
        guard i < block.count else { return true }
        return block[i] == UInt8(ascii: " ") || block[i] == UInt8(ascii: "\t") || block[i] == UInt8(ascii: "\n")
            || block[i] == UInt8(ascii: ">") || (block[i] == UInt8(ascii: "/") && i + 1 < block.count && block[i + 1] == UInt8(ascii: ">"))
    }

    /// The tags that start an HTML block of the sixth kind in every CommonMark version cmark has followed.
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
        "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// ASCII letters, digits and `#`: what can stand between `&` and `;` in an entity.
    private static func isEntityByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "#")
    }

    // MARK: Writing a page

    /// Whether every value of `shape` has the traits its place requires.
    func accepts(_ shape: MarkdownShape) -> Bool {
        guard provable, shape.values.count == required.count else { return false }
        for (value, needs) in zip(shape.values, required) where !value.traits.isSuperset(of: needs) { return false }
        return true
    }

    /// Appends the page's HTML: the pieces with `shape`'s values written in.
    func append(_ shape: MarkdownShape, to out: inout [UInt8]) {
        html.withUnsafeBufferPointer { html in
            shape.valueBytes.withUnsafeBufferPointer { markdown in
                shape.shownBytes.withUnsafeBufferPointer { shown in
                    shape.values.withUnsafeBufferPointer { values in
                        var copied = 0
                        for piece in pieces {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<Int(piece.htmlEnd)]))
                            copied = Int(piece.htmlEnd)
                            let index = Int(piece.value), value = values[index]
                            let start = index == 0 ? 0 : Int(values[index - 1].markdownEnd)
                            let own = UnsafeBufferPointer(rebasing: markdown[start..<Int(value.markdownEnd)])
                            if !piece.asText {
                                out.append(contentsOf: own)
                            } else if value.shownStart < 0 {
                                CmarkText.append(own, to: &out)
                            } else {
                                CmarkText.append(UnsafeBufferPointer(rebasing: shown[Int(value.shownStart)..<Int(value.shownEnd)]), to: &out)
                            }
                        }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied...]))
                    }
                }
            }
        }
    }
}

/// Text as cmark's HTML writes it: `"` `&` `<` `>` as entities, nothing else.
enum CmarkText: ByteEscaping {
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
    }

    static func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        HTMLEscaping.appendEntities(bytes, where: needsEscaping, to: &out)
    }
}
