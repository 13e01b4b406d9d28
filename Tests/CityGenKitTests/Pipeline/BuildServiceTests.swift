import Foundation
import XCTest

@testable import CityGenKit

/// The whole pipeline on small fixtures, through the library.
final class BuildServiceTests: SiteTestCase {
    func testListPagesInOrderWithLinksIdsAndNavigation() async throws {
        let report = try await build(Fixtures.json(Fixtures.challenge))
        XCTAssertEqual(report.cityCount, 5)
        XCTAssertEqual(report.listPages, 3)
        let all = try snapshot().keys.sorted()
        // The map to explore's tiles and points, counted here: their names are `MapTileTests`' business.
        let mapFiles = ["map/tiles/", "map/dots/", "search/points/"].map { folder in all.filter { $0.hasPrefix(folder) }.count }
        XCTAssertEqual(mapFiles, [MapTileSet.bundled.tiles.count, 9, 1 + MapPoints.idBuckets], "the ground, the 9 tiles that hold the cities at zooms 0–3, one leaf and the id buckets")
        let files = all.filter { !($0.hasPrefix("map/tiles/") || $0.hasPrefix("map/dots/") || $0.hasPrefix("search/points/")) }
        let cities = (1...5).flatMap { ["city/\($0)/\($0).html", "city/\($0)/\($0).md"] }
        XCTAssertEqual(files, ([
            ".citygen-manifest", "404.html", "assets/leaflet/LICENSE", "assets/leaflet/images/layers-2x.png", "assets/leaflet/images/layers.png",
            "assets/leaflet/images/marker-icon.png", "assets/leaflet/leaflet.css", "assets/leaflet/leaflet.js", "assets/map.css", "assets/map.js",
            "assets/search.js", "assets/style.css", "favicon.ico", "favorites.html", "favorites.md", "index.html", "map.html",
            "index.md", "list/1.html", "list/1.md", "list/2.html", "list/2.md", "list/3.html", "list/3.md", "search/favorites.json",
            "search/manifest.js", "search/manifest.json", "search/shards/0.js", "search/shards/0.json", "search/words/0.js",
            "search/words/0.json", "country/index.html",
            "country/index.md", "country/AU/1.html", "country/AU/1.md", "country/US/1.html", "country/US/1.md", "country/US/2.html",
            "country/US/2.md", "map/AU.png", "map/US.png", "map/world.png", "search/maps/AU.js", "search/maps/AU.json", "search/maps/US.js",
            "search/maps/US.json",
        ] + cities).sorted())
        let page2 = try read("list/2.md")
        XCTAssertTrue(page2.contains("- [Anaheim, US](../city/3/3.md) · 33.8000,\u{A0}-117.9000\n- [Arizona, US](../city/4/4.md) · 34.2000,\u{A0}-111.6000\n"), page2)
        XCTAssertTrue(page2.contains("[« First](1.md) · [‹ Previous](1.md) · [1](1.md) · **2** · [3](3.md) · [Next ›](3.md) · [Last »](3.md)"), page2)
        let html = try read("list/2.html")
        XCTAssertTrue(html.contains(#"<li><span class="city" id="cityCell_3"><a href="../city/3/3.html">Anaheim, US</a> · 33.8000,"# + "\u{A0}" + #"-117.9000 "#
            + #"<button class="favToggle" data-city='[3,"Anaheim","US",33.8,-117.9]' hidden>Save</button></span></li>"#), html)
        XCTAssertTrue(html.contains(#"<a href="3.html">Next ›</a>"#))
        XCTAssertTrue(html.contains(#"<link rel="stylesheet" href="../assets/style.css">"#))
        XCTAssertFalse(html.contains(".md"), "HTML pages link to .html only")
        let home = try read("index.md")
        XCTAssertTrue(home.contains("5 cities in 3 pages"), home)
        XCTAssertTrue(home.contains("[A](list/1.md) · B · C · D · E · F · G · H · I · J · K · L · M · N · O · P · Q · R · [S](list/3.md) · T"), home)
        XCTAssertTrue(home.contains("· 9\n"), "no trailing space (pymarkdown MD009), no script without names: \(home)")
        let homeHTML = try read("index.html")
        XCTAssertTrue(homeHTML.contains(#"<li><a href="list/1.html#cityCell_1">A</a></li>"#), homeHTML)
        XCTAssertTrue(homeHTML.contains(#"<li><span class="none" title="No names start with B">B</span></li>"#), homeHTML)
    }

    func testHostileNamesAreShownLiterallyInBothFormats() async throws {
        let hostile = "*x* [y](javascript:alert(1)) <b>z</b>"
        try await build(Fixtures.json([(7, hostile, "<i>", 1, 2), (8, "<script>alert(1)</script>", "US", 1, 2)]), pageSize: 100)
        let html = try read("list/1.html")
        XCTAssertTrue(html.contains(">*x* [y](javascript:alert(1)) &lt;b&gt;z&lt;/b&gt;, &lt;i&gt;</a>"), html)
        XCTAssertTrue(html.contains(">&lt;script&gt;alert(1)&lt;/script&gt;, US</a>"), html)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "only the layout's own script and the page's JSON-LD")
        XCTAssertTrue(html.contains(#"<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage""#), html)
        XCTAssertTrue(html.contains(#"<script src="../assets/search.js" defer></script>"#))
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertFalse(html.contains("href=\"javascript"))
        // The Markdown file, rendered by cmark as any reader would, shows the same literal text.
        let markdown = try read("list/1.md")
        let rendered = CommonMark.html(from: markdown)
        XCTAssertTrue(rendered.contains(">*x* [y](javascript:alert(1)) &lt;b&gt;z&lt;/b&gt;, &lt;i&gt;</a>"), rendered)
    }

    func testTwoBuildsAreByteIdenticalAndARebuildRewritesNothing() async throws {
        let data = Fixtures.json(Fixtures.challenge + [(9, "Ørsta", "NO", 62.2, 6.1), (10, "東京", "JP", 35.7, 139.7)])
        try await build(data, output: "one")
        try await build(data, output: "two")
        let one = try snapshot("one"), two = try snapshot("two")
        XCTAssertEqual(one.keys.sorted(), two.keys.sorted())
        // The site is byte-identical; citygen's bookkeeping (mtimes in the manifest) is not part of it.
        for (path, (bytes, _)) in one where !path.hasPrefix(".citygen") { XCTAssertEqual(bytes, two[path]?.0, path) }

        let again = try await build(data, output: "one")
        XCTAssertEqual(again.files.written, 0)
        XCTAssertEqual(again.files.unchanged, one.count - 1)  // all but the manifest, which is not counted
        let after = try snapshot("one")
        for (path, (_, date)) in one { XCTAssertEqual(after[path]?.1, date, "\(path) was rewritten") }
    }

    func testMalformedInputLeavesThePreviousOutputAsItWas() async throws {
        try await build(Fixtures.json(Fixtures.challenge))
        let before = try snapshot()
        do {
            try await build(Data("[{\"_id\": 1,,}]".utf8))
            XCTFail("expected an error")
        } catch CityGenError.malformedJSON(_, let syntax) {
            XCTAssertEqual(syntax.problem, "unexpected ',': expected a member name in double quotes")
            XCTAssertEqual(syntax.offset, 11)
        }
        let after = try snapshot()
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        for (path, (bytes, date)) in before {
            XCTAssertEqual(after[path]?.0, bytes, path)
            XCTAssertEqual(after[path]?.1, date, path)
        }
    }

    func testStaleOwnFilesAreRemovedAndForeignFilesKept() async throws {
        try await build(Fixtures.json(Fixtures.challenge))
        try "mine".write(to: folder.appendingPathComponent("site/list/notes.txt"), atomically: true, encoding: .utf8)
        let report = try await build(Fixtures.json(Array(Fixtures.challenge.prefix(2))))
        // list/2, list/3, city/3, city/4, city/5, country/AU/1, country/US/2 in both formats, and Australia's map and
        // its window (JSON and script), and the map to explore's dots of Australia at zooms 1 to 3
        XCTAssertEqual(report.files.removed, 20)
        let files = try snapshot().keys.sorted()
        XCTAssertTrue(files.contains("list/notes.txt"))
        XCTAssertFalse(files.contains("list/2.md"))
        XCTAssertTrue(files.contains("list/1.md"))
    }

    /// A library caller that names a host gets the host check too: the site as built, measured against its limits.
    func testAHostBuildMeasuresTheSiteAgainstTheHost() async throws {
        let report = try await build(Fixtures.json(Fixtures.challenge)) { $0.use(try! HostProfile.named("netlify"), keepingFormats: false) }
        let check = try XCTUnwrap(report.hostCheck)
        XCTAssertEqual(check.host.displayName, try HostProfile.named("netlify").displayName)
        XCTAssertEqual(check.inventory.files, report.files.written, "every file the build wrote, and nothing else")
        XCTAssertEqual(check.exceeded, [])
        let plain = try await build(Fixtures.json(Fixtures.challenge), output: "plain")
        XCTAssertNil(plain.hostCheck)
    }

    func testFormatsCanBeLimited() async throws {
        try await build(Fixtures.json(Fixtures.challenge)) { $0.formats = [.markdown] }
        XCTAssertEqual(try snapshot().keys.sorted(), [
            ".citygen-manifest", "city/1/1.md", "city/2/2.md", "city/3/3.md", "city/4/4.md", "city/5/5.md", "country/AU/1.md",
            "country/US/1.md", "country/US/2.md", "country/index.md", "favorites.md", "index.md",
            "list/1.md", "list/2.md", "list/3.md", "map/AU.png", "map/US.png", "map/world.png", "search/favorites.json",
            "search/manifest.js", "search/manifest.json", "search/shards/0.js", "search/shards/0.json", "search/words/0.js",
            "search/words/0.json",
        ])
    }

    func testTemplatesCanBeOverriddenByFileName() async throws {
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "Custom {{heading}}\n{{#cities}}\n* {{label}}\n{{/cities}}\n".write(
            to: templates.appendingPathComponent("list.md.mustache"), atomically: true, encoding: .utf8)
        try await build(Fixtures.json(Fixtures.challenge)) { $0.templates = templates }
        XCTAssertEqual(try read("list/1.md"), "Custom Cities, page 1 of 3\n* Alabama, US\n* Albuquerque, US\n")
        XCTAssertTrue(try read("index.md").hasPrefix("# World Cities"), "other templates keep their defaults")
    }

    func testMissingSourceAndTemplatesFolderAreReported() async throws {
        var options = BuildOptions()
        options.source = .file(folder.appendingPathComponent("nope.json").path)
        options.output = folder.appendingPathComponent("site")
        do {
            _ = try await BuildService(options: options).run()
            XCTFail("expected an error")
        } catch let error as CityGenError {
            XCTAssertEqual(error, .missingInput(what: "source file", path: options.source.description, reason: nil))
            XCTAssertEqual(error.exitStatus, .missingInput)
        }
        do {
            try await build(Fixtures.json(Fixtures.challenge)) { $0.templates = self.folder.appendingPathComponent("none") }
            XCTFail("expected an error")
        } catch let error as CityGenError {
            XCTAssertEqual(error, .missingInput(what: "templates folder", path: folder.appendingPathComponent("none").path, reason: nil))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    func testSkippedRecordsAreReportedAndStrictWritesNothing() async throws {
        let data = Data(#"[{"_id":1,"name":"A","country":"US","coord":{"lat":1,"lon":2}},{"_id":"2"}]"#.utf8)
        let report = try await build(data)
        XCTAssertEqual(report.cityCount, 1)
        XCTAssertEqual(report.skipped.map(\.description), ["record 1: _id is not an integer"])
        do {
            try await build(data, output: "strict") { $0.strict = true }
            XCTFail("expected an error")
        } catch CityGenError.invalidRecord(_, let record) {
            XCTAssertEqual(record, SkippedRecord(index: 1, reason: "_id is not an integer"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict").path))
    }
}
