/// The proof that a page written from its compiled shape is what cmark makes of its Markdown, on values and
/// templates chosen to break it: the fuzz target (`citygen-fuzz shapes`) and the unit tests run these.
public enum ShapeCheck {
    /// Markdown templates that put values where cmark reads them in every way a template can: headings, list items,
    /// emphasis beside them, the start of a line, links and images, attributes of each quoting, HTML blocks of
    /// several kinds, code, hard breaks, entities, reference definitions; `v0`…`v5` stand for the values.
    public static let templates = [
        "# {{v0}}\n\n- {{v1}}: {{{v2}}}\n- *{{v0}}*{{v1}}_{{v3}}_\n\n{{v4}} **{{v5}}**{{{v2}}}\n",
        "[{{v0}}]({{{v2}}}) · **{{v1}}**{{{v3}}}\n\n{{{v4}}}. {{v5}}\n\n{{{v3}}}) {{v0}}\n",
        "<div data-x='{{{html(v0)}}}'>\n<span title=\"{{{html(v1)}}}\">{{{v2}}}</span>\n{{{v3}}}\n</div>\n\n<p>{{v4}}</p>\n\n- <span id=\"{{{v5}}}\">{{v0}}</span>\n",
        "{{v0}}\n{{v1}}\n===\n\n> {{{v2}}}\n\n1. {{v3}}\n2) {{{v4}}}\n\n{{{v5}}}\n---\n",
        "<a href={{{v2}}}>{{v0}}</a> _{{v1}}_ `{{v3}}` &{{{v4}}}; &#{{{v5}}}; \\{{v1}}\n",
        "<img src=\"{{{v2}}}\" alt=\"{{{html(v0)}}}\">\n\n![{{v1}}]({{{v3}}} \"{{v4}}\") [x][{{v5}}]\n",
        "{{v0}}  \n{{v1}}\\\n{{{v2}}}\n\n* {{v3}}\n\n    {{v4}}\n\n```{{{v5}}}\n{{v0}}\n```\n",
        "[{{v0}}]\n\n[{{v1}}]: /{{{v2}}}\n\n<{{{v3}}}>\n",
        "<!-- {{v0}} -->\n<script>{{{v1}}}</script>\n\n<{{{v2}}} title=\"{{{v3}}}\">\n\n{{v4}}<{{{v5}}}\n",
        "{{v0}}{{v1}}{{{v2}}}*{{{v3}}}*{{v4}}__{{{v5}}}__\n\n<nav>\n\n{{v0}}\n\n</nav>\n",
        "## {{{v0}}} ##\n\n{{{v1}}}\n\n{{v2}}\n\n| {{v3}} | {{{v4}}} |\n\n[a]({{{v5}}}) [b](<{{{v5}}}>)\n",
        "{{#v0}}- {{v0}}\n{{/v0}}{{^v1}}\n\n{{/v1}}{{v1}} [{{{v2}}}\n\n<li>{{{v3}}}\n{{{v4}}}</li>\n\n  {{{v5}}}\n",
    ]
    static let keys: [TemplateKey] = [.name, .label, .href, .coordinates, .countryName, .heading]

    /// `template` (of `templates`, whose `v0`…`v5` are given by `values`, missing ones empty) rendered through a
    /// shape cache and through cmark: whether the page came from its shape, and both HTML fragments.
    public static func render(_ template: String, values: [String]) -> (fromShape: Bool, html: [UInt8], cmark: [UInt8])? {
        var source = template
        for (n, key) in keys.enumerated() { source = source.replacingOccurrences(of: "v\(n)", with: key.name) }
        guard let program = CompiledTemplate(source, escape: MarkdownEscaping.append) else { return nil }
        var context = TemplateContext()
        for (key, value) in zip(keys, values) where !value.isEmpty { context.append(key, text: value) }
        var markdown: [UInt8] = []
        program.render(context, partials: [:], into: &markdown)
        TemplateSet.endWithOneNewline(&markdown)
        var html: [UInt8] = []
        let cache = ShapeCache()
        // Twice: the first page of a shape compiles it, the second finds it.
        cache.appendHTML(program, partials: [:], context, to: &html) { markdown }
        html.removeAll()
        let fromShape = cache.appendHTML(program, partials: [:], context, to: &html) { markdown }
        return (fromShape, html, CommonMark.html(from: markdown))
    }
}
