import XCTest

@testable import CityGenKit

/// `TemplateContext` keeps a page's values flat (entries of integers over one byte buffer): objects and lists
/// inside it, contexts merged into it and rows appended to it must keep their texts and nesting, whichever way they
/// were built. `TemplateEquivalenceTests` cannot see a mistake here, since both renderers read the same storage.
final class TemplateContextTests: XCTestCase {
    /// Renders `source` with `context`, escaping `{{x}}` by wrapping it in `<…>` so that escaped and raw values differ.
    private func render(_ source: String, _ context: TemplateContext) throws -> String {
        let template = try XCTUnwrap(CompiledTemplate(source, escape: { text, out in out += Array("<".utf8) + Array(text) + Array(">".utf8) }))
        var out: [UInt8] = []
        template.render(context, partials: [:], into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func row(_ label: String, _ id: Int) -> TemplateContext {
        [.label: .text(label), .id: .number(id), .favorite: .flag(id.isMultiple(of: 2)), .previous: .object([.label: .text("before \(label)")])]
    }

    func testNestedListsAndObjectsKeepTheirTextsAndNesting() throws {
        let context: TemplateContext = [
            .heading: "Heading", .html: true,
            .cities: .list([row("Zürich", 1), row("Москва", 2), row("", 3)]),
            .firstCity: .object([.label: "First", .nearby: .list([[.label: "near 1"], [.label: "near 2"]])]),
            .count: nil,
        ]
        XCTAssertEqual(
            try render("{{heading}}|{{#cities}}{{{label}}}:{{id}}:{{favorite}}:{{previous.label}};{{/cities}}|{{firstCity.label}}", context),
            "<Heading>|Zürich:1:false:<before Zürich>;Москва:2:true:<before Москва>;:3:false:<before >;|<First>")
        XCTAssertEqual(try render("{{#firstCity}}{{#nearby}}[{{{label}}} in {{{heading}}}]{{/nearby}}{{/firstCity}}", context), "[near 1 in Heading][near 2 in Heading]")
        XCTAssertEqual(try render("{{^count}}no count{{/count}}{{#html}} html{{/html}}", context), "no count html")
        // The values read back as they went in, for swift-mustache.
        guard case .list(let rows)? = context[.cities], rows.count == 3, case .text("Москва")? = rows[1][.label],
            case .object(let previous)? = rows[2][.previous], case .text("before ")? = previous[.label]
        else { return XCTFail("\(context.mustacheValue())") }
        XCTAssertEqual((context.mustacheValue()["cities"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }, [1, 2, 3])
    }

    func testMergingMovesTheOtherContextsTextsAndRows() throws {
        let base: TemplateContext = [.siteTitle: "Site", .cities: .list([row("a", 1)])]
        let page: TemplateContext = [.pageTitle: "Page", .cities: .list([row("b", 2), row("c", 3)]), .siteTitle: "Other"]
        let merged = base.merging(page)
        XCTAssertEqual(try render("{{{siteTitle}}} {{{pageTitle}}} {{#cities}}{{{label}}}{{{previous.label}}},{{/cities}}", merged), "Other Page bbefore b,cbefore c,")
        XCTAssertEqual(try render("{{{siteTitle}}} {{#cities}}{{{label}}},{{/cities}}", base), "Site a,", "the original is unchanged")
    }

    func testALaterValueHidesAnEarlierOne() throws {
        var context: TemplateContext = [.label: "one"]
        context.append(.label, text: "two")
        XCTAssertEqual(try render("{{{label}}}", context), "two")
        XCTAssertEqual(context[.label].map { "\($0)" }, "\(TemplateValue.text("two"))")
    }

    /// The top level is looked up by a table indexed by `TemplateKey.ordinal`: every key must find its own value,
    /// none another's, and a key given twice its last.
    func testEveryKeyAtTheTopFindsItsOwnValue() throws {
        var context = TemplateContext()
        for key in TemplateKey.allCases { context.append(key, text: "old \(key.name)") }
        for key in TemplateKey.allCases.reversed() { context.append(key, text: key.name) }
        for key in TemplateKey.allCases { XCTAssertEqual(try render("{{{\(key.name)}}}", context), key.name) }
        XCTAssertEqual(Set(TemplateKey.allCases.map(\.ordinal)), Set(TemplateKey.allCases.indices))
        XCTAssertEqual(try render("[{{{label}}}]", [.name: "n"]), "[]")
    }

    /// Rows appended one after the other render as the same list of contexts would, and one set of rows can be
    /// emptied and reused.
    func testRowsRenderLikeAListOfContexts() throws {
        var rows = TemplateRows()
        var context = TemplateContext()
        context.append(.heading, text: "H")
        for (n, label) in ["x & y", "", "Zürich"].enumerated() {
            rows.append(.label, text: label)
            rows.append(.number, number: -n)
            rows.appendText(.href) { $0 += "\(n).html".utf8 }
            if n == 1 { rows.append(.favorite, flag: true) }
            rows.endRow()
        }
        context.append(.cities, rows: rows)
        rows.removeAll()
        rows.append(.label, bytes: Array("only".utf8))
        rows.endRow()
        context.append(.firstCity, object: rows)
        rows.removeAll()
        context.append(.pager, rows: rows)
        let literal: TemplateContext = [
            .heading: "H",
            .cities: .list([
                [.label: "x & y", .number: .number(0), .href: "0.html"], [.label: "", .number: .number(-1), .href: "1.html", .favorite: true],
                [.label: "Zürich", .number: .number(-2), .href: "2.html"],
            ]),
            .firstCity: .object([.label: "only"]), .pager: .list([]),
        ]
        let source = "{{heading}}{{#cities}}({{label}} {{{number}}} {{{href}}}{{#favorite}} ★{{/favorite}}{{{heading}}}){{/cities}}{{firstCity.label}}{{^pager}} none{{/pager}}"
        XCTAssertEqual(try render(source, context), "<H>(<x & y> 0 0.htmlH)(<> -1 1.html ★H)(<Zürich> -2 2.htmlH)<only> none")
        XCTAssertEqual(try render(source, context), try render(source, literal))
    }

    /// One context for both formats (a detail page's): each format's template sees the values for all formats and its
    /// own, at the top, in rows, in objects and after merging, in the fast path and through swift-mustache alike.
    func testEachFormatSeesOnlyItsOwnValues() throws {
        var context = TemplateContext()
        context.append(.heading, text: "both")
        context.only(.html) { $0.append(.listHref, text: "1.html") }
        context.only(.markdown) { $0.append(.listHref, text: "1.md") }
        var rows = TemplateRows()
        for n in 1...2 {
            rows.append(.label, text: "c\(n)")
            rows.only(.markdown) { $0.append(.href, text: "\(n).md") }
            rows.only(.html) { $0.append(.href, text: "\(n).html") }
            rows.endRow()
        }
        context.append(.cities, rows: rows)
        rows.removeAll()
        rows.only(.html) { $0.append(.label, text: "html's") }
        rows.endRow()
        context.append(.firstCity, object: rows)
        context.only(.html) { $0.append(.html, flag: true) }
        context.only(.markdown) { $0.append(contentsOf: [.pageTitle: "md only", .html: false]) }
        let source = "{{{heading}}} {{{listHref}}} {{#cities}}{{{label}}}:{{{href}}} {{/cities}}[{{{firstCity.label}}}]{{#html}}H{{/html}}{{{pageTitle}}}"
        let template = try XCTUnwrap(CompiledTemplate(source, escape: { text, out in out.append(contentsOf: text) }))
        func rendered(_ formats: TemplateContext.Formats) -> String {
            var out: [UInt8] = []
            template.render(context, in: formats, partials: [:], into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(rendered(.html), "both 1.html c1:1.html c2:2.html [html's]H")
        XCTAssertEqual(rendered(.markdown), "both 1.md c1:1.md c2:2.md []md only")
        // The same template through swift-mustache.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-formats-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("list.md.mustache"), atomically: true, encoding: .utf8)
        var templates = try TemplateSet(overrides: folder)
        templates.compiled = nil
        for format in PageFormat.allCases {
            XCTAssertEqual(String(decoding: templates.markdown(.list, context, in: format), as: UTF8.self), rendered(.init(format)) + "\n")
        }
        context.append(.heading, text: "later")
        XCTAssertEqual(rendered(.markdown), "later 1.md c1:1.md c2:2.md []md only", "a value for all formats appended after `only`")
    }

    func testNumbersAreWrittenAsStringWritesThem() {
        for number in [0, 7, -1, 10, 99, 100, -1000, 707_860, Int(Int32.max) + 1, Int(Int32.min) - 1, Int.max, Int.min] {
            var out: [UInt8] = [0x2A]
            Digits.append(number, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "*\(number)")
            var context = TemplateContext()
            context.append(.id, number: number)
            guard case .number(number)? = context[.id] else { return XCTFail("\(number)") }
        }
    }

    /// Texts are appended by `+=` of their UTF-8 view (one copy): the bytes must be the string's, whatever its storage
    /// (empty, small and inline, large, non-ASCII, a substring's copy, one made by `Digits.ascii`).
    func testAStringsBytesAreAppendedAsTheyAre() {
        let long = String(repeating: "Llanfairpwllgwyngyll-", count: 5)
        let texts = ["", "Oslo", "São Tomé, ST", long, String(long.dropFirst(3).prefix(40)), "東京 · Tōkyō 🗼", Coordinate.format(-34.613152)]
        var out: [UInt8] = [0x2A]
        var expected: [UInt8] = [0x2A]
        for text in texts {
            out += text.utf8
            expected.append(contentsOf: Array(text.utf8))
            XCTAssertEqual(out, expected, text)
        }
        var context = TemplateContext()
        for (n, text) in texts.enumerated() { context.append(n.isMultiple(of: 2) ? .label : .name, text: text) }
        XCTAssertEqual(context.bytes, expected.dropFirst().map { $0 })
    }
}
