import Foundation
import XCTest

@testable import CityGenKit

/// Groupings as data (SPEC §5, §6 `groupings`): country, region and time zone pages come from one plan and one page
/// kind, a fourth grouping defined here alone gets pages the same way, a zone id that is no safe folder name never
/// becomes a path, and `groupings:` chooses which are written.
final class GroupingTests: XCTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Lyon", "FR", 45.76, 4.83), (2, "Marseille", "FR", 43.30, 5.37), (3, "Madrid", "ES", 40.42, -3.70),
        (4, "Córdoba", "AR", -31.42, -64.18), (5, "Villa Carlos Paz", "AR", -31.42, -64.50), (6, "Andorra la Vella", "AD", 42.51, 1.52),
        (7, "Dotville", "FR", 44.0, 4.0), (8, "Slashton", "FR", 44.5, 4.5),
    ]

    static func site(_ settings: Site.Settings = .init(pageSize: 10)) throws -> Site {
        let catalog = Fixtures.catalog(cities)
        let places = try Fixtures.places(
            catalog,
            [(1, "84", 500_000, "PPLA", "Europe/Paris"), (2, "93", 870_000, "PPLA", "Europe/Paris"), (3, "29", 3_200_000, "PPLC", "Europe/Madrid"),
             (4, "05", 1_300_000, "PPLA", "America/Argentina/Cordoba"), (5, "05", 60_000, "PPL", "America/Argentina/Cordoba"),
             (6, "07", 22_000, "PPLC", "Europe/Paris"), (7, "84", 1_000, "PPL", "../x"), (8, "84", 2_000, "PPL", "Etc//Bad")],
            regions: ["FR.84": "Auvergne-Rhône-Alpes", "FR.93": "Provence-Alpes-Côte d'Azur", "ES.29": "Madrid", "AR.05": "Córdoba", "AD.07": "Andorra la Vella"])
        return Site(catalog: catalog, settings: settings, places: places)
    }

    private func page(_ route: Route, _ files: SiteFiles) -> String {
        return String(decoding: files.withVariants(route, at: files.layout.path(route), [])[0].bytes, as: UTF8.self)
    }

    private func paths(_ site: Site) -> [String] { site.routes.map { site.layout.path($0) } }

    func testTimeZonePagesListTheirCitiesLargestPlacesAndCountries() throws {
        let site = try Self.site()
        let files = SiteFiles(site: site, templates: try TemplateSet())
        let zones = try XCTUnwrap(site.grouping(named: "timeZone"))
        XCTAssertEqual(site.groupings.filter(\.written).map(\.grouping.name), ["country", "region", "timeZone"])
        XCTAssertEqual(Set(zones.groups.map(\.id)), ["Europe/Paris", "Europe/Madrid", "America/Argentina/Cordoba"])
        XCTAssertEqual(zones.groups.map { Fold.fold($0.name) }, zones.groups.map { Fold.fold($0.name) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let all = paths(site)
        for path in ["zone/index.html", "zone/index.md", "zone/Europe/Paris/1.html", "zone/Europe/Paris/1.md", "zone/America/Argentina/Cordoba/1.html"] {
            XCTAssertTrue(all.contains(path), path)
        }

        let paris = page(.page(.group(folder: "zone", ["Europe", "Paris"], page: 1, .html)), files)
        let name = SiteLanguage.english.timeZoneName("Europe/Paris")
        XCTAssertNotEqual(name, "Europe/Paris", "CLDR names the zone")
        XCTAssertTrue(paris.contains("<h1>\(HTMLEscaping.escape(name)) (Europe/Paris): cities, page 1 of 1</h1>"), paris)
        // Its cities in the catalog's order, each once: Andorra la Vella, Lyon, Marseille.
        let listed = paris.ranges(of: #/id="cityCell_(\d+)"/#).map { Int(paris[$0].dropFirst(#"id="cityCell_"#.count).dropLast())! }
        XCTAssertEqual(listed, [6, 1, 2])
        XCTAssertTrue(paris.contains(#"<ol id="largestCities" class="largest">"#))
        XCTAssertTrue(paris.contains(#"<ul id="countries" class="regions">"#))
        XCTAssertTrue(paris.contains(#"<a href="../../../country/AD/1.html">Andorra</a> · 1 city"#), paris)
        XCTAssertTrue(paris.contains(#"<a href="../../../country/FR/1.html">France</a> · 2 cities"#), paris)
        XCTAssertFalse(paris.contains("regionMap") || paris.contains("countryMap"), "a zone has no map of its own")

        let index = page(.page(.groupIndex(folder: "zone", .markdown)), files)
        XCTAssertTrue(index.hasPrefix("# Time zones\n"), index)
        XCTAssertTrue(index.contains("(America/Argentina/Cordoba) · 2 cities"), index)
        XCTAssertTrue(index.contains("](America/Argentina/Cordoba/1.md)"), index)

        let lyon = page(.city(id: 1, .html), files)
        XCTAssertTrue(lyon.contains(#"<data id="timeZone" value="Europe/Paris"><a href="../../zone/Europe/Paris/1.html">"#), lyon)
        let lyonMarkdown = page(.city(id: 1, .markdown), files)
        XCTAssertTrue(lyonMarkdown.contains("](../../zone/Europe/Paris/1.md) (Europe/Paris)"), lyonMarkdown)
        XCTAssertTrue(page(.home(.html), files).contains(#"browse <a href="zone/index.html">by time zone</a> (3)"#))
    }

    func testAZoneIdThatIsNoSafeFolderNameIsSkippedAndNeverAPath() throws {
        let site = try Self.site()
        let zones = try XCTUnwrap(site.grouping(named: "timeZone"))
        XCTAssertEqual(zones.unsafeIDs, ["../x", "Etc//Bad"])
        XCTAssertNil(zones.group(ofCityAt: site.indexByID[7]!))
        for path in paths(site) {
            XCTAssertFalse(path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == ".." || $0 == "." }, path)
        }
        let files = SiteFiles(site: site, templates: try TemplateSet())
        let dotville = page(.city(id: 7, .html), files)
        XCTAssertTrue(dotville.contains(#"<data id="timeZone" value="../x">"#), "the detail page still says the zone, unlinked")
        XCTAssertFalse(dotville.contains("zone/"), dotville)
        XCTAssertNil(Grouping.zoneFolders(""))
        XCTAssertNil(Grouping.zoneFolders("America/"))
        XCTAssertNil(Grouping.zoneFolders("Europe/Pa ris"))
        XCTAssertEqual(Grouping.zoneFolders("Etc/GMT+3"), ["Etc", "GMT+3"])
    }

    func testNoGroupingsWritesNeitherCountryNorZonePagesAndCityPagesDoNotLinkThem() throws {
        var settings = Site.Settings(pageSize: 10)
        settings.writtenGroupings = []
        let site = try Self.site(settings)
        let all = paths(site)
        XCTAssertFalse(all.contains { $0.hasPrefix("country/") || $0.hasPrefix("region/") || $0.hasPrefix("zone/") }, "\(all)")
        XCTAssertTrue(all.contains("map/FR.png"), "the locator maps stay")
        let files = SiteFiles(site: site, templates: try TemplateSet())
        for format in PageFormat.allCases {
            let lyon = page(.city(id: 1, format), files)
            XCTAssertFalse(lyon.contains("country/") || lyon.contains("region/") || lyon.contains("zone/"), lyon)
            XCTAssertTrue(lyon.contains("Auvergne-Rhône-Alpes"), "the region is still named")
            let home = page(.home(format), files)
            XCTAssertFalse(home.contains("country/") || home.contains("zone/"), home)
        }
        settings.writtenGroupings = ["region"]
        let regionsOnly = try Self.site(settings)
        let region = page(.region(PlaceRegion(country: "FR", code: "84"), page: 1, .markdown), SiteFiles(site: regionsOnly, templates: try TemplateSet()))
        XCTAssertTrue(region.contains("# Auvergne-Rhône-Alpes, France: cities, page 1 of 1"), "the heading still names the country")
        XCTAssertFalse(region.contains("country/"), "but links no country page: \(region)")
    }

    /// A grouping is a value: one made here alone, by population, gets its pages, trail and lists like the others.
    func testAGroupingDefinedInATestGetsPages() throws {
        let sizes = Grouping(
            name: "size", folder: "size", words: "zone", parent: "country",
            groups: { input in
                Grouping.citiesByKey(count: input.catalog.count) { index in
                    input.places?.population(index).map { $0 >= 1_000_000 ? "large" : "small" }
                }.map { id, cities in Grouping.Group(id: id, folders: [id], name: id.capitalized, title: id.capitalized, cities: cities) }
            })
        var settings = Site.Settings(pageSize: 2)
        settings.groupings = Grouping.all + [sizes]
        let site = try Self.site(settings)
        let plan = try XCTUnwrap(site.grouping(named: "size"))
        XCTAssertEqual(plan.groups.map(\.id), ["large", "small"])
        let all = paths(site)
        XCTAssertEqual(all.filter { $0.hasPrefix("size/") }, ["size/large/1.html", "size/small/1.html", "size/small/2.html", "size/small/3.html", "size/large/1.md", "size/small/1.md", "size/small/2.md", "size/small/3.md"])
        let files = SiteFiles(site: site, templates: try TemplateSet())
        let large = page(.page(.group(folder: "size", ["large"], page: 1, .markdown)), files)
        XCTAssertTrue(large.hasPrefix("# Large: cities, page 1 of 1\n"), large)
        XCTAssertTrue(large.contains("[Home](../../index.md) › [Argentina](../../country/AR/1.md)\n"), "its parent's group is in the trail: \(large)")
        XCTAssertTrue(large.contains("1. [Madrid, ES](../../city/3/3.md) · 3,200,000"), large)
        let small2 = page(.page(.group(folder: "size", ["small"], page: 2, .markdown)), files)
        XCTAssertTrue(small2.contains("[Home](../../index.md) › [Andorra](../../country/AD/1.md) › [Small](1.md)\n"), small2)
        // A favorite on a page of it rewrites that page.
        XCTAssertTrue(site.routes(showingFavoritesOf: [site.indexByID[3]!]).contains(.page(.group(folder: "size", ["large"], page: 1, .html))))
    }
}
