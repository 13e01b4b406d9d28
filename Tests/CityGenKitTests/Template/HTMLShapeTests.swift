import XCTest

@testable import CityGenKit

/// A page written from its compiled shape is byte for byte what cmark makes of its Markdown, and the shapes are
/// used for the values a site has: `ShapeCheck`'s templates with hostile values in every place, and the default
/// templates' pages.
final class HTMLShapeTests: XCTestCase {
    /// Values that read differently from a word wherever cmark could tell: syntax, spaces at the ends, digits that
    /// would open a list, entities, quotes of each kind, other scripts, controls and line breaks, Unicode spaces and
    /// punctuation beside emphasis.
    static let hostile = [
        "Buenos Aires", "*x* [y](javascript:alert(1)) <b>z</b>", " lead", "trail ", "  ", "1", "1999", "2.", "3)", "12 de Octubre",
        "# h", "- item", "+", "> q", "=", "---", "***", "`code`", "a`b", "\\", "a\\", "&amp;", "&", "AT&T", "&#35;", "amp", "#35",
        "a\"b", "c'd", "x=y", "<", "a>b", "(x)", "]", "[", "!", "|", "~~", "_a_", "é", "’Aïn", "«Paris»", "Zürich", "東京", "القاهرة",
        "Москва", "a\u{00A0}", "\u{00A0}b", "a\u{2028}b", "a\nb", "a\r\nb", "\t", "tab\there", "\u{0085}", "e\u{301}", "1.5",
        "https://x.org/a_b", "../city/1/2.html", "a  b", "ZxaxZ", "ZxbxZ", "q]: /u", "·", "-34.6037,\u{00A0}-58.3816",
    ]

    /// Every hostile value in every place of every template (v0…v5 all that value, then beside a word): the shape's
    /// HTML is cmark's.
    func testEveryHostileValueInEveryPlaceIsWhatCmarkMakes() throws {
        for template in ShapeCheck.templates {
            for value in Self.hostile {
                for values in [Array(repeating: value, count: 6), [value, "Lima", value, "../a/b.html", value, "1"]] {
                    let page = try XCTUnwrap(ShapeCheck.render(template, values: values))
                    XCTAssertEqual(
                        String(decoding: page.html, as: UTF8.self), String(decoding: page.cmark, as: UTF8.self),
                        "template \(template.debugDescription), values \(values.debugDescription)")
                }
            }
        }
    }

    /// Ordinary values come from the shape: a test that could pass by always calling cmark would prove nothing.
    /// Templates whose places no value can be proven to read the same in (an entity, a link's title, code, a
    /// reference definition, a `<script>`) go through cmark whatever the values.
    func testOrdinaryValuesAreWrittenFromTheShape() throws {
        let values = ["Buenos Aires", "Lima", "city/3435/3435910.html", "Zürich", "Argentina", "Peru"]
        var fromShapes: [Int] = []
        for (n, template) in ShapeCheck.templates.enumerated() {
            let page = try XCTUnwrap(ShapeCheck.render(template, values: values))
            XCTAssertEqual(page.html, page.cmark, "template \(n)")
            if page.fromShape { fromShapes.append(n) }
        }
        XCTAssertEqual(fromShapes, [0, 1, 2, 3, 9, 10, 11])
        // A value that would open a list at a line's start goes through cmark.
        let list = try XCTUnwrap(ShapeCheck.render(ShapeCheck.templates[1], values: ["a", "b", "c", "d", "1", "f"]))
        XCTAssertFalse(list.fromShape, "`1` before `. ` opens a list, which the marker does not")
        XCTAssertEqual(list.html, list.cmark)
    }

    /// A marker in code, a link title or a `<script>` block cannot be proven: the shape is not provable.
    func testShapesWithMarkersInCodeOrScriptsAreNotProvable() {
        for (markdown, provable) in [
            ("a ZxaxZ b\n", true), ("`ZxaxZ`\n", false), ("[a](b \"ZxaxZ\")\n", false), ("<script>ZxaxZ</script>\n", false),
            ("<div>\nZxaxZ\n</div>\n", true), ("<a title=\"ZxaxZ\">x</a>\n", true), ("<ZxaxZ>\n", false), ("[ZxaxZ]\n\n[a]: /b\n", false),
            ("ZxaxZ ZxaxZ\n", false),
        ] {
            XCTAssertEqual(HTMLShape.compile(Array(markdown.utf8), values: 1).provable, provable, markdown)
        }
    }

    /// What a place requires: a word beside `*`, a safe start at a line's start, quotes in attributes.
    func testPlacesRequireWhatCmarkCouldReadOtherwise() {
        func required(_ markdown: String) -> ValueTraits? {
            let shape = HTMLShape.compile(Array(markdown.utf8), values: 1)
            return shape.provable ? shape.required[0] : nil
        }
        XCTAssertEqual(required("a ZxaxZ b\n"), .text)
        XCTAssertEqual(required("a *ZxaxZ* b\n"), [.text, .wordStart, .wordEnd])
        XCTAssertEqual(required("ZxaxZ b\n"), [.text, .opensNoBlock])
        XCTAssertEqual(required("ZxaxZ. b\n"), [.text, .opensNoBlock, .notOnlyDigits])
        XCTAssertEqual(required("<a title=\"ZxaxZ\">x</a>\n"), .doubleQuotable)
        XCTAssertEqual(required("<a title='ZxaxZ'>x</a>\n"), .singleQuotable)
        XCTAssertEqual(required("<a title=ZxaxZ>x</a>\n"), .unquotable)
        XCTAssertEqual(required("[a](../ZxaxZ.html)\n"), .url)
        XCTAssertEqual(required("<div>\nZxaxZ\n</div>\n"), [.inHTMLBlock, .opensNoBlock])
        XCTAssertEqual(required("<div>\n<p>ZxaxZ</p>\n</div>\n"), .inHTMLBlock)
        XCTAssertNil(required("&ZxaxZ;\n"))
        XCTAssertNil(required("\\ZxaxZ\n"))
    }

    /// The default templates' pages of a small site with hostile names and places, in HTML: the detail pages each
    /// what cmark makes of their Markdown, and most pages of the site written from shapes.
    func testTheDefaultTemplatesPagesAreCmarksAndMostlyFromShapes() throws {
        let catalog = Fixtures.catalog(TemplateEquivalenceTests.cities)
        let places = try Fixtures.places(
            catalog, [(4, "C", 3_000_000, "PPLC", "America/Argentina/Buenos_Aires"), (9, "ZH", 400_000, "PPLA", "Europe/Zurich")],
            regions: ["AR.C": "Ciudad *de* <Buenos> Aires", "CH.ZH": "Zürich"])
        let templates = try TemplateSet()
        let site = Site(catalog: catalog, settings: .init(title: "T", pageSize: 4), favorites: [0, 3], places: places)
        let renderer = SiteRenderer(site: site, templates: templates)
        var pages = 0
        for route in site.routes where route.page != nil && route.format == .html {
            _ = renderer.page(route.page!)
            pages += 1
        }
        let counts = templates.shapes.statistics
        XCTAssertEqual(counts.fromShapes + counts.throughCmark, pages)
        XCTAssertGreaterThan(counts.fromShapes, pages * 3 / 4, "\(counts)")
        for city in 0..<catalog.count {
            let context = renderer.cityContext(renderer.cityTexts(city), [.html])
            var html: [UInt8] = []
            templates.appendHTML(.city, context, to: &html)
            XCTAssertEqual(String(decoding: html, as: UTF8.self), String(decoding: CommonMark.html(from: templates.markdown(.city, context, in: .html)), as: UTF8.self))
        }
    }
}
