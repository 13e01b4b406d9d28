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

    /// Every byte, in each place the escaper treats differently, comes out as `MarkdownEscaping`'s contract says:
    /// a control character (C0, DEL) becomes U+FFFD; the listed inline syntax ``\`*_[]<>&#~|!`` is escaped
    /// anywhere; a block starter `-+=>` only at the start; `.` and `)` only right after leading digits; every other
    /// byte, non-ASCII ones included, is unchanged. Escaped is a backslash before the character, or the entity of
    /// those whose backslash Python-Markdown does not take (`&` here is last or before `a` and the text's end, so it
    /// could start an entity).
    func testEveryByteIsEscapedAsTheContractSays() {
        let inline = Set("\\`*_[]<>&#~|!".utf8), blockStarters = Set("-+=>".utf8), afterDigits = Set(".)".utf8)
        let entities: [UInt8: String] = [UInt8(ascii: "&"): "&amp;", UInt8(ascii: "<"): "&lt;", UInt8(ascii: "~"): "&#126;",
                                         UInt8(ascii: "|"): "&#124;", UInt8(ascii: "="): "&#61;"]
        let (a, one, two, backslash) = (UInt8(ascii: "a"), UInt8(ascii: "1"), UInt8(ascii: "2"), UInt8(ascii: "\\"))
        for value in 0...255 {
            let byte = UInt8(value)
            func escaped(_ needed: Bool) -> [UInt8] {
                byte < 0x20 || byte == 0x7F ? [0xEF, 0xBF, 0xBD] : !needed ? [byte] : entities[byte].map { Array($0.utf8) } ?? [backslash, byte]
            }
            let shown = String(format: "0x%02X", value)
            XCTAssertEqual(
                MarkdownEscaping.escape([byte, a]), escaped(inline.contains(byte) || blockStarters.contains(byte)) + [a], "\(shown) first")
            XCTAssertEqual(MarkdownEscaping.escape([a, byte, a]), [a] + escaped(inline.contains(byte)) + [a], "\(shown) inside")
            XCTAssertEqual(MarkdownEscaping.escape([a, byte]), [a] + escaped(inline.contains(byte)), "\(shown) last")
            XCTAssertEqual(
                MarkdownEscaping.escape([one, two, byte, a]), [one, two] + escaped(inline.contains(byte) || afterDigits.contains(byte)) + [a],
                "\(shown) after leading digits")
            XCTAssertEqual(MarkdownEscaping.escape([a, one, byte, a]), [a, one] + escaped(inline.contains(byte)) + [a], "\(shown) after a digit inside")
        }
        // The multi-byte controls and line breaks: C1 (U+0080...U+009F), U+2028 and U+2029; their neighbours stay.
        for second in UInt8(0x80)...0xBF {
            XCTAssertEqual(MarkdownEscaping.escape([a, 0xC2, second, a]), [a] + (second <= 0x9F ? [0xEF, 0xBF, 0xBD] : [0xC2, second]) + [a])
        }
        for third in UInt8(0x80)...0xBF {
            let breaks = third == 0xA8 || third == 0xA9
            XCTAssertEqual(MarkdownEscaping.escape([a, 0xE2, 0x80, third, a]), [a] + (breaks ? [0xEF, 0xBF, 0xBD] : [0xE2, 0x80, third]) + [a])
        }
    }

    /// The Markdown each kind of name becomes: what cmark, cmark-gfm, markdown-it and Python-Markdown (MkDocs) all
    /// show as the name (Tests/Browser/test_markdown_readers.py reads the pages with each of them). A backslash only
    /// where Python-Markdown takes it too, an entity where it does not, and `&` bare unless it could start an entity.
    func testEachNameBecomesMarkdownEveryReaderShowsAsIt() {
        let cases = [
            ("Antigua & Barbuda", "Antigua & Barbuda"), ("Trinidad & Tobago", "Trinidad & Tobago"), ("AT&T Park", "AT&T Park"),
            ("AT&T", "AT&amp;T"),  // the template's text after it could end an entity: `&T;`
            ("a&", "a&amp;"), ("&;", "&;"), ("& ;", "& ;"), ("a&b-c;", "a&b-c;"), ("a&é;", "a&é;"),
            ("&amp;", "&amp;amp;"), ("&#38;", "&amp;\\#38;"), ("&#x26;", "&amp;\\#x26;"), ("&copy;", "&amp;copy;"), ("&1x;", "&amp;1x;"),
            ("&copy", "&amp;copy"), ("&copy x", "&copy x"),
            ("<b>z</b>", "&lt;b\\>z&lt;/b\\>"), (Self.hostile, "\\*x\\* \\[y\\](javascript:alert(1)) &lt;b\\>z&lt;/b\\>"),
            ("~~s~~", "&#126;&#126;s&#126;&#126;"), ("a|b", "a&#124;b"), ("`x` _y_ !", "\\`x\\` \\_y\\_ \\!"), ("\\", "\\\\"),
            ("# x #", "\\# x \\#"), ("=", "&#61;"), ("a=b", "a=b"), ("- a", "\\- a"), ("+ a", "\\+ a"), ("> a", "\\> a"),
            ("a-b+c", "a-b+c"), ("1. Mai", "1\\. Mai"), ("2) two", "2\\) two"), ("12.5", "12\\.5"), ("St. Louis 1.5", "St. Louis 1.5"),
        ]
        for (name, markdown) in cases {
            XCTAssertEqual(MarkdownEscaping.escape(name), markdown, name)
            XCTAssertEqual(MarkdownEscaping.escape(Array(name.utf8)), Array(markdown.utf8), name)
        }
    }

    /// The HTML pages do not change with the forms above: cmark renders what the escaper gives exactly as it
    /// rendered a backslash before every escaped character, in each place a name goes (paragraph, heading, link
    /// text, image alt text, list item), for every string of up to three characters of the ones that matter.
    func testCmarkRendersTheEscapesAsItRenderedBackslashes() {
        func backslashed(_ text: String) -> String {
            let inline = Set("\\`*_[]<>&#~|!"), blockStarters = Set("-+=>")
            let digits = text.prefix { $0.isASCII && $0.isNumber }.count
            var out = ""
            for (i, character) in text.enumerated() {
                if inline.contains(character) || (i == 0 && blockStarters.contains(character))
                    || (i == digits && i > 0 && (character == "." || character == ")"))
                {
                    out += "\\"
                }
                out.append(character)
            }
            return out
        }
        let alphabet = ["&", "<", ">", "~", "|", "=", "#", ";", "a", "T", "1", "x", " ", "-", "+", ".", ")", "*", "!", "[", "\\"]
        var texts = alphabet
        for first in alphabet {
            for second in alphabet {
                texts.append(first + second)
                for third in alphabet { texts.append(first + second + third) }
            }
        }
        texts += ["Antigua & Barbuda", "AT&T", "&amp;", "&#38;", "&#x26;", "&copy;", "&copy", Self.hostile, "~~s~~", "a|b", "1. Mai"]
        let places = ["%@\n", "# %@\n", "- [%@](x.html)\n", "![%@ on the map](m.png)\n", "Text\n%@\n", "- a · %@\n"]
        for text in texts where !text.hasSuffix(" ") && !text.hasPrefix(" ") {
            for place in places {
                let old = place.replacingOccurrences(of: "%@", with: backslashed(text))
                let new = place.replacingOccurrences(of: "%@", with: MarkdownEscaping.escape(text))
                XCTAssertEqual(CommonMark.html(from: new), CommonMark.html(from: old), "\(text) in \(place)")
            }
        }
    }

    /// What the escaper gives is text cmark shows literally: every printable ASCII character, in each place the
    /// escaper treats differently, renders as itself (only HTML-escaped), and so does all of them in one name.
    func testEveryEscapedCharacterRendersAsItself() {
        func html(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let printable = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        for character in printable {
            for text in [character + "a", "a" + character + "a", "a" + character, "12" + character + "a", "a1" + character + "a"] {
                let rendered = CommonMark.html(from: MarkdownEscaping.escape(text) + "\n")
                XCTAssertEqual(rendered, "<p>\(html(text.trimmingCharacters(in: .whitespaces)))</p>\n", text)
            }
        }
        let all = "a" + printable.joined() + "a"
        XCTAssertEqual(CommonMark.html(from: MarkdownEscaping.escape(all) + "\n"), "<p>\(html(all))</p>\n")
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
        XCTAssertEqual(Digits.grouped(Int.min), "-9,223,372,036,854,775,808")
        XCTAssertEqual(Digits.grouped(1234, minimumGroupingDigits: 2), "1234")
        XCTAssertEqual(Digits.grouped(-12_345, minimumGroupingDigits: 2), "-12,345")
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
        XCTAssertEqual(pages["Cyrillic"], 3)
        XCTAssertEqual(pages["C"], .some(nil))
        XCTAssertEqual(SitePlan(catalog: Fixtures.catalog([]), pageSize: 100).pageCount, 1)
    }
}
