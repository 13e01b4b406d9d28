import Foundation
import XCTest

@testable import CityGenKit

/// A region page's map (SPEC §5): its country's map with a box around the region's cities, placed as the
/// locators of those cities' own pages place their markers.
final class RegionPageTests: XCTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Lyon", "FR", 45.76, 4.83), (2, "Marseille", "FR", 43.30, 5.37), (3, "Nice", "FR", 43.70, 7.27),
        (4, "Paris", "FR", 48.85, 2.35), (5, "Grenoble", "FR", 45.19, 5.72), (6, "Brest", "FR", 48.39, -4.49),
    ]

    private func page(_ route: Route, _ files: SiteFiles) -> String {
        var texts: SiteRenderer.CityTexts?
        return String(decoding: files.withVariants(route, [], reusing: &texts)[0].bytes, as: UTF8.self)
    }

    /// The numbers of `style="left:…%;top:…%…"` in `html` after `marker`.
    private func percents(_ html: String, after marker: String) throws -> [Double] {
        let style = try XCTUnwrap(html.components(separatedBy: marker).dropFirst().first?.components(separatedBy: "style=\"").dropFirst().first)
        return style.prefix { $0 != "\"" }.split(separator: ";").map { Double($0.split(separator: ":")[1].dropLast())! }
    }

    func testTheRegionsBoxHoldsItsCitiesMarkersAndNoOthers() throws {
        let catalog = Fixtures.catalog(Self.cities)
        let places = try Fixtures.places(
            catalog,
            [(1, "84", 500_000, "PPLA", "Europe/Paris"), (5, "84", 150_000, "PPL", "Europe/Paris"), (2, "93", 870_000, "PPLA", "Europe/Paris"),
             (3, "93", 340_000, "PPL", "Europe/Paris"), (4, "11", 2_100_000, "PPLC", "Europe/Paris"), (6, "53", 140_000, "PPL", "Europe/Paris")],
            regions: ["FR.84": "Auvergne-Rhône-Alpes", "FR.93": "Provence-Alpes-Côte d'Azur", "FR.11": "Île-de-France", "FR.53": "Bretagne"])
        let site = Site(catalog: catalog, settings: .init(pageSize: 10), places: places)
        let files = SiteFiles(site: site, templates: try TemplateSet())
        var markers: [Int: (x: Double, y: Double)] = [:]
        for city in Self.cities {
            let xy = try percents(page(.city(id: city.id, .html), files), after: #"id="locatorMarker""#)
            markers[city.id] = (xy[0], xy[1])
        }
        let region = page(.region(PlaceRegion(country: "FR", code: "93"), page: 1, .html), files)
        XCTAssertTrue(region.contains(#"<div id="regionMap" class="locator"><img src="../../../map/FR.png" alt="Provence-Alpes-Côte d&#39;Azur on the map of France: a box around its 2 places""#), region)
        let box = try percents(region, after: #"id="regionMap""#)
        let inside = [2, 3].map { markers[$0]! }
        XCTAssertEqual(box[0], inside.map(\.x).min()!, accuracy: 0.011)
        XCTAssertEqual(box[1], inside.map(\.y).min()!, accuracy: 0.011)
        XCTAssertEqual(box[0] + box[2], inside.map(\.x).max()!, accuracy: 0.021)
        XCTAssertEqual(box[1] + box[3], inside.map(\.y).max()!, accuracy: 0.021)
        for (id, marker) in markers where ![2, 3].contains(id) {
            let held = (box[0]...(box[0] + box[2])).contains(marker.x) && (box[1]...(box[1] + box[3])).contains(marker.y)
            XCTAssertFalse(held, "city \(id) is not in the region's box")
        }
        // A region of one place gets a box of no size at its marker (the style sheet gives it the marker's size).
        let brittany = try percents(page(.region(PlaceRegion(country: "FR", code: "53"), page: 1, .html), files), after: #"id="regionMap""#)
        XCTAssertEqual(brittany[0], markers[6]!.x, accuracy: 0.011)
        XCTAssertEqual(Array(brittany[2...]), [0, 0])
        // Markdown shows the country's map, without the box.
        XCTAssertTrue(page(.region(PlaceRegion(country: "FR", code: "93"), page: 1, .markdown), files).contains(
            "![Provence-Alpes-Côte d'Azur on the map of France: a box around its 2 places](../../../map/FR.png)"))
    }
}
