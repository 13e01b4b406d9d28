import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// The tables that replace a value per file or per city with something smaller must answer exactly what the plain
/// collection they replace would.
final class CompactTablesTests: XCTestCase {
    func testARouteListHoldsTheRoutesItWasMadeOfInOrder() {
        var expected: [Route] = [.indexFavorites, .robots]
        var list = RouteList(expected)
        list.append(count: 0) { _ in .notFound }  // an empty part changes nothing
        list.append(count: 5) { .list(page: $0 + 1, .html) }
        expected += (1...5).map { .list(page: $0, .html) }
        var other = RouteList([.home(.markdown)])
        other.append(count: 3) { .city(id: -$0, .markdown) }
        list.append(other)
        expected += [.home(.markdown), .city(id: 0, .markdown), .city(id: -1, .markdown), .city(id: -2, .markdown)]
        XCTAssertEqual(Array(list), expected)
        XCTAssertEqual(list.count, expected.count)
        XCTAssertEqual(list[7], .home(.markdown))
        XCTAssertTrue(RouteList().isEmpty)
    }

    /// The catalog sorts on both cores and finds look-alikes in parts: its order, labels and distinctions are those
    /// of SPEC §3 and §5 made the plain way, for many cities with few names (long runs that cross the parts).
    func testTheCatalogIsTheOrderAndLabelsOfAPlainSort() {
        var random = SeededGenerator(seed: 3)
        let names = ["Springfield", "springfield", "Spring Field", "Åre", "Are", "Zürich", "Ölsen", "x"]
        let cities = (0..<9_001).map { id in
            City(
                id: 10_000 - id, name: names.randomElement(using: &random)!, country: ["US", "us", "FR", ""].randomElement(using: &random)!,
                latitude: Double(Int.random(in: 0..<30, using: &random)) / 10, longitude: Double(Int.random(in: 0..<3, using: &random)))
        }
        let catalog = CityCatalog(cities)
        let keys = cities.map { (name: Array(Fold.fold($0.name).utf8), country: Array(Fold.fold($0.country).utf8)) }
        let expected = cities.indices.sorted { a, b in
            if keys[a].name != keys[b].name { return keys[a].name.lexicographicallyPrecedes(keys[b].name) }
            if keys[a].country != keys[b].country { return keys[a].country.lexicographicallyPrecedes(keys[b].country) }
            if !cities[a].name.utf8.elementsEqual(cities[b].name.utf8) { return cities[a].name.utf8.lexicographicallyPrecedes(cities[b].name.utf8) }
            return cities[a].id < cities[b].id
        }.map { cities[$0] }
        XCTAssertEqual(catalog.cities.map(\.id), expected.map(\.id))
        let shown = expected.map { Coordinate.display(latitude: $0.latitude, longitude: $0.longitude) }
        var sameLabel: [String: Int] = [:], sameSpot: [String: Int] = [:]
        for (index, city) in expected.enumerated() {
            sameLabel[city.label, default: 0] += 1
            sameSpot[city.label + shown[index], default: 0] += 1
        }
        for (index, city) in expected.enumerated() {
            let distinction: Distinction? = sameLabel[city.label] == 1 ? nil : sameSpot[city.label + shown[index]] == 1 ? .coordinates : .id
            XCTAssertEqual(catalog.distinctions[index], distinction, "\(city.label) \(city.id)")
            XCTAssertEqual(
                catalog.label(index), distinction.map { "\(city.label) (\($0.text(id: city.id, latitude: city.latitude, longitude: city.longitude)))" } ?? city.label)
        }
    }

    func testASiteListsEachOfItsFilesOnce() {
        let catalog = Fixtures.catalog([
            (7, "Paris", "FR", 48.85, 2.35), (3, "Lyon", "FR", 45.76, 4.83), (12, "Nowhere", "", 0, 0), (5, "Nice", "FR", 43.7, 7.27),
        ])
        for cityFolders in [SiteLayout.CityFolders.remainder(1000), .compact] {
            let layout = SiteLayout(cityFolders: cityFolders, baseURL: "https://example.org/")
            // A compact site is HTML alone (`BuildOptions.validate`).
            let formats: [PageFormat] = cityFolders == .compact ? [.html] : [.html, .markdown]
            let site = Site(catalog: catalog, settings: .init(pageSize: 2, layout: layout, formats: formats, shardSize: 1024))
            let routes = Array(site.routes)
            XCTAssertEqual(Set(routes).count, routes.count)
            XCTAssertEqual(Set(routes.map(layout.path)).count, routes.count)
            for route: Route in [.indexShard(0, .script), .wordShard(0, .json), .list(page: 2, .html), .sitemap(1), .robots] {
                XCTAssertTrue(routes.contains(route), "\(route)")
            }
            XCTAssertEqual(routes.filter { $0.cityID != nil }.count, cityFolders == .compact ? 0 : 8, "\(cityFolders)")
            XCTAssertEqual(routes.contains(.city(id: 12, .markdown)), cityFolders != .compact)
            XCTAssertEqual(routes.contains(.cityViewer), cityFolders == .compact)
        }
    }

