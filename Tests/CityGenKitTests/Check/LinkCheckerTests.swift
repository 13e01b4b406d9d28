import Foundation
import XCTest

@testable import CityGenKit

final class LinkCheckerTests: SiteTestCase {
    func testBuiltSiteHasNoBrokenLinks() async throws {
        try await build(Fixtures.json(DetailPageTests.cities), pageSize: 2) { $0.favorites = [.id(2)] }
        let result = try LinkChecker(root: folder.appendingPathComponent("site")).check()
        XCTAssertEqual(result.broken, [])
        XCTAssertGreaterThan(result.links, 50)
        XCTAssertEqual(result.pages, 32)  // 5 cities, 3 list pages, home, favorites, 4 countries and their index; 2 formats; 404, map.html
    }

    func testBrokenFilesAndFragmentsAreReported() async throws {
        try await build(Fixtures.json(DetailPageTests.cities), pageSize: 2)
        let site = folder.appendingPathComponent("site")
        try FileManager.default.removeItem(at: site.appendingPathComponent("city/2/2.html"))
        try FileManager.default.removeItem(at: site.appendingPathComponent("city/2/2.md"))
        var list = try String(contentsOf: site.appendingPathComponent("list/1.html"), encoding: .utf8)
        list = list.replacingOccurrences(of: "id=\"cityCell_707860\"", with: "id=\"gone\"")
        try list.write(to: site.appendingPathComponent("list/1.html"), atomically: true, encoding: .utf8)
        let broken = try LinkChecker(root: site).check().broken.map(\.description)
        XCTAssertTrue(broken.contains("city/860/707860.html: ../../list/1.html#cityCell_707860 (no element with id \"cityCell_707860\" in list/1.html)"), "\(broken)")
        XCTAssertTrue(broken.contains("list/3.html: ../city/2/2.html (no such file)"), "\(broken)")
        XCTAssertTrue(broken.contains("list/3.md: ../city/2/2.md (no such file)"), "\(broken)")
    }

    /// A view of the map to explore (`#z/lat/lon`) is no id: it asks for the map, which only `map.html` has.
    func testAMapViewAsksForTheMap() async throws {
        try await build(Fixtures.json(DetailPageTests.cities), pageSize: 2)
        let site = folder.appendingPathComponent("site")
        let country = try String(contentsOf: site.appendingPathComponent("country/UA/1.html"), encoding: .utf8)
        XCTAssertTrue(country.contains(#"href="../../map.html#"#), country)
        try country.replacingOccurrences(of: "../../map.html#", with: "../../index.html#")
            .write(to: site.appendingPathComponent("country/UA/1.html"), atomically: true, encoding: .utf8)
        let broken = try LinkChecker(root: site).check().broken.map(\.description)
        XCTAssertEqual(broken.count, 1, "\(broken)")
        XCTAssertTrue(broken.first?.hasPrefix("country/UA/1.html: ../../index.html#") == true, "\(broken)")
        XCTAssertTrue(broken.first?.hasSuffix(" (no element with id \"exploreMap\" in index.html)") == true, "\(broken)")
        XCTAssertEqual(LinkChecker.anchor(of: "3.5/-34.6/-58.38"), "exploreMap")
        XCTAssertEqual(LinkChecker.anchor(of: "cityCell_1"), "cityCell_1")
        XCTAssertEqual(LinkChecker.anchor(of: "3/x/1"), "3/x/1")
    }

    func testLinkExtraction() {
        let html = Data(#"<a href="a.html?x=1&amp;y=2#top">x</a><img src="../i.png"><a href="https://x.org">"#.utf8)
        XCTAssertEqual(LinkChecker.links(in: html, html: true), ["a.html?x=1&y=2#top", "../i.png", "https://x.org"])
        let markdown = Data(#"[a](b.md) [x\](not)](c.md) [c](../d.md#e)"#.utf8)
        XCTAssertEqual(LinkChecker.links(in: markdown, html: false), ["b.md", "c.md", "../d.md#e"])
        XCTAssertFalse(LinkChecker.isRelative("mailto:x@y.z"))
        XCTAssertFalse(LinkChecker.isRelative("/abs.html"))
        XCTAssertTrue(LinkChecker.isRelative("a/b:c.html"))
        XCTAssertEqual(LinkChecker.resolve("../city/1/1.html", from: "list/2.html"), "city/1/1.html")
        XCTAssertNil(LinkChecker.resolve("../../x.html", from: "list/2.html"))
    }
}
