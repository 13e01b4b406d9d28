import XCTest

@testable import CityGenKit

final class RenderingTests: XCTestCase {
    static let hostile = "*x* [y](javascript:alert(1)) <b>z</b>"

    func testEscapedNameRendersLiterallyThroughCmark() {
        let markdown = "- [\(MarkdownEscaping.escape(Self.hostile))](x.html)\n"
        let html = CommonMark.html(from: markdown)
        XCTAssertEqual(html, "<ul>\n<li><a href=\"x.html\">*x* [y](javascript:alert(1)) &lt;b&gt;z&lt;/b&gt;</a></li>\n</ul>\n")
    }

    func testBlockSyntaxAtTheStartIsEscaped() {
        for name in ["# Heading", "- item", "+ item", "> quote", "1. Mai", "2) two", "=", "`code`", "a  ", "&amp;", "~~s~~", "a|b", "\\"] {
            let html = CommonMark.html(from: MarkdownEscaping.escape(name) + "\n")
            let escapedName = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: ">", with: "&gt;")
            XCTAssertEqual(html, "<p>\(escapedName.trimmingCharacters(in: .whitespaces))</p>\n", name)
        }
    }

    func testTheEscapedByteSetsAreTheListedCharacters() {
        XCTAssertEqual(MarkdownEscaping.inlineSyntax, MarkdownEscaping.ByteSet("\\`*_[]<>&#~|!"))
        XCTAssertEqual(MarkdownEscaping.blockStarters, MarkdownEscaping.ByteSet("-+=>"))
        XCTAssertEqual((0...255).filter { MarkdownEscaping.blockStarters.contains(UInt8($0)) }, [43, 45, 61, 62])
    }

    func testLineBreaksAndControlCharactersCannotChangeStructure() {
        XCTAssertEqual(MarkdownEscaping.escape("a\nb\u{0}c\u{2028}d"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        XCTAssertEqual(MarkdownEscaping.escape("St. Louis 1.5"), "St. Louis 1.5")  // no needless escapes
    }

    func testCoordinatesHaveFixedPrecision() {
        XCTAssertEqual(Coordinate.format(34.283333000000001), "34.283333")
        XCTAssertEqual(Coordinate.format(-56.402222), "-56.402222")
        XCTAssertEqual(Coordinate.format(10.5), "10.5")
        XCTAssertEqual(Coordinate.format(-0.0000001), "0")
        XCTAssertEqual(Coordinate.format(-0.4), "-0.4")
        XCTAssertEqual(Coordinate.format(180), "180")
        XCTAssertEqual(Coordinate.format(1.0000004), "1")
        XCTAssertEqual(Coordinate.format(1.0000005), "1.000001")
    }

    func testGroupedNumbers() {
        XCTAssertEqual(Digits.grouped(209_579), "209,579")
        XCTAssertEqual(Digits.grouped(999), "999")
        XCTAssertEqual(Digits.grouped(1_000_000), "1,000,000")
        XCTAssertEqual(Digits.grouped(-1_234), "-1,234")
        XCTAssertEqual(Digits.grouped(0), "0")
        XCTAssertEqual([0, 0.04, 0.05, 1447.94, 12_345.66].map(Digits.oneDecimal), ["0.0", "0.0", "0.1", "1447.9", "12345.7"])
    }

    func testPlanPagesAndInitials() {
        let catalog = Fixtures.catalog([
            (1, "Zed", "US", 0, 0), (2, "alpha", "US", 0, 0), (3, "Beta", "US", 0, 0), (4, "9 Mile", "US", 0, 0),
            (5, "Москва", "RU", 0, 0),
        ])
        let plan = SitePlan(catalog: catalog, pageSize: 2)
        XCTAssertEqual(plan.pageCount, 3)
        XCTAssertEqual(plan.cities(onPage: 3), 4..<5)
        let pages = Dictionary(uniqueKeysWithValues: plan.initials.map { ($0.label, $0.page) })
        XCTAssertEqual(pages["9"], 1)
        XCTAssertEqual(pages["A"], 1)
        XCTAssertEqual(pages["B"], 2)
        XCTAssertEqual(pages["Z"], 2)
        XCTAssertEqual(pages["Other scripts"], 3)
        XCTAssertEqual(pages["C"], .some(nil))
        XCTAssertEqual(SitePlan(catalog: Fixtures.catalog([]), pageSize: 100).pageCount, 1)
    }
}
