import Foundation
import Mustache

/// The page templates: Markdown templates for every page and an HTML layout that wraps cmark's output.
///
/// The defaults ship inside citygen (the repository's `Templates/`); a `--templates` folder overrides them
/// file by file. In the Markdown templates `{{value}}` is Markdown-escaped and `{{{value}}}` is inserted as is
/// (citygen passes only numbers, paths and its own Markdown that way).
public struct TemplateSet: Sendable {
    /// Every template file citygen reads, by the name an override must have.
    public static let markdownTemplates = PageTemplate.all.map(\.fileName)
    public static let layoutTemplate = "layout.html.mustache"
    /// Files copied verbatim into the site's `assets/` folder.
    public static let assets = ["style.css", "search.js"]

    let library: MustacheLibrary
    /// The page templates and the layout compiled for the fast path, when every one of them can be; nil means
    /// swift-mustache renders (an override uses what `CompiledTemplate` leaves to it).
    var compiled: (pages: [String: CompiledTemplate], layout: CompiledTemplate)?
    let layout: MustacheTemplate
    let assets: [String: [UInt8]]
    /// Every template and asset read, by name: part of the build's fingerprint.
    let sources: [String: String]

    /// Loads the default templates, replacing each with the same-named file of `overrides` when present.
    public init(overrides: URL? = nil) throws {
        MustacheContentTypes.register(MarkdownContentType(), named: MarkdownContentType.name)
        let defaults = try Self.defaultFolder()
        var sources: [String: String] = [:]
        func source(_ name: String) throws -> String {
            let custom = overrides?.appendingPathComponent(name)
            let url = custom.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
                ?? defaults.appendingPathComponent(name)
            do {
                let text = try String(contentsOf: url, encoding: .utf8)
                sources[name] = text
                return text
            } catch {
                throw CityGenError.missingInput(what: "template", path: url.path, reason: error.localizedDescription)
            }
        }
        func parse(_ name: String, _ text: String) throws -> MustacheTemplate {
            do {
                return try MustacheTemplate(string: text)
            } catch {
                throw CityGenError.invalidTemplate(name: name, reason: "\(error)")
            }
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
            library.register(try parse(name, "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}" + text), named: key)
            compiledPages?[key] = CompiledTemplate(text, escape: MarkdownEscaping.append)
            if compiledPages?[key] == nil { compiledPages = nil }
        }
        self.library = library
        let layoutSource = try source(Self.layoutTemplate)
        self.layout = try parse(Self.layoutTemplate, layoutSource)
        if let compiledPages, let compiledLayout = CompiledTemplate(layoutSource, escape: HTMLEscaping.append) {
            compiled = (compiledPages, compiledLayout)
        } else {
            compiled = nil
        }
        var assets: [String: [UInt8]] = [:]
        for name in Self.assets { assets[name] = Array(try source(name).utf8) }
        self.assets = assets
        self.sources = sources
    }

    /// The default templates inside citygen's resources.
    public static func defaultFolder() throws -> URL {
        guard let url = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw CityGenError.missingInput(what: "citygen's default templates", path: "Templates", reason: nil)
        }
        return url
    }

    /// Renders the Markdown template `template` with `context`; the text ends with one newline.
    func markdown(_ template: PageTemplate, _ context: TemplateContext) -> [UInt8] {
        let name = template.name
        var text: [UInt8] = []
        if let compiled {
            text.reserveCapacity(4096)
            compiled.pages[name]?.render(context, partials: compiled.pages, into: &text)
        } else {
            text = Array((library.render(context.mustacheValue, withTemplate: name) ?? "").utf8)
        }
        while text.last == UInt8(ascii: "\n") { text.removeLast() }
        text.append(UInt8(ascii: "\n"))
        return text
    }

    /// The layout around `context`'s `body`, an HTML fragment.
    func page(_ context: TemplateContext) -> [UInt8] {
        guard let compiled else { return Array(layout.render(context.mustacheValue, library: library).utf8) }
        var page: [UInt8] = []
        page.reserveCapacity(Int(context.entries.last { $0.key == .body }?.count ?? 0) + 2048)
        compiled.layout.render(context, partials: compiled.pages, into: &page)
        return page
    }
}
