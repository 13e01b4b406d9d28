import Foundation
import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// Untrusted data: every case is a skipped record with a reason or a clear fatal error;
/// never a crash, never script in the output.
final class HostileDataTests: SiteTestCase {
    private func skipped(_ records: String) throws -> [String] {
        try CityDecoder.decode(Data(records.utf8), sourceName: "t").skipped.map(\.reason)
    }

    func testSuspiciousTextIsSkippedWithAReason() throws {
        let long = String(repeating: "a", count: 10_240)
        XCTAssertEqual(try skipped("""
            [{"_id":1,"name":"a\\nb","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":2,"name":"a\\u0000b","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":3,"name":"evil\\u202Egnp.exe","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":4,"name":"\\u2067x","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":5,"name":"\(long)","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":6,"name":"x","country":"U\\u0085S","coord":{"lat":1,"lon":2}},
             {"_id":7,"name":"a\\u2028b","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":8,"name":"x","country":"US","coord":{"lat":"NaN","lon":2}},
             {"_id":9,"name":"x","country":"US","coord":{"lat":1e999,"lon":2}},
             {"_id":10,"name":["x"],"country":"US","coord":{"lat":1,"lon":2}},
             {"_id":11,"name":"x","country":"US","coord":[1,2]},
             {"_id":"12","name":"x","country":"US","coord":{"lat":1,"lon":2}},
             {"_id":99999999999999999999,"name":"x","country":"US","coord":{"lat":1,"lon":2}}]
            """), [
            "name contains a control character (U+000A)",
            "name contains a control character (U+0000)",
            "name contains a bidirectional control (U+202E)",
            "name contains a bidirectional control (U+2067)",
            "name is longer than 200 characters (10240)",
            "country contains a control character (U+0085)",
            "name contains a control character (U+2028)",
            "coord.lat is not a number",
            "coord.lat is not a number",
            "name is not a string",
            "coord is not an object",
            "_id is not an integer",
            "_id is not an integer",
        ])
    }

    func testHugeWhitespaceFileIsAClearError() {
        let spaces = Data(repeating: 0x20, count: 20_000_000)
        XCTAssertThrowsError(try CityDecoder.decode(spaces, sourceName: "blank.json")) { error in
            XCTAssertEqual("\(error)", "blank.json: malformed JSON: the input is empty: expected a JSON array at line 1, column 20000001 (byte offset 20000000)")
        }
    }

    /// Every payload is shown as text in both formats; nothing of it becomes markup.
    func testPayloadsStayText() async throws {
        let payloads = [
            "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "\"><svg onload=alert(1)>",
            "</script><script>alert(2)</script>", "*bold* _it_ `code` ~~s~~ | a | b |", "&lt;b&gt;", "# heading", "1. list",
            "> quote", "<!-- comment", "]]><![CDATA[", "{{title}}", "{{{body}}}", "javascript:alert(1)",
            "x' onfocus='alert(1)",  // out of the single-quoted data-city
        ]
        let cities = payloads.enumerated().map { (id: $0.offset + 1, name: $0.element, country: "<b>", lat: 1.0, lon: 2.0) }
        try await build(Fixtures.json(cities), pageSize: 100)
        for page in ["list/1.html", "index.html"] + (1...payloads.count).map({ "city/\($0)/\($0).html" }) {
            try HTMLSafety.assertOnlyTemplateMarkup(try read(page), page)
        }
        for (id, payload) in payloads.enumerated() {
            let html = try read("city/\(id + 1)/\(id + 1).html")
            let escaped = payload.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            XCTAssertTrue(html.contains("<h1>\(escaped), &lt;b&gt;</h1>"), "\(payload): \(html.prefix(900))")
        }
    }

