import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif
import XCTest

@testable import CityGenKit

/// Detail pages, favorites, sitemap and 404 (SPEC §5–§6), built from fixtures through the library.
final class DetailPageTests: SiteTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (707860, "Hurzuf", "UA", 44.549999, 34.283333),
        (1, "Springfield", "US", 39.8, -89.6),
        (2, "Springfield", "US", 42.1, -72.6),
        (3, "Springfield", "AU", -33.9, 151.0),
        (4, "Edge", "", 89.99, 179.99),
    ]

    func testDetailPageHasFactsMapLinksAndNeighbours() async throws {
        try await build(Fixtures.json(Self.cities), pageSize: 2)
        let html = try read("city/860/707860.html")
        XCTAssertTrue(html.contains("<h1>Hurzuf, UA</h1>"), html)
        XCTAssertTrue(html.contains(#"<nav class="trail" aria-label="Breadcrumb"><a href="../../index.html">Home</a><a href="../../country/UA/1.html">Ukraine</a></nav>"#), html)
        XCTAssertTrue(html.contains(#"<span id="coordinates">44.5500,"# + "\u{A0}" + #"34.2833 (44°33′0.0″N, 34°17′0.0″E)</span> · "#
            + #"<a id="osmLink" href="https://www.openstreetmap.org/?mlat=44.549999&amp;mlon=34.283333#map=12/44.549999/34.283333">OpenStreetMap</a>"#), html)
        // The locator: Ukraine's map (one city: the minimum span, padded, centred on it) with the marker at its middle,
        // and the link to the OpenStreetMap viewer, which the script may put in place; no iframe until then (and no
        // link to the map to explore, which the script adds: the map needs it).
        let viewer = "https://www.openstreetmap.org/export/embed.html?bbox=34.203333,44.499999,34.363333,44.599999&layer=mapnik&marker=44.549999,34.283333"
        XCTAssertTrue(html.contains(#"<div id="locatorMap"><img src="../../map/UA.png" alt="Hurzuf, UA on the map of Ukraine" width="342" height="480">"#
            + #"<span id="locatorMarker" style="left:50.00%;top:50.00%"></span></div>"# + "\n"
            + #"<a id="showMap" href=""# + viewer.replacingOccurrences(of: "&", with: "&amp;") + #"">Interactive map (openstreetmap.org)</a>"#), html)
        XCTAssertFalse(html.contains("<iframe"), html)
        // Order: Edge, Hurzuf, Springfield AU, Springfield US ×2 → Hurzuf is 2nd, on page 1.
        XCTAssertTrue(html.contains(#"<a href="../4/4.html">‹ Edge</a> · <a href="../3/3.html">Springfield, AU ›</a>"#), html)
        XCTAssertTrue(html.contains(#"<a href="../../list/1.html#cityCell_707860">Page 1 of the list</a>"#))
        XCTAssertFalse(html.contains("Also named"))

        let markdown = try read("city/860/707860.md")
        XCTAssertTrue(markdown.contains("\n![Hurzuf, UA on the map of Ukraine](../../map/UA.png)\n\n[Interactive map (openstreetmap.org)](\(viewer))\n"), markdown)
        XCTAssertTrue(markdown.contains(" · [OpenStreetMap](https://www.openstreetmap.org/?mlat=44.549999&mlon=34.283333#map=12/44.549999/34.283333)\n"))
        XCTAssertTrue(markdown.contains("[Page 1 of the list](../../list/1.md)\n"))
        XCTAssertFalse(markdown.contains("<"), "no HTML in the Markdown page")
    }

    /// A detail page is a schema.org `WebPage` in its language, its trail a `BreadcrumbList` (each step's `position`,
    /// `name` and `item`, as search engines require them), about its `Place` (`mainEntity`): `inLanguage` belongs to
    /// the page, a creative work, not to the place.
    func testJSONLDIsAWebPageAboutThePlaceWithItsTrail() async throws {
        try await build(Fixtures.json(Self.cities + [(9, "</script><script>alert(1)</script>", "X\"Y", 1, 2)]))
        for (id, name, country) in [(707860, "Hurzuf", "Ukraine"), (9, "</script><script>alert(1)</script>", "X\"Y")] {
            let html = try read("city/\(id % 1000)/\(id).html")
            let start = try XCTUnwrap(html.range(of: #"<script type="application/ld+json">"#)).upperBound
            let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
            XCTAssertEqual(json["@context"] as? String, "https://schema.org")
            XCTAssertEqual(json["@type"] as? String, "WebPage")
            XCTAssertEqual(json["inLanguage"] as? String, "en")
            let place = try XCTUnwrap(json["mainEntity"] as? [String: Any])
            XCTAssertEqual(place["@type"] as? String, "Place")
            XCTAssertEqual(place["name"] as? String, name)
            XCTAssertNil(place["inLanguage"], "a place has no language")
            let geo = try XCTUnwrap(place["geo"] as? [String: Any])
            XCTAssertEqual(geo["@type"] as? String, "GeoCoordinates")
            let trail = try XCTUnwrap(json["breadcrumb"] as? [String: Any])
            XCTAssertEqual(trail["@type"] as? String, "BreadcrumbList")
            let items = try XCTUnwrap(trail["itemListElement"] as? [[String: Any]])
            // The steps above the page from the site's first level (home is the site itself, as search engines show it).
            XCTAssertEqual(items.map { $0["@type"] as? String }, ["ListItem"])
            XCTAssertEqual(items.map { $0["position"] as? Int }, [1])
            XCTAssertEqual(items.map { $0["name"] as? String }, [country])
            let folder = SiteLayout.countryFolder(id == 9 ? "X\"Y" : "UA")
            XCTAssertEqual(items.map { $0["item"] as? String }, ["../../country/\(folder)/1.html"])
        }
        // Only the pages whose script lists cities carry the pattern of a city's URL.
        XCTAssertFalse(try read("city/860/707860.html").contains("data-city-url"))
        XCTAssertTrue(try read("index.html").contains(#"<body data-city-url="city/{id%1000}/{id}.html">"#))
        XCTAssertTrue(try read("favorites.html").contains(#"data-city-url="city/{id%1000}/{id}.html""#))
        let hostile = try read("city/9/9.html")
        XCTAssertEqual(hostile.components(separatedBy: "<script").count, 3, "only the layout's script and the JSON-LD")
        XCTAssertTrue(hostile.contains(#"alt="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;, X&quot;Y on the map of X&quot;Y""#), hostile)
    }

    /// `map: embed` writes the OpenStreetMap iframe at once, beside the locator; `map: none` writes neither iframe nor
    /// link to the viewer, in HTML or Markdown; the link to openstreetmap.org and the locator stay in every mode. A
    /// Kiwix build keeps `#showMap` a plain link: an offline reader would show the viewer as a blank frame.
    func testMapModesEmbedAndNone() async throws {
        try await build(Fixtures.json(Self.cities), output: "embed") { $0.map = .embed }
        let embed = try String(contentsOf: folder.appendingPathComponent("embed/city/860/707860.html"), encoding: .utf8)
        XCTAssertTrue(embed.contains(#"<iframe id="cityMap" class="map" title="Map of Hurzuf, UA" "#
            + #"src="https://www.openstreetmap.org/export/embed.html?bbox=34.203333,44.499999,34.363333,44.599999&amp;layer=mapnik&amp;marker=44.549999,34.283333" loading="lazy"></iframe>"#), embed)
        XCTAssertTrue(embed.contains(#"<div id="locatorMap">"#))
        XCTAssertFalse(embed.contains("showMap"))
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("embed/city/860/707860.md"), encoding: .utf8).contains("[Interactive map (openstreetmap.org)](https://www.openstreetmap.org/export/embed.html?"))
        let edge = try String(contentsOf: folder.appendingPathComponent("embed/city/4/4.html"), encoding: .utf8)
        XCTAssertTrue(edge.contains("bbox=179.91,89.94,180,90&amp;"), "the box is clamped to valid ranges")

        try await build(Fixtures.json(Self.cities), output: "none") { $0.map = .none }
        let none = try String(contentsOf: folder.appendingPathComponent("none/city/860/707860.html"), encoding: .utf8)
        XCTAssertFalse(none.contains("<iframe"))
        XCTAssertFalse(none.contains("showMap"))
        XCTAssertFalse(none.contains("openstreetmap.org/export"))
        XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent("none/city/860/707860.md"), encoding: .utf8).contains("openstreetmap.org/export"))

        try await build(Fixtures.json(Self.cities), output: "kiwix") { $0.use(.kiwix, keepingFormats: false) }
        let kiwix = try String(contentsOf: folder.appendingPathComponent("kiwix/city/860/707860.html"), encoding: .utf8)
        XCTAssertTrue(kiwix.contains(#"<a id="showMap" href="https://www.openstreetmap.org/export/embed.html?bbox="#), kiwix)
        XCTAssertTrue(kiwix.contains("&amp;marker=44.549999,34.283333\" data-offline>"), kiwix)
        XCTAssertTrue(none.contains(#"<div id="locatorMap">"#))
        XCTAssertTrue(none.contains(#"<a id="osmLink" href="https://www.openstreetmap.org/?mlat=44.549999&amp;mlon=34.283333#map=12/44.549999/34.283333">"#))
    }

    func testNamesakesAreToldApart() async throws {
        try await build(Fixtures.json(Self.cities))
        let markdown = try read("city/1/1.md")
        XCTAssertTrue(markdown.contains("""
            ## Also named Springfield

            2 other places share this name:

            - [Springfield, AU](../3/3.md) · Australia · -33.9000,\u{A0}151.0000
            - [Springfield, US](../2/2.md) · United States · 42.1000,\u{A0}-72.6000
            """), markdown)
    }

    func testLargeNamesakeGroupsShowTheNearestAndLinkToTheRest() async throws {
        let many = (1...40).map { (id: $0, name: "Krajan", country: "ID", lat: Double($0) / 10, lon: 110.0) }
        try await build(Fixtures.json(many), pageSize: 10)
        let markdown = try read("city/20/20.md")
        XCTAssertTrue(markdown.contains("39 other places share this name:"))
        let shown = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("- [Krajan, ID") }
        XCTAssertEqual(shown.count, SiteRenderer.namesakeLimit)
        XCTAssertTrue(shown.contains("- [Krajan, ID](../19/19.md) · Indonesia · 1.9000,\u{A0}110.0000"), "a row says its coordinates once")
        XCTAssertTrue(markdown.contains("[…and 19 more, listed together](../../list/1.md)"), markdown)
        XCTAssertTrue(try read("city/20/20.html").contains(#"<a href="../../list/1.html#cityCell_1">…and 19 more, listed together</a>"#))
    }

    func testEmptyCountryAndEdgeCoordinates() async throws {
        try await build(Fixtures.json(Self.cities))
        let html = try read("city/4/4.html")
        XCTAssertTrue(html.contains("<h1>Edge</h1>"))
        XCTAssertTrue(html.contains(#"<a href="../../country/none/1.html">No country</a></nav>"#), html)
        XCTAssertTrue(html.contains(#"<img src="../../map/none.png" alt="Edge on the map of the places without a country" width="#), html)
        XCTAssertFalse(html.contains("containedInPlace"))
    }

    func testFavoritesAreMarkedListedAndExported() async throws {
        try await build(Fixtures.json(Self.cities), pageSize: 2) { $0.favorites = [.name("Hurzuf, UA"), .id(3)] }
        XCTAssertTrue(try read("list/1.md").contains("- [Hurzuf, UA](../city/860/707860.md) ★ · 44.5500,\u{A0}34.2833"))
        XCTAssertTrue(try read("list/1.html").contains(#"<a href="../city/860/707860.html">Hurzuf, UA</a> <span class="favorite" role="img" aria-label="Favorite" title="Favorite">★</span>"#))
        XCTAssertTrue(try read("city/860/707860.md").hasPrefix("# Hurzuf, UA ★\n\n[Home](../../index.md) › [Ukraine](../../country/UA/1.md)\n\n★ One of this site’s favorites.\n"))
        XCTAssertTrue(try read("city/860/707860.html").contains(#"<span class="favorite" role="img" aria-label="Favorite">★</span>"#))
        XCTAssertFalse(try read("city/1/1.md").contains("★"))
        let favorites = try read("favorites.md")
        XCTAssertTrue(favorites.contains("""
            2 favorite cities, chosen in `citygen.yml`.

            - [Hurzuf, UA](city/860/707860.md) ★ · 44.5500,\u{A0}34.2833 · [list page 1](list/1.md)
            - [Springfield, AU](city/3/3.md) ★ · -33.9000,\u{A0}151.0000 · [list page 2](list/2.md)
            """), favorites)
        XCTAssertTrue(try read("favorites.html").contains(#"<a href="list/2.html#cityCell_3">list page 2</a>"#))
        XCTAssertEqual(try read("search/favorites.json"),
            #"{"version":8,"fields":["id","name","country","lat","lon","population","distinction","region","key","other"],"favorites":[[707860,"Hurzuf","UA",44.549999,34.283333],[3,"Springfield","AU",-33.9,151]]}"# + "\n")
        XCTAssertTrue(try read("index.md").contains("[favorites](favorites.md) (2)"))
    }

    func testAThousandFavorites() async throws {
        let cities = (1...3000).map { (id: $0, name: "City \($0)", country: "US", lat: 0.0, lon: 0.0) }
        let report = try await build(Fixtures.json(cities), pageSize: 100) { $0.favorites = (1...1000).map { .id($0 * 3) } }
        XCTAssertEqual(report.favoriteCount, 1000)
        XCTAssertEqual(try read("favorites.md").components(separatedBy: "\n- [City ").count - 1, 1000)
        XCTAssertTrue(try read("city/0/3000.md").contains("★"))
        XCTAssertFalse(try read("city/999/2999.md").contains("★"))
    }

    func testBadFavoriteWritesNothing() async throws {
        do {
            try await build(Fixtures.json(Self.cities)) { $0.favorites = [.name("Springfield, US")] }
            XCTFail("expected an error")
        } catch CityGenError.unresolvedFavorites(let problems) {
            XCTAssertEqual(problems, [
                "favorite \"Springfield, US\" matches 2 cities; use one of their ids: 1 (Springfield, US at 39.8000,\u{A0}-89.6000), 2 (Springfield, US at 42.1000,\u{A0}-72.6000)",
            ])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    func testSitemapOnlyWithBaseURLAndValidXML() async throws {
        try await build(Fixtures.json(Self.cities))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/sitemap.xml").path))
        XCTAssertTrue(try read("404.html").contains(#"<a href="/index.html">Go to the home page</a>"#))

        try await build(Fixtures.json(Self.cities)) { $0.baseURL = URL(string: "https://example.org/c&c/")! }
        let index = try read("sitemap.xml")
        XCTAssertTrue(index.contains("<sitemap><loc>https://example.org/c&amp;c/sitemap-1.xml</loc></sitemap>"), index)
        let urls = try read("sitemap-1.xml")
        for path in ["index.html", "favorites.html", "list/3.html", "city/860/707860.html"] {
            XCTAssertTrue(urls.contains("<url><loc>https://example.org/c&amp;c/\(path)</loc></url>"), path)
        }
        XCTAssertTrue(try read("404.html").contains(#"<a href="https://example.org/c&c/index.html">"#))
        for name in ["sitemap.xml", "sitemap-1.xml"] {
            let parser = XMLParser(data: try XCTUnwrap(read(name).data(using: .utf8)))
            XCTAssertTrue(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }

    func testSitemapSplitsAtTheURLLimit() throws {
        let urls = (1...7).map { "https://x.org/p\($0).html" }
        XCTAssertEqual(Sitemap.fileCount(urls: urls.count, urlsPerFile: 3), 3)
        XCTAssertEqual(Sitemap.file(3, of: urls, urlsPerFile: 3).components(separatedBy: "<url>").count - 1, 1)
        XCTAssertTrue(Sitemap.file(3, of: urls, urlsPerFile: 3).contains("<loc>https://x.org/p7.html</loc>"))
        XCTAssertEqual(Sitemap.index(of: ["a", "b", "c"]).components(separatedBy: "<sitemap>").count - 1, 3)
        XCTAssertEqual(Sitemap.urlsPerFile, 50_000)
    }

    /// A `city.md.mustache` in the templates folder takes over the detail pages, in both formats.
    func testCustomCityTemplateTakesOver() async throws {
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "# {{label}} ({{{id}}}){{#favorite}} is a favorite{{/favorite}}\n\n{{#nearby}}- {{label}}, {{{distance}}} km\n{{/nearby}}\n"
            .write(to: templates.appendingPathComponent("city.md.mustache"), atomically: true, encoding: .utf8)
        try await build(Fixtures.json(Self.cities)) {
            $0.templates = templates
            $0.favorites = [.id(1)]
        }
        let markdown = try read("city/1/1.md")
        XCTAssertTrue(markdown.hasPrefix("# Springfield, US (1) is a favorite\n\n- Springfield, US (42.1000,\u{A0}-72.6000), 1447.9 km\n"), markdown)
        XCTAssertTrue(try read("city/1/1.html").contains("<h1>Springfield, US (1) is a favorite</h1>"))
    }
}
