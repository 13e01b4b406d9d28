import Foundation
import XCTest

@testable import CityGenKit

/// A region page's map (SPEC §5): an image of its own, the region's cities as dots on the geography around them
/// with the borders of first-level regions near them, read back with libpng.
final class RegionPageTests: XCTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Lyon", "FR", 45.76, 4.83), (2, "Marseille", "FR", 43.30, 5.37), (3, "Nice", "FR", 43.70, 7.27),
        (4, "Paris", "FR", 48.85, 2.35), (5, "Grenoble", "FR", 45.19, 5.72), (6, "Brest", "FR", 48.39, -4.49),
    ]

    private func page(_ route: Route, _ files: SiteFiles) -> String {
        return String(decoding: files.withVariants(route, at: files.layout.path(route), [])[0].bytes, as: UTF8.self)
    }

    func testARegionPageShowsItsOwnMapWithItsCitiesDrawn() throws {
        let catalog = Fixtures.catalog(Self.cities)
        let places = try Fixtures.places(
            catalog,
            [(1, "84", 500_000, "PPLA", "Europe/Paris"), (5, "84", 150_000, "PPL", "Europe/Paris"), (2, "93", 870_000, "PPLA", "Europe/Paris"),
             (3, "93", 340_000, "PPL", "Europe/Paris"), (4, "11", 2_100_000, "PPLC", "Europe/Paris"), (6, "53", 140_000, "PPL", "Europe/Paris")],
            regions: ["FR.84": "Auvergne-Rhône-Alpes", "FR.93": "Provence-Alpes-Côte d'Azur", "FR.11": "Île-de-France", "FR.53": "Bretagne"])
        let site = Site(catalog: catalog, settings: .init(pageSize: 10), places: places)
        let files = SiteFiles(site: site, templates: try TemplateSet())
        XCTAssertEqual(site.regionMaps.map { site.layout.path($0) }, ["map/FR/84.png", "map/FR/53.png", "map/FR/11.png", "map/FR/93.png"])
        let provence = PlaceRegion(country: "FR", code: "93")
        let window = try XCTUnwrap(site.maps.regionWindows[provence])
        XCTAssertEqual(max(window.width, window.height), SiteMaps.regionSize)
        XCTAssertTrue(page(.region(provence, page: 1, .html), files).contains(
            #"<img id="regionMap" class="country-map" src="../../../map/FR/93.png" alt="Map of Provence-Alpes-Côte d&#39;Azur, France: its 2 places" width="\#(window.width)" height="\#(window.height)">"#))
        XCTAssertTrue(page(.region(provence, page: 1, .markdown), files).contains(
            "![Map of Provence-Alpes-Côte d'Azur, France: its 2 places](../../../map/FR/93.png)"))

        let (width, height, rgba) = try MapTests.decode(files.contents(.regionMap(provence)))
        XCTAssertEqual([width, height], [window.width, window.height])
        let colors = MapPalette.colors.map { [$0.r, $0.g, $0.b, $0.a] }
        let dots = colors[Int(MapPalette.firstDot)..<(Int(MapPalette.firstDot) + MapPalette.dotLevels)]
        func at(_ lat: Double, _ lon: Double) -> [UInt8] {
            let (x, y) = window.pixel(latitude: lat, longitude: lon)
            return Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
        }
        for city in Self.cities {
            let held = window.holds((city.lat, city.lon)), drawn = held && dots.contains(at(city.lat, city.lon))
            XCTAssertEqual(drawn, [2, 3].contains(city.id), "\(city.name): only the region's cities are drawn, and all of them")
        }
        XCTAssertEqual(at(43.05, 7.0), colors[Int(MapPalette.water)], "the sea south of Antibes")
        XCTAssertEqual(at(43.95, 6.2), colors[Int(MapPalette.land)], "inland, between Marseille and Nice")
        let pixels = stride(from: 0, to: rgba.count, by: 4).map { Array(rgba[$0..<$0 + 4]) }
        XCTAssertTrue(pixels.contains(colors[Int(MapPalette.regionBorder)]), "the lines of the regions around its cities")
        // A region of one place has a map around it.
        XCTAssertTrue(try XCTUnwrap(site.maps.regionWindows[PlaceRegion(country: "FR", code: "53")]).holds((48.39, -4.49)))
    }
}