    /// Random mutations of a valid sample, for a bounded number of rounds: no crash, and the output of whatever
    /// decodes holds no markup but the templates'.
    func testMutatedInputNeverCrashesOrInjects() throws {
        let valid = Fixtures.json((1...40).map { (id: $0, name: "City \($0) Ñ", country: "US", lat: Double($0), lon: -Double($0)) })
        let payloads = ["<script>", "\"", "\\u003c", "</", "<a href=javascript:x>", "[", "](", "\\n", "\\u202e", "{{", "&#60;", "\u{0}"]
        var generator = SeededGenerator(seed: 7)
        let templates = try TemplateSet()
        var decodedRounds = 0
        for round in 0..<400 {
            var bytes = [UInt8](valid)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: Array(payloads.randomElement(using: &generator)!.utf8), at: at)
                default:  // a payload inside a name
                    if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")) {
                        bytes.insert(contentsOf: Array(payloads.randomElement(using: &generator)!.utf8), at: quote + 1)
                    }
                }
            }
            guard let decoded = try? CityDecoder.decode(Data(bytes), sourceName: "mutation \(round)") else { continue }
            decodedRounds += 1
            let catalog = CityCatalog(decoded.cities)
            let site = Site(catalog: catalog, settings: .init(title: "T"), favorites: Set(catalog.cities.indices.prefix(2)))
            let renderer = SiteRenderer(site: site, templates: templates)
            try HTMLSafety.assertOnlyTemplateMarkup(renderer.text(.list(page: 1, .html)), "round \(round) list")
            for index in catalog.cities.indices.prefix(3) {
                try HTMLSafety.assertOnlyTemplateMarkup(renderer.text(.city(id: catalog.cities[index].id, .html)), "round \(round) city")
            }
        }
        XCTAssertGreaterThan(decodedRounds, 20, "enough mutations decoded to exercise the renderer")
    }

    func testHTMLEscapingReplacesTheFiveCharactersAndKeepsEverythingElse() {
        let cases = [
            ("", ""), ("plain Zürich 東京", "plain Zürich 東京"), ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"),
            ("&&", "&amp;&amp;"), ("<script>", "&lt;script&gt;"), ("'x'", "&#39;x&#39;"),
            ("https://www.openstreetmap.org/?mlat=1&mlon=2#map=12/1/2", "https://www.openstreetmap.org/?mlat=1&amp;mlon=2#map=12/1/2"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(HTMLEscaping.escape(text), expected)
            XCTAssertEqual(HTMLEscaping.escape(Array(text.utf8)), Array(expected.utf8))
            var page = Array("<p>".utf8)
            HTMLEscaping.append(text, to: &page)
            XCTAssertEqual(String(decoding: page, as: UTF8.self), "<p>" + expected)
        }
    }

    /// A single-quoted attribute keeps `"` (JSON's quotes) and escapes the other four, `'` above all.
    func testSingleQuotedAttributeEscapingKeepsDoubleQuotes() {
        let cases = [
            ("", ""), (#"[1,"Zürich","CH",1,2]"#, #"[1,"Zürich","CH",1,2]"#), ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d\"e&#39;f"),
            ("x' onfocus='alert(1)", "x&#39; onfocus=&#39;alert(1)"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(SingleQuotedAttributeEscaping.escape(text), expected)
            XCTAssertEqual(SingleQuotedAttributeEscaping.escape(Array(text.utf8)), Array(expected.utf8))
        }
    }

    func testJSONTextEscapesWhatCouldEndAScriptAndReadsBackAsTheSameText() throws {
        let cases: [(String, String)] = [
            ("plain", #""plain""#), ("", #""""#), ("Zürich 東京", #""Zürich 東京""#),
            ("a\"b\\c", #""a\"b\\c""#), ("</script><!--&", #""\u003c/script\u003e\u003c!--\u0026""#),
            ("tab\tline\nret\r", #""tab\tline\nret\r""#), ("\u{0}\u{8}\u{1F}\u{7F}", #""\u0000\u0008\u001f\u007f""#),
            ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#), ("\u{2027}\u{202A}", "\"\u{2027}\u{202A}\""),
        ]
        for (text, expected) in cases {
            let quoted = JSONText.quoted(text)
            XCTAssertEqual(quoted, expected, text.debugDescription)
            let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text, text.debugDescription)
            var appended = Array("x".utf8)
            JSONText.appendQuoted(text, to: &appended)
            XCTAssertEqual(appended, Array(("x" + expected).utf8))
        }
    }

    /// A script file of its own is read by no HTML parser: markup stays as it is, JSON's own escapes and the line
    /// separators do not.
    func testJSONTextForAScriptFileKeepsMarkupAndReadsBackAsTheSameText() throws {
        let cases: [(String, String)] = [
            ("</script><!--&", #""</script><!--&""#), ("a\"b\\c", #""a\"b\\c""#), ("tab\tline\n\u{1F}", #""tab\tline\n\u001f""#),
            ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#), ("Zürich 東京", #""Zürich 東京""#),
        ]
        for (text, expected) in cases {
            let quoted = JSONText.quotedForScriptFile(text)
            XCTAssertEqual(quoted, expected, text.debugDescription)
            let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text, text.debugDescription)
        }
    }
}

/// Checks that an HTML page holds only the markup citygen's templates make: known tags with known attributes,
/// no `javascript:` links, and only the scripts the templates add. (Data shown as text is escaped, so every
/// raw `<` in the page starts a tag.)
enum HTMLSafety {
    static let allowedTags: Set<String> = [
        "ol", "button",
        "!doctype", "html", "head", "meta", "title", "link", "script", "body", "header", "main", "footer", "a", "h1", "h2",
        "p", "ul", "li", "span", "nav", "iframe", "strong", "section", "label", "div", "input", "button", "noscript", "code",
        "aside", "img",
    ]
    static let allowedAttributes: Set<String> = [
        "html", "lang", "charset", "name", "content", "rel", "href", "type", "class", "id", "role", "aria-label", "title",
        "src", "loading", "for", "autocomplete", "spellcheck", "placeholder", "aria-controls", "aria-live", "hidden", "data-index", "data-city", "data-city-url", "data-offline", "aria-pressed", "defer",
        "alt", "width", "height", "style",
    ]

    static func assertOnlyTemplateMarkup(_ html: String, _ page: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let tagPattern = try NSRegularExpression(pattern: "<(/?)([!A-Za-z][A-Za-z0-9-]*)([^>]*)>")
        let attributePattern = try NSRegularExpression(pattern: "([^\\s=\"'/]+)(?:\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s>]+))?")
        var scripts = 0
        for tag in tagPattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let name = String(html[Range(tag.range(at: 2), in: html)!]).lowercased()
            XCTAssertTrue(allowedTags.contains(name), "\(page): tag <\(name)>", file: file, line: line)
            if name == "script", tag.range(at: 1).length == 0 { scripts += 1 }
            let attributes = String(html[Range(tag.range(at: 3), in: html)!])
            for attribute in attributePattern.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)) {
                let key = String(attributes[Range(attribute.range(at: 1), in: attributes)!]).lowercased()
                XCTAssertTrue(allowedAttributes.contains(key), "\(page): attribute \(key) in <\(name)>", file: file, line: line)
                if key == "style", let value = Range(attribute.range(at: 2), in: attributes).map({ String(attributes[$0]) }) {
                    // Only the locator marker's position, written by citygen from numbers.
                    XCTAssertNotNil(
                        value.wholeMatch(of: /"left:-?[0-9]+\.[0-9]{2}%;top:-?[0-9]+\.[0-9]{2}%"/),
                        "\(page): style=\(value)", file: file, line: line)
                }
                if key == "href" || key == "src", let value = Range(attribute.range(at: 2), in: attributes).map({ attributes[$0].lowercased() }) {
                    XCTAssertFalse(value.contains("javascript:"), "\(page): \(key)=\(value)", file: file, line: line)
                }
            }
        }
        // The layout's one script (assets/search.js), the JSON-LD of detail pages, the home page's favorites data.
        let expected = 1 + (html.contains("application/ld+json") ? 1 : 0) + (html.contains("id=\"favoritesData\"") ? 1 : 0)
        XCTAssertTrue(html.contains("assets/search.js\" defer></script>"), "\(page): the layout's script", file: file, line: line)
        XCTAssertEqual(scripts, expected, "\(page): script tags", file: file, line: line)
    }
}
