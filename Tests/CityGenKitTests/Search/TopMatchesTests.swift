import CityGenTestSupport
import XCTest

@testable import CityGenKit

/// SPEC §4c's top matches, read back through `SearchIndex` from the written `search/` files, against an oracle
/// computed here from the cities and the populations given to GeoNames' files: the largest populations among every
/// city whose §4 key or §4b word key starts with the query.
final class TopMatchesTests: XCTestCase {
    private var folder: URL!
    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// 400 cities named from a few syllables, so that many share prefixes and words; two thirds have a population,
    /// some of them equal.
    private func fixture() -> (cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)], populations: [Int: Int]) {
        var generator = SeededGenerator(seed: 35)
        let syllables = ["San", "Sa", "ta", "Port", "ma", "Ri", "o", "Ñu", "la"]
        var cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = []
        var populations: [Int: Int] = [:]
        for id in 1...400 {
            let words = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 1...2, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined()
            }
            cities.append((id, words.joined(separator: " "), ["US", "FR", "BR"].randomElement(using: &generator)!,
                           Double.random(in: -60...60, using: &generator), Double.random(in: -170...170, using: &generator)))
            if id % 3 != 0 { populations[id] = Int.random(in: 1...40, using: &generator) * 1000 }
        }
        return (cities, populations)
    }

    func testEveryQuerysTopMatchesAreTheLargestOfItsMatches() throws {
        let (cities, populations) = fixture()
        let catalog = Fixtures.catalog(cities)
        let places = try Fixtures.places(catalog, cities.map { ($0.id, "", populations[$0.id] ?? 0, "PPL", "Etc/UTC") }, regions: ["US.01": "One"])
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048), places: places)
        try Fixtures.writeSearchIndex(of: site, to: folder)

        // The oracle: each city's §4 key and word keys, folded here; ties in list order (the catalog's).
        let order = Dictionary(uniqueKeysWithValues: catalog.cities.enumerated().map { ($0.element.id, $0.offset) })
        let keys = cities.map { city -> (id: Int, keys: [String]) in
            let words = Fold.fold(city.name).split(separator: " ").map(String.init), country = Fold.fold(city.country)
            return (city.id, (0..<words.count).map { words[$0...].joined(separator: " ") + " " + country })
        }
        func oracle(_ query: String) -> [Int] {
            let folded = Fold.fold(query)
            guard !folded.isEmpty else { return [] }
            return keys.filter { $0.keys.contains { $0.hasPrefix(folded) } }.compactMap { city in populations[city.id].map { (city.id, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : order[$0.0]! < order[$1.0]! }.prefix(5).map(\.0)
        }

        var queries = Set<String>()
        for (_, cityKeys) in keys { for key in cityKeys { for n in 1...min(key.count, 8) { queries.insert(String(key.prefix(n))) } } }
        queries.formUnion(["", "...", "   ", "SAN", "Sàn", "ñu", "nu", "san ta", "san, us", "zzz", String(repeating: "sa", count: 500), "San 北京"])
        var tableQueries = 0
        for query in queries.sorted() {
            let index = try SearchIndex(site: folder)
            XCTAssertEqual(try index.topMatches(query).map(\.id), oracle(query), query)
            if !index.topLoads.isEmpty { tableQueries += 1 }
            XCTAssertLessThanOrEqual(index.topLoads.count, 1, query)
        }
        XCTAssertGreaterThan(tableQueries, 20, "queries with more than 50 matches read the table")
        XCTAssertGreaterThan(site.index.topShards.count, 1)
    }

    /// SPEC §4c: a query that spells a city's other name whole (alone or with its country) ranks that city among its
    /// top matches too, with many matches (the table's queries) and with few; the oracle reads the other names back
    /// from the places.
    func testOtherNamesSpelledWholeRankAmongTheTopMatches() throws {
        let (cities, populations) = fixture()
        var generator = SeededGenerator(seed: 36)
        let spellings = ["San", "Sa", "Porto", "Ri", "Mala", "Ñuta", "Zorro"]
        var otherNames: [Int: String] = [:]
        for city in cities where populations[city.id] != nil && Bool.random(using: &generator) {
            otherNames[city.id] = spellings.randomElement(using: &generator)! + "," + spellings.randomElement(using: &generator)!
        }
        let catalog = Fixtures.catalog(cities)
        let rows = cities.map { ($0.id, "", populations[$0.id] ?? 0, "PPL", "Etc/UTC") }
        let places = try Fixtures.places(catalog, rows, regions: ["US.01": "One"], otherNames: otherNames)
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048), places: places)
        try Fixtures.writeSearchIndex(of: site, to: folder)

        func keys(_ i: Int) -> [String] {
            let words = Fold.fold(catalog.cities[i].name).split(separator: " ").map(String.init), country = Fold.fold(catalog.cities[i].country)
            return (0..<words.count).map { words[$0...].joined(separator: " ") + " " + country }
        }
        func spellsWhole(_ folded: String, _ i: Int) -> Bool {
            let country = Fold.fold(catalog.cities[i].country)
            return places.otherNames(i).contains { name in
                let other = Fold.fold(name)
                return other == folded || other + " " + country == folded
            }
        }
        func oracle(_ folded: String) -> [Int] {
            guard !folded.isEmpty else { return [] }
            let matched = (0..<catalog.count).filter { i in keys(i).contains { $0.hasPrefix(folded) } || spellsWhole(folded, i) }
            let ranked: [(id: Int, population: Int, index: Int)] = matched.compactMap { i in
                guard let population = places.population(i) else { return nil }
                return (catalog.cities[i].id, population, i)
            }
            return ranked.sorted { $0.population != $1.population ? $0.population > $1.population : $0.index < $1.index }.prefix(5).map(\.id)
        }
        let index = try SearchIndex(site: folder)
        var tableQueries = 0, raised = 0
        for name in spellings {
            for query in [name, name + " us", name + ", FR", String(name.prefix(2))] {
                let folded = Fold.fold(query).replacingOccurrences(of: ",", with: "")
                XCTAssertEqual(try index.topMatches(query).map(\.id), oracle(folded), query)
                if !index.topLoads.isEmpty { tableQueries += 1 }
                let prefixOnly = (0..<catalog.count).filter { i in keys(i).contains { $0.hasPrefix(folded) } && places.population(i) != nil }
                if oracle(folded).contains(where: { id in !prefixOnly.contains { catalog.cities[$0].id == id } }) { raised += 1 }
            }
        }
        XCTAssertGreaterThan(tableQueries, 3, "queries with more than 50 matches read the table")
        XCTAssertGreaterThan(raised, 3, "other names bring cities into the top matches")
    }

    /// Without places the index has no table and no population, and no query has top matches.
    func testNoPlacesNoTopMatches() throws {
        let catalog = Fixtures.catalog(fixture().cities)
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048))
        XCTAssertNil(site.index.top)
        XCTAssertFalse(site.index.manifestJSON.contains("\"top\":["))
        XCTAssertFalse(site.routes.contains { if case .topShard = $0 { true } else { false } })
    }
}
