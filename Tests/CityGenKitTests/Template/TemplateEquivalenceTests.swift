import Foundation
import XCTest

@testable import CityGenKit

/// The compiled fast path (`CompiledTemplate`) renders exactly what swift-mustache renders: every page of a
/// site with hostile names and look-alikes, with the default templates and with overrides that use the rest of
/// the Mustache it supports; and what it does not support falls back to swift-mustache.
final class TemplateEquivalenceTests: SiteTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "*x* [y](javascript:alert(1)) <b>z</b>", "US", 1, 2), (2, "1. Item", "GB", 3, 4), (3, "- dash & 'quote' \"dq\"", "FR", 5, 6),
        (4, "Buenos Aires", "AR", -34.6, -58.4), (5, "Buenos Aires", "AR", -36, -60), (6, "Москва", "RU", 55.75, 37.62),
        (7, "No country", "", 0, 0), (8, "`code` | pipe ~x~ #h", "DE", 50, 8), (9, "Zürich", "CH", 47.37, 8.54),
    ]

    /// Every page of the site, rendered by the fast path and by swift-mustache, must be byte-identical.
    func assertSameSite(templates: TemplateSet, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNotNil(templates.compiled, "the fast path applies", file: file, line: line)
        var slow = templates
        slow.compiled = nil
        let catalog = Fixtures.catalog(Self.cities)
        var kinds = Set<String>()
        for layout in [SiteLayout(baseURL: "https://example.org/"), SiteLayout(cityFolders: .compact)] {
            let settings = Site.Settings(title: "T <&> \"q\"", pageSize: 4, layout: layout)
            let places = try Fixtures.places(
                catalog, [(4, "C", 3_000_000, "PPLC", "America/Argentina/Buenos_Aires"), (5, "B", 10_000, "PPL", "America/Argentina/Buenos_Aires"),
                (9, "ZH", 400_000, "PPLA", "Europe/Zurich"), (1, "<x>", 5, "PPL", "America/New_York")],
                regions: ["AR.C": "Ciudad *de* <Buenos> Aires", "AR.B": "Buenos Aires", "CH.ZH": "Zürich", "US.<x>": "[x](javascript:y)"])
            let site = Site(catalog: catalog, settings: settings, favorites: [0, 3], places: places)
            let fast = SiteRenderer(site: site, templates: templates), reference = SiteRenderer(site: site, templates: slow)
            // Every page of every kind the site has.
            for route in site.routes where route.page != nil {
                kinds.insert(route.page!.kind.name)
                XCTAssertEqual(fast.text(route), reference.text(route), "\(route)", file: file, line: line)
            }
        }
        XCTAssertEqual(kinds, Set(PageKinds.all.map(\.name)), "every kind of page", file: file, line: line)
    }

    func testTheDefaultTemplates() throws {
        try assertSameSite(templates: TemplateSet())
    }

    func testOverridesUsingDottedNamesTheImplicitIteratorAndStandaloneLines() throws {
        let overrides = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try """
            # {{ heading }}
            <p title="{{{html(heading)}}}">{{{ html(siteTitle) }}}</p>
              {{! a comment, standalone and indented }}
            {{#cities}}
            - {{label}} ({{& id }}){{#favorite}} ★{{/favorite}}{{^favorite}} ·{{/favorite}}
              {{#pager}}{{label}}{{/pager}} {{#heading}}{{.}}{{/heading}}
            {{/cities}}
            {{#pagerTop}}{{pagerLabel}}{{/pagerTop}} {{pagerTop.pagerLabel}} {{missing.value}}|{{{missing}}}|
            {{#html}}\r
            html: {{html}} {{ext}}\r
            {{/html}}\r
            {{^cities}}none{{/cities}}
            {{>pager}}
            """.write(to: overrides.appendingPathComponent("list.md.mustache"), atomically: true, encoding: .utf8)
        try assertSameSite(templates: TemplateSet(overrides: overrides))
    }

    func testWhatTheCompilerLeavesAloneFallsBackToSwiftMustache() throws {
        for source in ["{{=<% %>=}}<% x %>", "{{% CONTENT_TYPE: TEXT}}x", "  {{>pager}}\n", "{{a(b)}}", "{{html(b)}}", "{{{html(a(b))}}}", "{{#a}}\n{{/b}}", "{{#a}}", "{{x\n}}"] {
            XCTAssertNil(CompiledTemplate(source, escape: { $1 += $0 }), source)
        }
        let overrides = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "{{=<% %>=}}# <% heading %>\n".write(to: overrides.appendingPathComponent("list.md.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateSet(overrides: overrides)
        XCTAssertNil(templates.compiled)
        XCTAssertEqual(String(decoding: templates.markdown(.list, [.heading: "*H*"], in: .markdown), as: UTF8.self), "# \\*H\\*\n")
    }

    /// `{{{html(x)}}}` escapes for raw HTML, text and attributes alike, in the fast path and in swift-mustache.
    func testHTMLEscapingIsChosenInTheTemplate() throws {
        let compiled = try XCTUnwrap(CompiledTemplate(#"<a title="{{{html(name)}}}">{{{html(name)}}}</a> {{{name}}}"#, escape: { $1 += $0 }))
        var out: [UInt8] = []
        compiled.render([.name: "<b>&\"'"], partials: [:], into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), #"<a title="&lt;b&gt;&amp;&quot;&#39;">&lt;b&gt;&amp;&quot;&#39;</a> <b>&"'"#)
        XCTAssertEqual(MustacheText(text: "<&>").transform("html") as? String, "&lt;&amp;&gt;")
    }
}
