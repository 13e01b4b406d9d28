import Foundation
import XCTest

@testable import CityGenKit

/// The page kinds are the one list of what pages a site has: every route of a small site, in every folder scheme,
/// belongs to a kind that lists it, renders, and has a path of its own; the sitemap and the pages a change of the
/// favorites re-renders come from the kinds too.
final class PageKindTests: XCTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Córdoba", "AR", -31.4, -64.2), (2, "Córdoba", "ES", 37.9, -4.8), (3, "Paris", "FR", 48.85, 2.35), (4, "Lyon", "FR", 45.76, 4.83),
        (5, "Nowhere", "", 0, 0), (6, "Zürich", "CH", 47.37, 8.54), (7, "Paris", "US", 33.66, -95.55),
    ]

    /// The sites a kind may show up in: both formats, a compact HTML site, one with a base URL, Markdown alone.
    static let settings: [Site.Settings] = [
        .init(pageSize: 3), .init(pageSize: 3, layout: SiteLayout(cityFolders: .compact), formats: [.html]),
        .init(pageSize: 2, layout: SiteLayout(cityFolders: .flat, baseURL: "https://example.org/c/")), .init(pageSize: 3, formats: [.markdown]),
    ]

    /// Places for most of the cities: two regions of France, one of Argentina.
    static func places(_ catalog: CityCatalog) throws -> Places {
        try Fixtures.places(
            catalog,
            [(1, "05", 1_300_000, "PPLA", "America/Argentina/Cordoba"), (3, "11", 2_100_000, "PPLC", "Europe/Paris"), (4, "84", 500_000, "PPLA", "Europe/Paris"),
             (7, "TX", 25_000, "PPL", "America/Chicago")],
            regions: ["AR.05": "Córdoba", "FR.11": "Île-de-France", "FR.84": "Auvergne-Rhône-Alpes", "US.TX": "Texas"])
    }

    func testEveryRouteOfASiteIsAPageOfAKindOrAFileOfItsOwn() throws {
        let catalog = Fixtures.catalog(Self.cities), templates = try TemplateSet()
        var kindsSeen = Set<String>()
        for settings in Self.settings {
            let site = Site(catalog: catalog, settings: settings, favorites: [0, 4], places: try Self.places(catalog))
            let files = SiteFiles(site: site, templates: templates)
            let routes = Array(site.routes)
            XCTAssertEqual(Set(routes.map(site.layout.path)).count, routes.count, "every file has a path of its own")
            var pages = Set<Route>()
            for kind in PageKinds.all {
                let own = Array(kind.routes(in: site, formats: site.formats))
                XCTAssertTrue(own.allSatisfy { $0.page?.kind.name == kind.name }, kind.name)
                pages.formUnion(own)
                if !own.isEmpty { kindsSeen.insert(kind.name) }
            }
            XCTAssertEqual(Set(routes.filter { $0.page != nil }), pages, "the site's pages are its kinds' pages")
            for route in pages {
                let file = files.withVariants(route, at: files.layout.path(route), [])[0]
                XCTAssertFalse(file.bytes.isEmpty, "\(route)")
                XCTAssertEqual(file.page?.language, "eng", "\(route)")
                XCTAssertFalse(file.path.hasPrefix("/"), "\(route)")
                if route.format == .html, file.page?.role != .data {
                    XCTAssertTrue(file.bytes.starts(with: Array("<!doctype html>".utf8)), "\(route)")
                }
            }
        }
        XCTAssertEqual(kindsSeen, Set(PageKinds.all.map(\.name)), "every kind of page has pages in some site")
    }

    func testTheSitemapListsTheHTMLPagesOfTheKindsItHolds() throws {
        let catalog = Fixtures.catalog(Self.cities)
        let site = Site(catalog: catalog, settings: Self.settings[2], places: try Self.places(catalog))
        let expected = site.routes.filter { route in route.format == .html && route.page?.kind.inSitemap == true }
        XCTAssertEqual(Array(site.sitemapPages), expected)
        XCTAssertFalse(site.sitemapPages.contains(.notFound))
        XCTAssertTrue(site.routes.contains(.sitemap(1)))
    }

    /// After a change of favorites an incremental build re-renders only what the kinds name: every file whose bytes
    /// differ between the two sites must be among them.
    func testTheKindsNameEveryPageAChangeOfFavoritesChanges() throws {
        let catalog = Fixtures.catalog(Self.cities), templates = try TemplateSet()
        for settings in Self.settings {
            let places = try Self.places(catalog)
            let before = Site(catalog: catalog, settings: settings, favorites: [1, 2], places: places)
            let after = Site(catalog: catalog, settings: settings, favorites: [2, 5], places: places)
            let named = after.routes(showingFavoritesOf: after.changedFavorites(from: [1, 2].map { catalog.cities[$0].id }, to: after.favorites))
            let old = SiteFiles(site: before, templates: templates), new = SiteFiles(site: after, templates: templates)
            var changed = 0
            for route in after.routes where old.contents(route) != new.contents(route) {
                changed += 1
                XCTAssertTrue(named.contains(route), "\(route) shows the favorites but no kind names it")
            }
            XCTAssertGreaterThan(changed, 2, "the change shows")
        }
    }
}
