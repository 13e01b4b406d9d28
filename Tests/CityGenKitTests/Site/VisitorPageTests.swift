import Foundation
import XCTest

import CityGenTestSupport

@testable import CityGenKit

/// What a visitor and a search engine see: labels that tell look-alike cities apart, one display
/// precision for coordinates, robots.txt, canonical URLs, descriptions and a 404 page that works in any folder.
final class VisitorPageTests: SiteTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Buenos Aires", "AR", -34.613152, -58.377232),
        (2, "Buenos Aires", "AR", -36, -60),
        (3, "Buenos Aires", "CO", 3.015, -76.642799),
        (4, "Twin", "US", 10, 20),
        (5, "Twin", "US", 10.00001, 20.00001),
        (6, "Córdoba", "AR", -31.4, -64.2),
    ]

    func testOnlyRepeatedLabelsGetADistinctionAndCoordinatesThatRepeatFallBackToTheId() {
        let catalog = Fixtures.catalog(Self.cities)
        let labels = catalog.cities.indices.map(catalog.label)
        XCTAssertEqual(labels, [
            "Buenos Aires, AR (-34.6132,\u{A0}-58.3772)", "Buenos Aires, AR (-36.0000,\u{A0}-60.0000)", "Buenos Aires, CO",
            "Córdoba, AR", "Twin, US (id 4)", "Twin, US (id 5)",
        ])
        XCTAssertEqual(Set(labels).count, labels.count, "every label unique")
    }

    func testDisplayPrecisionMatchesJavaScriptToFixed() {
        // Odd multiples of 1/32 are the only exact ties at 4 places: toFixed rounds them away from zero.
        XCTAssertEqual(Coordinate.fixed4(1.03125), "1.0313")
        XCTAssertEqual(Coordinate.fixed4(-1.03125), "-1.0313")
        XCTAssertEqual(Coordinate.fixed4(0.09375), "0.0938")
        XCTAssertEqual(Coordinate.fixed4(-36), "-36.0000")
        XCTAssertEqual(Coordinate.fixed4(43.566669), "43.5667")
        XCTAssertEqual(Coordinate.fixed4(-0.00001), "0.0000", "no negative zero")
        XCTAssertEqual(Coordinate.fixed4(-0.0), "0.0000")
        XCTAssertEqual(Coordinate.display(latitude: 50, longitude: 65), "50.0000,\u{A0}65.0000")
    }

    /// `fixed4` against a reference that reads glibc's exact decimal expansion of the double and rounds half up
    /// by hand (toFixed's rule), on 100,000 seeded random coordinates, values at ties, and the published
    /// 6-decimal values.
    func testFixed4AgreesWithTheExactDecimalExpansion() {
        func reference(_ value: Double) -> String {
            let exact = String(format: "%.40f", abs(value))  // glibc prints the double's exact value
            let point = exact.firstIndex(of: ".")!
            var digits = Array(exact[..<point] + exact[exact.index(after: point)...].prefix(4)).map { Int(String($0))! }
            let rest = exact[exact.index(point, offsetBy: 5)...]
            if rest.first.map({ Int(String($0))! >= 5 }) == true {
                var i = digits.count - 1
                while i >= 0 {
                    digits[i] += 1
                    if digits[i] < 10 { break }
                    digits[i] = 0
                    i -= 1
                }
                if i < 0 { digits.insert(1, at: 0) }
            }
            let text = digits.dropLast(4).map(String.init).joined() + "." + digits.suffix(4).map(String.init).joined()
            return value < 0 && text != "0.0000" ? "-" + text : text
        }
        var generator = SeededGenerator(seed: 14)
        var values: [Double] = [1.03125, -1.03125, 0.00005, 0.00015, 179.99995, -0.00005, 89.99999, 12.34565, 0]
        for _ in 0..<100_000 {
            let value = Double.random(in: -180...180, using: &generator)
            values += [value, Coordinate.published(value), (value * 20_000).rounded() / 20_000]
        }
        for value in values where Coordinate.fixed4(value) != reference(value) {
            return XCTFail("\(value): \(Coordinate.fixed4(value)) != \(reference(value))")
        }
    }

    func testLookAlikesAreToldApartOnRowsNeighboursResultsAndFavoriteToggles() async throws {
        try await build(Fixtures.json(Self.cities), pageSize: 10)
        let list = try read("list/1.md")
        // A row shows the coordinates beside the label, so a label told apart by them does not repeat them; an id does.
        XCTAssertTrue(list.contains("- [Buenos Aires, AR](../city/2/2.md) · -36.0000,\u{A0}-60.0000\n"), list)
        XCTAssertTrue(list.contains("- [Twin, US (id 4)](../city/4/4.md) · 10.0000,\u{A0}20.0000\n"), list)
        XCTAssertTrue(list.contains("- [Buenos Aires, CO](../city/3/3.md) · 3.0150,\u{A0}-76.6428\n"), list)
        let detail = try read("city/2/2.md")
        XCTAssertTrue(detail.hasPrefix("# Buenos Aires, AR\n"), "the heading is the plain label")
        XCTAssertTrue(detail.contains("[‹ Buenos Aires, AR (-34.6132,\u{A0}-58.3772)](../1/1.md) · [Buenos Aires, CO ›](../3/3.md)"), detail)
        XCTAssertTrue(try read("city/1/1.html").contains("<title>Buenos Aires, AR (-34.6132,\u{A0}-58.3772) · World Cities</title>"))
        // The search index and the toggles carry the distinction, so that search.js shows the same labels.
        let shard = try read("search/shards/0.json")
        XCTAssertTrue(shard.contains(#"[1,"Buenos Aires","AR",-34.613152,-58.377232,0,1]"#), shard)
        XCTAssertTrue(shard.contains(#"[3,"Buenos Aires","CO",3.015,-76.642799]"#), shard)
        let entries = try IndexShard(json: Data(shard.utf8), file: "0.json").entries
        XCTAssertEqual(entries.map(\.label).filter { $0.hasPrefix("Twin") }, ["Twin, US (id 4)", "Twin, US (id 5)"])
        XCTAssertTrue(try read("list/1.html").contains(#"data-city='[4,"Twin","US",10,20,0,2]'"#))
    }

    func testWithABaseURLPagesHaveCanonicalURLsDescriptionsAndRobotsNamesTheSitemap() async throws {
        try await build(Fixtures.json(Self.cities)) { $0.baseURL = URL(string: "https://example.org/cities/") }
        XCTAssertEqual(try read("robots.txt"), "User-agent: *\nAllow: /\nSitemap: https://example.org/cities/sitemap.xml\n")
        let detail = try read("city/6/6.html")
        XCTAssertTrue(detail.contains(#"<link rel="canonical" href="https://example.org/cities/city/6/6.html">"#), detail)
        XCTAssertFalse(detail.contains(#"<meta name="description""#), "a detail page's facts say what its description would")
        let start = try XCTUnwrap(detail.range(of: #"<script type="application/ld+json">"#)).upperBound
        let end = try XCTUnwrap(detail.range(of: "</script>", range: start..<detail.endIndex)).lowerBound
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(detail[start..<end].utf8)) as? [String: Any])
        XCTAssertEqual(json["@type"] as? String, "WebPage")
        XCTAssertEqual(json["url"] as? String, "https://example.org/cities/city/6/6.html")
        // With a base URL the trail's items are absolute, as search engines want them.
        let items = try XCTUnwrap((json["breadcrumb"] as? [String: Any])?["itemListElement"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["item"] as? String }, ["https://example.org/cities/country/AR/1.html"])
        XCTAssertEqual(items.map { $0["name"] as? String }, ["Argentina"])
        for page in ["index.html", "list/1.html", "favorites.html", "country/index.html", "country/AR/1.html"] {
            let html = try read(page)
            XCTAssertTrue(html.contains(#"<link rel="canonical" href="https://example.org/cities/\#(page)">"#), page)
            XCTAssertEqual(html.components(separatedBy: #"<meta name="description" content=""#).count, 2, page)
        }
        let notFound = try read("404.html")
        XCTAssertFalse(notFound.contains("canonical"))
        XCTAssertTrue(notFound.contains(#"<a href="https://example.org/cities/index.html">Go to the home page</a>"#))
    }

    func testWithoutABaseURLThe404PageCarriesItsStyleAndFindsTheSiteFolder() async throws {
        try await build(Fixtures.json(Self.cities))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/robots.txt").path))
        let notFound = try read("404.html")
        XCTAssertFalse(notFound.contains("/assets/"), "no link that assumes the site is at the host's root")
        XCTAssertTrue(notFound.contains("<style>\n:root {"), "the style sheet inline")
        XCTAssertTrue(notFound.contains("'search/manifest.json'"), "the script looks for the index")
        XCTAssertFalse(try read("index.html").contains("canonical"))
    }
}
