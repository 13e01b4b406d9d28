import Foundation
import Mustache

/// The page templates: Markdown templates for every page and an HTML layout that wraps cmark's output. The
/// defaults ship inside citygen; a `--templates` folder overrides them file by file; `{{t.KEY}}` is put in when
/// the templates are read (`withWords`).
public struct TemplateSet: Sendable {
    /// Every template file citygen reads, by the name an override must have.
    public static let markdownTemplates = PageTemplate.all.map(\.fileName)
    public static let layoutTemplate = "layout.html.mustache"
    /// Files written into the site's `assets/` folder: `style.css` as it is, `search.js` made of `searchParts`, the map
    /// to explore's `map.js` and `map.css`, and Leaflet with its licence (`scripts/leaflet`), which no template replaces.
    public static let assets = ["style.css", "search.js", "map.js", "map.css"] + leaflet.map { "leaflet/" + $0 }
    static let leaflet = ["leaflet.js", "leaflet.css", "LICENSE"] + ["layers.png", "layers-2x.png", "marker-icon.png"].map { "images/" + $0 }
    /// The parts of the search client, in `search/`, in the order `search.js` holds them inside one function.
    public static let searchParts = [
        "words.js", "fold.js", "favorites.js", "index.js", "query.js", "typos.js", "matches.js", "results.js", "page.js", "header.js",
    ]

    let library: MustacheLibrary
    /// The page templates and the layout compiled for the fast path, when every one of them can be; nil means
    /// swift-mustache renders (an override uses what `CompiledTemplate` leaves to it).
    var compiled: (pages: [String: CompiledTemplate], layout: CompiledTemplate)?
    let layout: MustacheTemplate
    let assets: [String: [UInt8]]
    /// Every template, asset and strings file read, by name: part of the build's fingerprint.
    let sources: [String: String]
    /// The words the templates were read with.
    public let words: Words
    /// The HTML shapes of the pages rendered with these templates (`appendHTML`).
    let shapes = ShapeCache()

    /// Loads the default templates, each replaced by the same-named file of `overrides` when present.
    public init(overrides: URL? = nil, words: Words = SiteLanguage.english.words) throws {
        self.words = words
        MustacheContentTypes.register(MarkdownContentType(), named: MarkdownContentType.name)
        let defaults = try Self.defaultFolder()
        var sources: [String: String] = [:]
        func source(_ name: String) throws -> String {
            let custom = overrides?.appendingPathComponent(name)
            let url = custom.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
                ?? defaults.appendingPathComponent(name)
            let text: String
            do {
                text = try String(contentsOf: url, encoding: .utf8)
                sources[name] = text
            } catch {
                throw CityGenError.missingInput(what: "template", path: url.path, reason: error.localizedDescription)
            }
            return try Self.withWords(text, words, template: name)
        }
        if let overrides, !FileManager.default.fileExists(atPath: overrides.path) {
            throw CityGenError.missingInput(what: "templates folder", path: overrides.path, reason: nil)
        }
        var library = MustacheLibrary()
        var compiledPages: [String: CompiledTemplate]? = [:]
        for name in Self.markdownTemplates {
            // A file's final newline is not part of its output, so a partial can sit inside a line.
            var text = try source(name)
            if text.hasSuffix("\n") { text.removeLast() }
            let key = String(name.prefix { $0 != "." })
            // The pragma on a line of its own, so that a partial on the file's first line stands alone as anywhere else.
            library.register(try Self.parse(name, "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}\n" + text, linesBefore: 1), named: key)
            compiledPages?[key] = CompiledTemplate(text, escape: MarkdownEscaping.append)
            if compiledPages?[key] == nil { compiledPages = nil }
        }
        self.library = library
        let layoutSource = try source(Self.layoutTemplate)
        self.layout = try Self.parse(Self.layoutTemplate, layoutSource)
        if let compiledPages, let compiledLayout = CompiledTemplate(layoutSource, escape: HTMLEscaping.append) {
            compiled = (compiledPages, compiledLayout)
        } else {
            compiled = nil
        }
        var assets: [String: [UInt8]] = [:]
        assets["style.css"] = Array(try source("style.css").utf8)
        assets["map.css"] = Array(try source("map.css").utf8)
        if let whole = overrides?.appendingPathComponent("search.js"), FileManager.default.fileExists(atPath: whole.path) {
            assets["search.js"] = Array(try source("search.js").utf8)
        } else {
            let parts = try Self.searchParts.map { Self.withoutComments(try source("search/\($0)")) }
            assets["search.js"] = Array(("(function () {\n'use strict';\n" + parts.joined() + "})();\n").utf8)
        }
        assets["map.js"] = Array(Self.withoutComments(try source("map.js")).utf8)
        let leaflet = try Self.resource("Leaflet")
        for name in Self.leaflet {
            assets["leaflet/" + name] = Array(try Data(contentsOf: leaflet.appendingPathComponent(name)))
        }
        self.assets = assets
        self.sources = sources.merging(words.sources) { a, _ in a }
    }

