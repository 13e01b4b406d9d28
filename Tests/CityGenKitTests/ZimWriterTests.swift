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

    func testTitlesComeFromThePageWithTheirReferencesDecoded() {
        let page = Array("<!doctype html><head><title>Z&#252;rich &amp; &lt;Co&gt; &quot;1&quot; &#39;2&#x27;</title>".utf8)
        XCTAssertEqual(ZimWriter.title(ofPage: page), "Zürich & <Co> \"1\" '2'")
        XCTAssertNil(ZimWriter.title(ofPage: Array("<p>no title</p>".utf8)))
        let described = Array("<title>x</title><meta name=\"description\" content=\"A &amp; B\">".utf8)
        XCTAssertEqual(ZimWriter.description(ofPage: described), "A & B")
        XCTAssertEqual(HTMLEscaping.unescape("&unknown; & &#xZZ; &"), "&unknown; & &#xZZ; &", "what is no reference stays")
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
