import Foundation
import XCTest

import CityGenTestSupport

@testable import CityGenKit

/// `SiteLayout` is the one source of paths and links: swap in another folder scheme and pages, links, the
/// sitemap, the crash-safety manifest, the browser's URL pattern and the link check all follow.
final class LayoutTests: SiteTestCase {
    /// Links between detail pages take a shortcut; it must give what `relative` gives from the two paths.
    func testDetailToDetailLinksEqualTheRelativePaths() {
        var generator = SeededGenerator(seed: 5)
        for layout in [SiteLayout(), SiteLayout(cityFolders: .flat), SiteLayout(cityFolders: .remainder(7))] {
            for _ in 0..<20_000 {
                let from = Int.random(in: -5000...5000, using: &generator), to = Int.random(in: -5000...5000, using: &generator)
                for format in PageFormat.allCases {
                    let page = Route.city(id: from, format), target = Route.city(id: to, format)
                    XCTAssertEqual(layout.links(from: page).href(to: target), SiteLayout.relative(layout.path(target), from: layout.path(page)))
                }
            }
        }
    }

    /// `Links.appendHref` writes the bytes `href` returns, from every kind of page to every kind of target, in
    /// each folder scheme and with a base URL (the 404 page's links are absolute), with and without a row's anchor.
    func testAppendedLinksEqualTheLinksAsStrings() {
        let layouts = [
            SiteLayout(), SiteLayout(cityFolders: .flat), SiteLayout(cityFolders: .remainder(7)), SiteLayout(cityFolders: .compact),
            SiteLayout(baseURL: "https://x.org/c/"),
        ]
        let catalog = Fixtures.catalog([(707860, "Hurzuf", "UA", 44.5, 34.3), (-3, "Minus", "AR", -34, -58), (5, "Nowhere", "", 0, 0)])
        for layout in layouts {
            let site = Site(catalog: catalog, settings: .init(pageSize: 1, layout: layout))
            // A few pages of every kind the site has, and a file that is no page.
            var routes: [Route] = [.asset("style.css")]
            for kind in PageKinds.all { routes += kind.routes(in: site, formats: site.formats).prefix(4) }
            for page in routes where page.format != nil {
                let links = layout.links(from: page)
                for target in routes {
                    for cell in [nil, 42] {
                        var bytes: [UInt8] = Array("x".utf8)
                        links.appendHref(to: target, cell: cell, to: &bytes)
                        let expected = "x" + links.href(to: target, fragment: cell.map { "cityCell_\($0)" })
                        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, "\(target) from \(page)")
                    }
                }
            }
        }
        // Links are made by bytes; they are the paths' relative form (`relative`, made of strings). Region and
        // country pages with codes that are not plain included.
        let layout = SiteLayout(cityFolders: .remainder(1000))
        let pages: [Route] = [.city(id: 707860, .html), .home(.markdown), .list(page: 3, .html), .country(code: "UA", page: 2, .markdown)]
        var targets = pages + [.country(code: "", page: 1, .html), .country(code: "u/a", page: 1, .html)]
        for (country, code) in [("UA", "11"), ("", "7"), ("U.A", "é/1"), ("UA", "")] {
            targets.append(.region(PlaceRegion(country: country, code: code), page: 4, .html))
        }
        for page in pages + targets {
            for target in targets where target.cityID == nil {
                XCTAssertEqual(layout.href(to: target, from: page), SiteLayout.relative(layout.path(target), from: layout.path(page)), "\(target) from \(page)")
            }
        }
        // A dot in a country code (the data's to choose) stays in its folder: the route holds the two codes apart.
        let dotted = PlaceRegion(country: "U.A", code: "é/1")
        XCTAssertEqual(layout.path(.region(dotted, page: 4, .html)), "region/x552e41/xc3a92f31/4.html")
        XCTAssertEqual(layout.href(to: .region(PlaceRegion(country: "UA", code: "11"), page: 2, .markdown), from: .city(id: 5, .markdown)), "../../region/UA/11/2.md")
    }

    func testRelativeLinksBetweenPaths() {
        XCTAssertEqual(SiteLayout.relative("list/2.html", from: "list/1.html"), "2.html")
        XCTAssertEqual(SiteLayout.relative("list/1.html", from: "index.html"), "list/1.html")
        XCTAssertEqual(SiteLayout.relative("index.html", from: "city/5/15.html"), "../../index.html")
        XCTAssertEqual(SiteLayout.relative("city/6/16.html", from: "city/5/15.html"), "../6/16.html")
        XCTAssertEqual(SiteLayout.relative("list2/x.md", from: "list/1.md"), "../list2/x.md")
        XCTAssertEqual(SiteLayout.relative("search/", from: "index.html"), "search/")
        XCTAssertEqual(SiteLayout.relative("a/b.html", from: "a/b.html"), "b.html")
    }

    func testPathsOfEveryRoute() {
        let flat = SiteLayout(cityFolders: .flat), nested = SiteLayout(cityFolders: .remainder(1000), baseURL: "https://x.org/c/")
        XCTAssertEqual(flat.path(.city(id: 707860, .html)), "city/707860.html")
        XCTAssertEqual(nested.path(.city(id: 707860, .markdown)), "city/860/707860.md")
        XCTAssertEqual(nested.path(.city(id: -3, .html)), "city/997/-3.html", "a negative id still has a folder of its own")
        XCTAssertEqual(nested.path(.indexShard(3, .script)), "search/shards/3.js")
        XCTAssertEqual(nested.indexName(.indexShard(3, .script)), "shards/3")
        XCTAssertEqual(nested.indexName(.indexManifest(.script)), "manifest")
        XCTAssertEqual(nested.href(to: .home(.html), from: .notFound), "https://x.org/c/index.html")
        XCTAssertEqual(flat.href(to: .asset("style.css"), from: .notFound), "/assets/style.css")
        XCTAssertEqual(nested.root(from: .city(id: 1, .html)), "../../")
        XCTAssertEqual(nested.url(.sitemap(2)), "https://x.org/c/sitemap-2.xml")
        XCTAssertEqual(nested.urlTemplates["city"], "city/{id%1000}/{id}.html")
    }

    func testASwappedLayoutMovesPagesLinksSitemapAndCheck() async throws {
        let cities = (10...30).map { (id: $0, name: "City \($0)", country: "US", lat: 1.0, lon: 2.0) }
        try await build(Fixtures.json(cities)) {
            $0.cityFolders = .remainder(7)
            $0.baseURL = URL(string: "https://x.org/")
        }
        let site = folder.appendingPathComponent("site")
        let cityFolder = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("city").path).sorted()
        XCTAssertEqual(cityFolder, (0..<7).map(String.init))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("city/3").path).sorted(),
            ["10.html", "10.md", "17.html", "17.md", "24.html", "24.md"])

        // Links from and to the nested pages.
        XCTAssertTrue(try read("list/1.html").contains(#"<a href="../city/3/10.html">City 10, US</a>"#))
        let detail = try read("city/3/10.html")
        XCTAssertTrue(detail.contains(#"<link rel="stylesheet" href="../../assets/style.css">"#), detail)
        XCTAssertTrue(detail.contains(#"<a href="../4/11.html">City 11, US ›</a>"#), detail)
        XCTAssertTrue(detail.contains(#"<a href="../../list/1.html#cityCell_10">Page 1 of the list</a>"#), detail)
        XCTAssertTrue(try read("city/3/10.md").contains("[City 11, US ›](../4/11.md)"))

        // The sitemap, the browser's URL pattern and the manifest of written files follow.
        XCTAssertTrue(try read("sitemap-1.xml").contains("<loc>https://x.org/city/3/10.html</loc>"))
        XCTAssertTrue(try read("search/manifest.json").contains(#""urls":{"city":"city/{id%7}/{id}.html","maps":"maps/{country}","shard":"shards/{n}","top":"top/{n}","typos":"typos/{n}","word":"words/{n}"}"#))
        XCTAssertTrue(try read(".citygen-manifest").contains("city/3/10.html\t"))

        // And the link check finds every link resolved.
        let check = try LinkChecker(root: site).check()
        XCTAssertGreaterThan(check.links, 100)
        XCTAssertEqual(check.broken, [])

        // Going back to flat folders removes the nested files (they are citygen's own) and writes the flat ones.
        try await build(Fixtures.json(cities)) { $0.cityFolders = .flat }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("city/3/10.html").path))
        XCTAssertTrue(try read("list/1.html").contains(#"<a href="../city/10.html">City 10, US</a>"#))
        XCTAssertEqual(try LinkChecker(root: site).check().broken, [])
    }
}

/// The compact site (`SiteLayout.CityFolders.compact`): no file per city; `city.html?id=N` and data files chosen by
/// the id alone, each city in exactly one.
final class CompactLayoutTests: SiteTestCase {
    func testEveryCityIsInTheDataFileItsIdNamesAndLinksGoToCityHTML() async throws {
        let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = (1...250).map { n in
            let offset = Double(n) / 100
            return (id: n * 7 + 3, name: "Place \(n)", country: "NZ", lat: -40 + offset, lon: 170 + offset)
        }
        try await build(Fixtures.json(cities), pageSize: 20) { $0.use(.cloudflarePages, keepingFormats: false) }
        let site = folder.appendingPathComponent("site")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("city/1").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("city.html").path))
        let files = SiteLayout.compactDataFiles(cities: cities.count)
        XCTAssertEqual(files, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("city").path).sorted(), ["0.js", "1.js", "2.js"])
        var seen: [Int: Int] = [:]
        for n in 0..<files {
            let script = try read("city/\(n).js")
            XCTAssertTrue(script.hasPrefix("citygenCities(\(n),{"), String(script.prefix(40)))
            let json = String(script.dropFirst("citygenCities(\(n),".count).dropLast(3))
            let pages = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String]])
            for (id, page) in pages {
                seen[Int(id)!, default: 0] += 1
                XCTAssertEqual(Int(id)! % files, n)
                XCTAssertTrue(page[1].contains("<div id=\"locatorMap\"><img src=\"map/"), "the locator, linked from city.html: \(id)")
                XCTAssertTrue(page[1].contains("<a id=\"showMap\" href=\"https://www.openstreetmap.org/export/embed.html?"), id)
                XCTAssertTrue(page[1].contains("href=\"list/"), "links from city.html, at the root: \(id)")
            }
        }
        XCTAssertEqual(seen.count, cities.count)
        XCTAssertTrue(seen.values.allSatisfy { $0 == 1 })
        XCTAssertTrue(try read("list/1.html").contains(#"<a href="../city.html?id=10">Place 1, NZ</a>"#))
        XCTAssertTrue(try read("search/manifest.json").contains(#""city":"city.html?id={id}""#))
        XCTAssertTrue(try read("city.html").contains(#"<div id="cityView" data-files="3" data-folder="city/">"#))
    }

    func testACompactSiteIsHTMLOnly() async throws {
        var options = BuildOptions()
        options.cityFolders = .compact
        XCTAssertThrowsError(try options.validate()) { XCTAssertTrue("\($0)".contains("html alone for a compact site"), "\($0)") }
        options.formats = [.html]
        XCTAssertNoThrow(try options.validate())
    }
}
