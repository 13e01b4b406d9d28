import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// Country pages and nearest cities (SPEC §5).
final class BrowsingTests: SiteTestCase {
    /// Brute force: every other city by haversine distance, ties in catalog (SPEC §3) order.
    private func bruteForce(_ catalog: CityCatalog, _ index: Int) -> [Int] {
        let city = catalog.cities[index]
        return catalog.cities.indices.filter { $0 != index }
            .map { (NearestCities.distance(from: city, to: catalog.cities[$0]), $0) }
            .sorted { $0 < $1 }.prefix(NearestCities.count).map(\.1)
    }

    private func randomCities(_ count: Int, seed: UInt64, latitudes: ClosedRange<Double> = -90...90,
        longitudes: ClosedRange<Double> = -180...180) -> [City] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { id in
            City(id: id, name: "C\(id)", country: "US", latitude: Double.random(in: latitudes, using: &generator),
                longitude: Double.random(in: longitudes, using: &generator))
        }
    }

    func testNearestEqualsBruteForceOnASample() {
        let catalog = CityCatalog(randomCities(5_000, seed: 7))
        let nearest = NearestCities(catalog: catalog)
        for index in stride(from: 0, to: catalog.count, by: 7) {
            XCTAssertEqual(nearest.of(index), bruteForce(catalog, index), "city \(index)")
        }
    }

    func testPolesAntimeridianAndIdenticalCoordinates() {
        var cities = randomCities(400, seed: 11, latitudes: 84...90)  // around the North Pole
        cities += randomCities(400, seed: 12, latitudes: -19 ... -15, longitudes: 177...180)  // Fiji, east of 180°
        cities += randomCities(400, seed: 13, latitudes: -19 ... -15, longitudes: -180 ... -177)  // and west of it
        cities += randomCities(300, seed: 14, latitudes: 64...68, longitudes: 175...180)  // Chukotka
        cities += randomCities(300, seed: 15, latitudes: -90 ... -85)  // the South Pole
        cities = cities.enumerated().map { City(id: $0.offset, name: "C\($0.offset)", country: "FJ", latitude: $0.element.latitude, longitude: $0.element.longitude) }
        // Twelve cities at one point: each has the other eleven at 0 km, ties in list order.
        cities += (0..<12).map { City(id: 10_000 + $0, name: "Same \($0)", country: "RU", latitude: 65, longitude: 179.5) }
        let catalog = CityCatalog(cities)
        let nearest = NearestCities(catalog: catalog)
        for index in catalog.cities.indices {
            XCTAssertEqual(nearest.of(index), bruteForce(catalog, index), "\(catalog.cities[index])")
        }
        // Across the antimeridian: a city at 179.9° E has its nearest neighbour at 179.9° W.
        let pair = CityCatalog([
            City(id: 1, name: "East", country: "FJ", latitude: -17, longitude: 179.9),
            City(id: 2, name: "West", country: "FJ", latitude: -17, longitude: -179.9),
            City(id: 3, name: "Far", country: "FJ", latitude: -17, longitude: 179.0),
        ])
        let east = pair.cities.firstIndex { $0.id == 1 }!
        XCTAssertEqual(NearestCities(catalog: pair).of(east).map { pair.cities[$0].id }, [2, 3])
        XCTAssertEqual(NearestCities.direction(from: pair.cities[east], to: pair.cities.first { $0.id == 2 }!), .E)
        XCTAssertEqual(String(format: "%.1f", NearestCities.distance(from: pair.cities[east], to: pair.cities.first { $0.id == 2 }!)), "21.3")
    }

    /// A site in several languages finds the nearest cities once and puts them in each language's order: the same
    /// as found on that order, ties included (45 cities at one point: which ten each keeps goes by the order;
    /// three at another: the order of the two others of each).
    func testNearestInAnotherOrderEqualsNearestFoundOnIt() {
        var cities = randomCities(1_500, seed: 16, latitudes: 40...50, longitudes: 0...10)
        cities += (0..<45).map { City(id: 20_000 + $0, name: "Same \($0)", country: "FR", latitude: 45, longitude: 5) }
        // Three at another point: ties within each one's nearest, not at the edge.
        cities += (0..<3).map { City(id: 20_100 + $0, name: "Trio \($0)", country: "FR", latitude: 42, longitude: 2) }
        let catalog = CityCatalog(cities)
        // Renamed so that the order changes: every third city, and the cities at one point in reverse.
        var names: [Int: String] = [:]
        for index in catalog.cities.indices where index % 3 == 0 || catalog.cities[index].id >= 20_000 {
            names[index] = "Z\(100_000 - catalog.cities[index].id)"
        }
        let (renamed, order) = catalog.renamed(names)
        XCTAssertNotEqual(order, Array(order.indices))
        let reordered = NearestCities(reordering: NearestCities.find(on: catalog), order: order)
        let found = NearestCities(catalog: renamed)
        for index in renamed.cities.indices {
            XCTAssertEqual(reordered.of(index), found.of(index), "\(renamed.cities[index])")
            XCTAssertEqual(found.of(index), bruteForce(renamed, index), "\(renamed.cities[index])")
        }
    }

    /// A catalog renamed in a language (only some cities renamed, the others merged around them) is the catalog those
    /// names give when sorted from scratch: order, folded keys, labels and what tells look-alikes apart.
    func testRenamedCatalogEqualsTheCatalogSortedFromScratch() {
        var generator = SeededGenerator(seed: 23)
        let sources = ["Paris", "París", "Berlin", "Москва", "Zürich", "Springfield", "Ávila", "Avila", "القاهرة", "İzmir", "1st Town"]
        let renames = ["Париж", "Paris", "Берлин", "Moskau", "Zurich", "Springfield", "Avila", "Ávila", "Каир", "Измир", "Aaa"]
        let cities = (0..<3_000).map { id in
            City(id: id, name: sources[id % sources.count], country: ["FR", "US", "ES", "RU"][id % 4],
                latitude: Double(Int.random(in: 0..<4, using: &generator)), longitude: Double(Int.random(in: 0..<4, using: &generator)))
        }
        let catalog = CityCatalog(cities)
        var names: [Int: String] = [:]
        for index in catalog.cities.indices where Int.random(in: 0..<3, using: &generator) == 0 {
            names[index] = renames[catalog.cities[index].id % renames.count]
        }
        let (renamed, order) = catalog.renamed(names)
        let fromScratch = CityCatalog(renamed.cities.shuffled(using: &generator))
        XCTAssertEqual(renamed.cities, fromScratch.cities)
        XCTAssertEqual(renamed.distinctions, fromScratch.distinctions)
        XCTAssertEqual(renamed.cities.indices.map(renamed.label), fromScratch.cities.indices.map(fromScratch.label))
        XCTAssertEqual(renamed.cities.indices.map { renamed.foldedNames[$0] }, fromScratch.cities.indices.map { fromScratch.foldedNames[$0] })
        XCTAssertEqual(order.map { catalog.cities[$0].id }, renamed.cities.map(\.id))
        XCTAssertEqual(order.filter { names[$0] != nil }.count, names.count)
    }

    func testCompassDirections() {
        let origin = City(id: 0, name: "O", country: "", latitude: 0, longitude: 0)
        let expected = [(1.0, 0.0, "N"), (1, 1, "NE"), (0, 1, "E"), (-1, 1, "SE"), (-1, 0, "S"), (-1, -1, "SW"), (0, -1, "W"), (1, -1, "NW")]
        for (lat, lon, direction) in expected {
            XCTAssertEqual(NearestCities.direction(from: origin, to: City(id: 1, name: "X", country: "", latitude: lat, longitude: lon)).rawValue, direction)
        }
    }

    func testDetailPageListsTheNearestWithDistanceAndDirection() async throws {
        try await build(Fixtures.json(DetailPageTests.cities))
        let html = try read("city/1/1.html")  // Springfield, US (39.8, -89.6)
        let start = try XCTUnwrap(html.range(of: #"<ol id="nearby">"#))
        let nearby = String(html[start.lowerBound..<html.range(of: "</ol>", range: start.upperBound..<html.endIndex)!.upperBound])
        XCTAssertTrue(nearby.contains(#"<li><a href="../2/2.html">Springfield, US (42.1000,\#u{A0}-72.6000)</a> · 1447.9 km E</li>"#), nearby)
        XCTAssertEqual(nearby.components(separatedBy: "<li>").count - 1, 4, "the four other cities")
        XCTAssertTrue(try read("city/1/1.md").contains("1. [Springfield, US (42.1000,\u{A0}-72.6000)](../2/2.md) · 1447.9 km E\n"))
    }

    func testCountryPagesListEveryCodeWithCountsAndRows() async throws {
        let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] =
            [(1, "Kyiv", "UA", 50.4, 30.5), (2, "Lviv", "UA", 49.8, 24.0), (3, "Odesa", "UA", 46.5, 30.7), (4, "Nowhere", "", 0, 0),
             (5, "Paris", "FR", 48.9, 2.3), (6, "*x* <b>", "UA", 1, 1)]
        try await build(Fixtures.json(cities), pageSize: 2)
        let index = try read("country/index.md")
        XCTAssertTrue(index.contains("- [France](FR/1.md) (FR) · 1 city\n"), index)
        XCTAssertTrue(index.contains("- [No country](none/1.md) · 1 city\n"), index)
        XCTAssertTrue(index.contains("- [Ukraine](UA/1.md) (UA) · 4 cities\n"), index)
        XCTAssertLessThan(index.range(of: "France")!.lowerBound, index.range(of: "No country")!.lowerBound, "in order of the name")
        let ukraine = try read("country/UA/2.html")
        XCTAssertTrue(ukraine.contains(#"<span class="city" id="cityCell_6"><a href="../../city/6/6.html">*x* &lt;b&gt;, UA</a>"#), ukraine)
        XCTAssertTrue(ukraine.contains(#"<a href="1.html">1</a>"#), "a pager within the country")
        XCTAssertTrue(try read("country/UA/2.md").contains("[Odesa, UA](../../city/3/3.md)"))
        XCTAssertTrue(try read("country/none/1.md").contains("[Nowhere](../../city/4/4.md)"))
        // Each detail page's trail leads to its country's page, and home links to the index.
        XCTAssertTrue(try read("city/3/3.html").contains(#"<a href="../../index.html">Home</a><a href="../../country/UA/1.html">Ukraine</a></nav>"#))
        XCTAssertTrue(try read("city/4/4.md").hasPrefix("# Nowhere\n\n[Home](../../index.md) › [No country](../../country/none/1.md)\n"))
        XCTAssertTrue(try read("index.md").contains("browse [by country](country/index.md) (3)"))
        XCTAssertEqual(try LinkChecker(root: folder.appendingPathComponent("site")).check().broken, [])
    }

    func testCountryFoldersAreSafeNames() {
        XCTAssertEqual(SiteLayout.countryFolder("UA"), "UA")
        XCTAssertEqual(SiteLayout.countryFolder(""), "none")
        XCTAssertEqual(SiteLayout.countryFolder("ZZ"), "ZZ", "a real code ZZ is a country like any other")
        XCTAssertEqual(SiteLayout.countryFolder("../x"), "x2e2e2f78")
        XCTAssertEqual(SiteLayout.countryFolder("ua"), "x7561", "not two capitals: spelt out, so no two codes share a folder")
        XCTAssertEqual(SiteLayout.countryFolder("É"), "xc389")
    }

    /// A real code `ZZ` and the empty code are two countries with two folders, maps and map windows.
    func testTheCountryZZAndNoCountryAreApart() async throws {
        try await build(Fixtures.json([(1, "Zed", "ZZ", 10, 10), (2, "Nowhere", "", 0, 0), (3, "Kyiv", "UA", 50.4, 30.5)]))
        XCTAssertTrue(try read("country/ZZ/1.md").contains("[Zed, ZZ](../../city/1/1.md)"))
        XCTAssertTrue(try read("country/none/1.md").contains("[Nowhere](../../city/2/2.md)"))
        XCTAssertFalse(try read("country/ZZ/1.md").contains("Nowhere"))
        for file in ["map/ZZ.png", "map/none.png", "search/maps/ZZ.json", "search/maps/none.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/\(file)").path), file)
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(read("search/manifest.json").utf8)) as! [String: Any]
        XCTAssertEqual(manifest["folders"] as? [String: String], ["": "none"], "only the codes whose folder is not the code")
        XCTAssertEqual((manifest["urls"] as? [String: String])?["maps"], "maps/{country}")
        XCTAssertEqual(try LinkChecker(root: folder.appendingPathComponent("site")).check().broken, [])
    }

    /// Two routes with one path are found, named, before anything is written.
    func testRoutesThatShareAPathAreFound() throws {
        let layout = SiteLayout()
        XCTAssertNil(layout.pathCollision(in: RouteList([.worldMap, .countryMap(code: "ZZ"), .countryMap(code: ""), .sitemapIndex])))
        let found = try XCTUnwrap(layout.pathCollision(in: RouteList([.worldMap, .countryMap(code: "UA"), .robots, .countryMap(code: "UA", part: 0)])))
        XCTAssertEqual(found.path, "map/UA.png")
        XCTAssertEqual(found.first, .countryMap(code: "UA"))
        XCTAssertEqual(found.second, .countryMap(code: "UA", part: 0))
        // These two paths' hashes share the top bit and the low 32 bits that the check sorts: the paths tell them apart.
        let pages: [Route] = [.page(.city(id: 86_012, .html)), .page(.city(id: 122_631, .html))]
        XCTAssertEqual(pages.map(layout.path), ["city/12/86012.html", "city/631/122631.html"])
        XCTAssertNil(layout.pathCollision(in: RouteList(pages)))
        let twice = try XCTUnwrap(layout.pathCollision(in: RouteList(pages + [.page(.city(id: 122_631, .html))])))
        XCTAssertEqual(twice.path, "city/631/122631.html")
    }
}
