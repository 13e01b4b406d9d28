import Foundation
import XCTest

@testable import CityGenKit

/// The `.zim` writer through the library: a small site read back by libzim (`SiteInventory`), page titles from
/// `<title>`, the metadata's names, and a failed build that leaves the previous file and none of libzim's.
final class ZimWriterTests: SiteTestCase {
    let cities = [
        (id: 1, name: "Zürich & <Co>", country: "CH", lat: 47.37, lon: 8.54), (id: 2, name: "Aarau", country: "CH", lat: 47.39, lon: 8.04),
        (id: 3, name: "London", country: "GB", lat: 51.5, lon: -0.13),
    ]

    func testASmallSiteIsReadBackWithEveryFileAndItsTitles() async throws {
        let zim = folder.appendingPathComponent("site.zim")
        let report = try await build(Fixtures.json(cities)) {
            $0.archive = zim
            $0.use(.kiwix, keepingFormats: false)
        }
        let inventory = try SiteInventory(archive: zim)
        XCTAssertEqual(inventory.files, report.files.written)
        XCTAssertEqual(inventory.bytes, report.files.bytes)
        let paths = try await folderBuildPaths()
        XCTAssertEqual(inventory.files, paths.count, "the files of a folder build of the same options")
        let htmlPages = paths.filter { $0.hasSuffix(".html") }.count
        XCTAssertEqual(inventory.titles, htmlPages - 1, "every page but 404.html is in the title index")
        XCTAssertEqual(inventory.archiveBytes, try FileManager.default.attributesOfItem(atPath: zim.path)[.size] as? Int)
        XCTAssertEqual(report.hostCheck?.host, .kiwix)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("zim") }, ["site.zim"])
    }

    /// The paths a folder build of the same options writes.
    private func folderBuildPaths() async throws -> [String] {
        try await build(Fixtures.json(cities), output: "folder-site") { $0.use(.kiwix, keepingFormats: false) }
        var paths: [String] = []
        try SiteFolderWalk.files(in: folder.appendingPathComponent("folder-site")) { path, _ in paths.append(path) }
        return paths
    }

    /// What the archive writers are told of each page: its title without the site's name, as the `<title>` shows it
    /// escaped, its description, and the home and not-found pages' roles.
    func testPagesSayTheirTitleDescriptionAndRole() throws {
        let site = Site(catalog: Fixtures.catalog(cities), settings: .init(title: "T & <T>"))
        let files = SiteFiles(site: site, templates: try TemplateSet())
        var roles: [Page.Role: [String]] = [:]
        for route in site.routes where route.format == .html {
            guard let made = files.withVariants(route, at: files.layout.path(route), []).first, let page = made.page else { continue }
            roles[page.role, default: []].append(made.path)
            let html = String(decoding: made.bytes, as: UTF8.self)
            let shown = page.role == .main ? page.title : page.title + " · " + site.title
            XCTAssertTrue(html.contains("<title>\(HTMLEscaping.escape(shown))</title>"), made.path)
            // The .zim indexes every page's description; a detail page's head leaves it to its facts.
            XCTAssertFalse(page.description.isEmpty, made.path)
            XCTAssertEqual(html.contains("<meta name=\"description\" content=\"\(HTMLEscaping.escape(page.description))\">"), route.cityID == nil, made.path)
        }
        XCTAssertEqual(roles[.main], [site.layout.path(.home(.html))])
        XCTAssertEqual(roles[.notFound], [site.layout.path(.notFound)])
        let zurich = files.withVariants(.city(id: 1, .html), at: files.layout.path(.city(id: 1, .html)), []).first!.page!
        XCTAssertEqual(zurich.title, "Zürich & <Co>, CH")
    }

    func testMetadataNamesAndDates() {
        XCTAssertEqual(ZimMetadata.slug("World Cities"), "world-cities")
        XCTAssertEqual(ZimMetadata.slug("  Städte der Welt!  "), "st-dte-der-welt")
        XCTAssertEqual(ZimMetadata.slug("東京"), "cities")
        XCTAssertEqual(ZimMetadata.date(seconds: 1_700_000_000), "2023-11-14")
        XCTAssertEqual(ZimMetadata.date(seconds: 946_684_800), "2000-01-01")
    }

    func testAFailedBuildLeavesThePreviousFileAndNoneOfLibzims() async throws {
        let zim = folder.appendingPathComponent("site.zim")
        try await build(Fixtures.json(cities)) {
            $0.archive = zim
            $0.use(.kiwix, keepingFormats: false)
        }
        let before = try Data(contentsOf: zim)
        do {
            try await build(Fixtures.json(cities + [(id: 9, name: "Bern", country: "CH", lat: 46.9, lon: 7.4)])) {
                $0.archive = zim
                $0.use(.kiwix, keepingFormats: false)
                $0.failingWrite = 5
            }
            XCTFail("expected the injected failure")
        } catch CityGenError.writeFailed(let path, _) {
            XCTAssertEqual(path, zim.path)
        }
        XCTAssertEqual(try Data(contentsOf: zim), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("zim") }, ["site.zim"])
    }
}