    /// `text` parsed; `linesBefore` lines of citygen's own come before the file's, and are not counted in errors.
    private static func parse(_ name: String, _ text: String, linesBefore: Int = 0) throws -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let place = error.context
            throw CityGenError.invalidTemplate(
                name: name, reason: "line \(place.lineNumber - linesBefore), column \(place.columnNumber): \(error.error) in \"\(place.line)\"")
        } catch {
            throw CityGenError.invalidTemplate(name: name, reason: "\(error)")
        }
    }

    /// A part of the search script as it is served: its lines without their indentation, and without comment lines.
    static func withoutComments(_ script: String) -> String {
        script.split(separator: "\n").lazy.map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n") + "\n"
    }

    /// `text` with each `{{t.KEY}}` (or `{{{t.KEY}}}`) replaced by the word `KEY`; a key with no word is an error.
    static func withWords(_ text: String, _ words: Words, template: String) throws -> String {
        guard text.contains("{{t.") || text.contains("{{{t.") else { return text }
        var result = "", rest = text[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let triple = rest[open.upperBound...].hasPrefix("{")
            let nameStart = triple ? rest.index(after: open.upperBound) : open.upperBound
            let closing = triple ? "}}}" : "}}"
            guard rest[nameStart...].hasPrefix("t."), let close = rest[nameStart...].range(of: closing) else {
                result += rest[open.lowerBound..<nameStart]
                rest = rest[nameStart...]
                continue
            }
            let key = rest[rest.index(nameStart, offsetBy: 2)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard words.has(key) else {
                let line = text[..<open.lowerBound].count { $0 == "\n" } + 1
                throw CityGenError.invalidTemplate(name: template, reason: "line \(line): no word \"\(key)\" (the keys are those of `citygen init --strings CODE`)")
            }
            result += words[key]
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The default templates inside citygen's resources.
    public static func defaultFolder() throws -> URL { try resource("Templates") }

    /// A folder of citygen's resources.
    static func resource(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw CityGenError.missingInput(what: "citygen's resources", path: name, reason: nil)
        }
        return url
    }

    /// Renders the Markdown template `template` with the values of `context` that `format` shows (an HTML page's
    /// Markdown is that of its `body`); the text ends with one newline.
    func markdown(_ template: PageTemplate, _ context: TemplateContext, in format: PageFormat) -> [UInt8] {
        let name = template.name
        var text: [UInt8] = []
        if let compiled {
            text.reserveCapacity(4096)
            compiled.pages[name]?.render(context, in: .init(format), partials: compiled.pages, into: &text)
        } else {
            text = Array((library.render(context.mustacheValue(in: .init(format)), withTemplate: name) ?? "").utf8)
        }
        Self.endWithOneNewline(&text)
        return text
    }

    /// Ends a page's Markdown with one newline, as `markdown` does: a template file's own last newlines do not count.
    static func endWithOneNewline(_ text: inout [UInt8]) {
        while text.last == UInt8(ascii: "\n") { text.removeLast() }
        text.append(UInt8(ascii: "\n"))
    }

    /// Appends what cmark makes of the Markdown of `template` with `context` in HTML (an HTML page's `body`) to `out`: the
    /// page's shape compiled once (`HTMLShape`) with the page's values written in, or, where the shape or a value
    /// cannot be shown to give the same bytes, cmark's rendering of the page.
    func appendHTML(_ template: PageTemplate, _ context: TemplateContext, to out: inout [UInt8]) {
        guard let compiled, let program = compiled.pages[template.name] else {
            shapes.count(fromShape: false)
            return CommonMark.appendHTML(from: markdown(template, context, in: .html), to: &out)
        }
        shapes.appendHTML(program, partials: compiled.pages, context, to: &out) { markdown(template, context, in: .html) }
    }

    /// The layout around `context`'s `body`, an HTML fragment.
    func page(_ context: TemplateContext) -> [UInt8] {
        guard let compiled else { return Array(layout.render(context.mustacheValue(in: .html), library: library).utf8) }
        var page: [UInt8] = []
        page.reserveCapacity(Int(context.entries.last { $0.key == .body }?.count ?? 0) + 2048)
        compiled.layout.render(context, in: .html, partials: compiled.pages, into: &page)
        return page
    }
}
