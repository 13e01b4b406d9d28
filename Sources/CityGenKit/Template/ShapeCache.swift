import Foundation

/// The HTML shapes of a template set's pages, compiled as pages first meet them and shared by every thread that
/// renders; and how the pages were made, for `--verbose` and the report.
final class ShapeCache: Sendable {
    /// Shapes beyond this many are not kept: their pages go through cmark, so memory stays bounded whatever the data.
    static let limit = 4096
    /// With `CITYGEN_CHECK_SHAPES` set, every page written from a shape is also rendered by cmark and compared (the
    /// tests' proof that the two are the same bytes).
    static let checking = ProcessInfo.processInfo.environment["CITYGEN_CHECK_SHAPES"].map { !$0.isEmpty && $0 != "0" } ?? false

    private let shapes = Locked([Key: HTMLShape]())
    private let counts = Locked(Counts())

    /// How the pages were made, and with `checking` the Markdown of the first page whose HTML differed from cmark's.
    private struct Counts {
        var pages = BuildReport.HTMLPages()
        var differing: [UInt8]?
    }

    var statistics: BuildReport.HTMLPages { counts.withLock { $0.pages } }
    /// With `checking`: the Markdown of the first page whose HTML from its shape was not cmark's.
    var differing: [UInt8]? { counts.withLock { $0.differing } }

    /// Appends what cmark makes of `program`'s Markdown with `context` in HTML to `out`: from the page's compiled shape with
    /// its values written in where they have the traits their places require, else cmark's rendering of `markdown()`
    /// (the same Markdown: `TemplateSet.markdown`). Returns whether the page came from its shape.
    @discardableResult
    func appendHTML(
        _ program: CompiledTemplate, partials: [String: CompiledTemplate], _ context: TemplateContext, to out: inout [UInt8], markdown: () -> [UInt8]
    ) -> Bool {
        var shape = MarkdownShape()
        program.renderShape(context, in: .html, partials: partials, into: &shape)
        TemplateSet.endWithOneNewline(&shape.markdown)
        guard let html = html(for: shape), html.accepts(shape) else {
            count(fromShape: false)
            CommonMark.appendHTML(from: markdown(), to: &out)
            return false
        }
        let start = out.count
        html.append(shape, to: &out)
        count(fromShape: true)
        if Self.checking {
            let page = markdown()
            check(out[start...], against: CommonMark.html(from: page), markdown: page)
        }
        return true
    }

    /// The compiled shape of `shape`: found, or compiled now; nil past `limit`.
    func html(for shape: MarkdownShape) -> HTMLShape? {
        let key = Key(shape.markdown)
        let (found, count) = shapes.withLock { ($0[key], $0.count) }
        if let found { return found }
        guard count < Self.limit else { return nil }
        let compiled = HTMLShape.compile(shape.markdown, values: shape.values.count)
        shapes.withLock { $0[key] = compiled }
        counts.withLock {
            $0.pages.shapes += 1
            if !compiled.provable { $0.pages.unprovable += 1 }
        }
        return compiled
    }

    /// Counts a page: written from a shape or through cmark.
    func count(fromShape: Bool) {
        counts.withLock { if fromShape { $0.pages.fromShapes += 1 } else { $0.pages.throughCmark += 1 } }
    }

    /// Counts a page from a shape checked against cmark: whether `html` is cmark's `expected` (`markdown` names the page).
    private func check(_ html: ArraySlice<UInt8>, against expected: [UInt8], markdown: [UInt8]) {
        counts.withLock {
            $0.pages.checked += 1
            if !html.elementsEqual(expected), $0.differing == nil { $0.differing = markdown }
        }
    }

    /// A shape's SHA-256, which tells shapes apart without the cache keeping their bytes: no data can make two
    /// shapes share one.
    private struct Key: Hashable {
        let a: UInt64, b: UInt64, c: UInt64, d: UInt64

        init(_ bytes: [UInt8]) {
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            bytes.withUnsafeBytes { bytes in
                withUnsafeMutableBytes(of: &words) { SHA256Digest.digest(of: bytes, into: $0) }
            }
            (a, b, c, d) = words
        }

        func hash(into hasher: inout Hasher) { hasher.combine(a) }
    }
}