    func testTheIDIndexFindsEveryCityAndNothingElse() {
        // Ids that collide in a small table, negative and extreme ones, and a run of neighbours.
        let ids = [0, -1, 1, Int.max, Int.min, 16, 32, 48, 64, 1 << 40, -(1 << 40)] + Array(1000..<3000)
        let cities = ids.map { City(id: $0, name: "n\($0)", country: "", latitude: 0, longitude: 0) }
        let index = CityIDIndex(cities)
        for (position, id) in ids.enumerated() { XCTAssertEqual(index[id], position, "id \(id)") }
        for missing in [2, -2, 999, 3000, Int.max - 1, Int.min + 1, 1 << 41] { XCTAssertNil(index[missing], "id \(missing)") }
        XCTAssertNil(CityIDIndex([])[0])
    }

    func testWordKeysAreTheSortedKeysOfEveryCity() {
        let catalog = Fixtures.catalog([
            (1, "San José", "CR", 0, 0), (2, "San Jose", "US", 0, 0), (3, "Rio de Janeiro", "BR", 0, 0), (4, "Jose", "", 0, 0),
            (5, "De Aar", "ZA", 0, 0), (6, "Aar", "CH", 0, 0), (7, "New  York", "US", 0, 0), (8, "el  ", "MX", 0, 0),
            (9, "São João del Rei", "BR", 0, 0), (10, "a b", "", 0, 0),
        ])
        let words = WordKeys(catalog: catalog)
        var expected: [(key: [UInt8], city: Int)] = []
        for city in 0..<catalog.count {
            for key in WordKeys.keys(name: catalog.foldedNames[city], country: catalog.foldedCountries[city]) { expected.append((key, city)) }
        }
        expected.sort { ByteString.compare($0.key, $1.key) != 0 ? ByteString.compare($0.key, $1.key) < 0 : $0.city < $1.city }
        XCTAssertGreaterThan(expected.count, 8)
        XCTAssertEqual(words.count, expected.count)
        for row in 0..<words.count {
            XCTAssertEqual(words.key(row), expected[row].key, "row \(row)")
            XCTAssertEqual(words.city(row), expected[row].city, "row \(row)")
        }
    }

    func testPackedTextsHoldEachTextAndCompareAsByteStrings() {
        let texts = ["São Paulo", "", "sao", "Zürich", "北京", "a", "ab", "São Paulo"]
        let folded = PackedTexts(folding: texts)
        let plain = PackedTexts(texts)
        XCTAssertEqual(folded.count, texts.count)
        for (i, text) in texts.enumerated() {
            XCTAssertEqual(folded[i], Array(Fold.fold(text).utf8), text)
            XCTAssertEqual(plain.string(i), text)
            XCTAssertEqual(folded.first(i), Array(Fold.fold(text).utf8).first)
            for (j, other) in texts.enumerated() {
                let expected = ByteString.compare(Array(Fold.fold(text).utf8), Array(Fold.fold(other).utf8))
                XCTAssertEqual(folded.compare(i, j), expected, "\(text) vs \(other)")
                XCTAssertEqual(folded.compare(i, Array(Fold.fold(other).utf8)), expected, "\(text) vs \(other)")
            }
        }
        let order = [4, 0, 7, 1, 6]
        let permuted = plain.permuted(by: order)
        XCTAssertEqual((0..<order.count).map(permuted.string), order.map { texts[$0] })
        // More texts than one folding task takes.
        let many = (0..<10_000).map { "Ville \($0) É" }
        let packed = PackedTexts(folding: many)
        XCTAssertEqual(packed[9_999], Array("ville 9999 e".utf8))
        XCTAssertEqual(packed[4_096], Array("ville 4096 e".utf8))
    }
}
