import CityGenTestSupport
import XCTest

@testable import CityGenKit

/// SPEC §4c's other names, read back through `SearchIndex` from the written `search/` files: GeoNames' Latin-script
/// alternate names of places of 15,000 or more are keys after the prefix and word matches, each city once, ordered by
/// the key that matched, then §3; against an oracle computed here for every prefix of every key.
final class OtherNamesTests: XCTestCase {
    private var folder: URL!
    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private typealias CityRow = (id: Int, name: String, country: String, lat: Double, lon: Double)

    /// Writes the search index of a site of `cities` with places (`populations`, `otherNames`) and opens it.
    private func index(_ cities: [CityRow], populations: [Int: Int], otherNames: [Int: String], shardSize: Int = 2048) throws -> SearchIndex {
        let catalog = Fixtures.catalog(cities)
        let rows = cities.map { ($0.id, "", populations[$0.id] ?? 0, "PPL", "Etc/UTC") }
        let places = try Fixtures.places(catalog, rows, regions: ["US.01": "One"], otherNames: otherNames)
        let site = Site(catalog: catalog, settings: .init(shardSize: shardSize), places: places)
        try Fixtures.writeSearchIndex(of: site, to: folder)
        return try SearchIndex(site: folder)
    }

    private func results(_ index: SearchIndex, _ query: String, limit: Int = .max) throws -> [String] {
        try index.searchBlocks(query, limit: limit).map { "\($0.entry.label) \($0.block.rawValue)" + ($0.entry.otherName.map { " " + $0 } ?? "") }
    }

    func testOtherNamesFollowTheWordMatchesAndSayWhichNameMatched() throws {
        let cities: [CityRow] = [
            (1, "London", "GB", 51.5, -0.1), (2, "Londres", "AR", -27.7, -67.1), (3, "Saint-Martin-de-Londres", "FR", 43.8, 3.7),
            (4, "Munich", "DE", 48.1, 11.6), (5, "Tinyburg", "US", 40, -100), (6, "Beijing", "CN", 39.9, 116.4),
        ]
        let index = try index(
            cities, populations: [1: 8_961_989, 4: 1_260_391, 5: 14_999, 6: 18_960_744],
            otherNames: [
                1: "Londres,Londra,Лондон,London,Londrës,Lundúnir,伦敦", 4: "München,Monaco di Baviera,Munique",
                5: "Tinytown", 6: "Peking,Pékin,Běijīng",
            ])
        XCTAssertEqual(try results(index, "londres"), ["Londres, AR prefix", "Saint-Martin-de-Londres, FR word", "London, GB other Londres"])
        XCTAssertEqual(try results(index, "LÓNDRËS"), try results(index, "londres"), "folded like names")
        XCTAssertEqual(try results(index, "lond"), ["London, GB prefix", "Londres, AR prefix", "Saint-Martin-de-Londres, FR word"], "each city once")
        XCTAssertEqual(try results(index, "londra"), ["London, GB other Londra"])
        XCTAssertEqual(try results(index, "lundunir gb"), ["London, GB other Lundúnir"], "then a space and the country")
        XCTAssertEqual(try results(index, "londres fr"), ["Saint-Martin-de-Londres, FR word"])
        XCTAssertEqual(try results(index, "munchen"), ["Munich, DE other München"])
        XCTAssertEqual(try results(index, "monaco"), ["Munich, DE other Monaco di Baviera"])
        XCTAssertEqual(try results(index, "baviera"), [], "an other name is a key, its later words are not")
        XCTAssertEqual(try results(index, "pe"), ["Beijing, CN other Pékin"], "at its least key: `pekin cn` before `peking cn`")
        XCTAssertEqual(try results(index, "peking"), ["Beijing, CN other Peking"])
        XCTAssertEqual(try results(index, "beijing"), ["Beijing, CN prefix"], "Běijīng folds to the city's own name")
        XCTAssertEqual(try results(index, "лондон"), [], "not Latin script")
        XCTAssertEqual(try results(index, "伦敦"), [], "not Latin script")
        XCTAssertEqual(try results(index, "tinytown"), [], "a place under 15,000 people keeps no other names")
        XCTAssertEqual(try results(index, "londres", limit: 2), ["Londres, AR prefix", "Saint-Martin-de-Londres, FR word"])
        // Top matches take the cities whose other name the query spells whole, and only those (SPEC §4c); a first page
        // that holds all its matches ranks them itself, by the population their rows carry.
        XCTAssertEqual(try index.topMatches("londres").first?.id, 1, "London, by its other name Londres, is the largest")
        XCTAssertEqual(try index.topMatches("londres gb").map(\.id), [1], "the other name, a space and the country")
        XCTAssertFalse(try index.topMatches("londr").map(\.id).contains(1), "a mere prefix of an other name is not a top match")
        XCTAssertFalse(try index.topMatches("pe").map(\.id).contains(6), "`pe` does not bring up Beijing through Peking")
        XCTAssertEqual(try index.topMatches("peking").map(\.id), [6])

        let words = try String(contentsOf: folder.appendingPathComponent("search/words/0.json"), encoding: .utf8)
        XCTAssertTrue(words.contains(#"[1,"London","GB",51.5,-0.1,8961989,0,"","","Londres"]"#), "a name that ranks carries the population: \(words)")
        XCTAssertFalse(words.contains("londres gb"), "the key is folded by the reader, not written")
    }

    func testWithoutPlacesTheWordIndexHasNoOtherNames() throws {
        let catalog = Fixtures.catalog([(1, "London", "GB", 51.5, -0.1), (2, "Saint-Martin-de-Londres", "FR", 43.8, 3.7)])
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048))
        let json = String(decoding: SiteFiles(site: site, templates: try TemplateSet()).contents(.wordShard(0, .json)), as: UTF8.self)
        XCTAssertEqual(json, #"{"version":8,"entries":[[2,"Saint-Martin-de-Londres","FR",43.8,3.7,0,0,"","de londres fr"],[2,"Saint-Martin-de-Londres","FR",43.8,3.7,0,0,"","londres fr"],[2,"Saint-Martin-de-Londres","FR",43.8,3.7,0,0,"","martin de londres fr"]]}"# + "\n")
    }

    /// 300 cities named from a few syllables, two thirds of them places of 15,000 or more with up to four other names
    /// from the same syllables (some repeated, some their own name, some not Latin); small shards, so that runs span
    /// them. Every prefix of every key gives the oracle's sequence: prefix and word matches as before, then the
    /// cities found only by another name, by their least matching key, then list order.
    func testEveryPrefixOfEveryKeyGivesTheOraclesSequence() throws {
        var generator = SeededGenerator(seed: 4)
        let syllables = ["San", "ta", "Mar", "o", "Ñu", "la", "Rio"]
        func name() -> String {
            (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                (0..<Int.random(in: 1...2, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined()
            }.joined(separator: " ")
        }
        var cities: [CityRow] = [], populations: [Int: Int] = [:], otherNames: [Int: String] = [:]
        for id in 1...300 {
            cities.append((id, name(), ["US", "FR", ""].randomElement(using: &generator)!, Double(id % 80), Double(id % 170)))
            if id % 3 != 0 {
                populations[id] = id % 5 == 0 ? 9_000 : 20_000
                otherNames[id] = ((0..<Int.random(in: 0...4, using: &generator)).map { _ in name() } + (id % 7 == 0 ? ["Сан"] : [])).joined(separator: ",")
            }
        }
        let index = try index(cities, populations: populations, otherNames: otherNames, shardSize: 1024)

        let catalog = Fixtures.catalog(cities)
        let order = Dictionary(uniqueKeysWithValues: catalog.cities.enumerated().map { ($0.element.id, $0.offset) })
        func key(_ text: String, _ country: String) -> String { Fold.fold(text) + (country.isEmpty ? "" : " " + Fold.fold(country)) }
        let oracle = cities.map { city -> (id: Int, keys: [String], others: [(key: String, name: String)]) in
            let words = Fold.fold(city.name).split(separator: " ").map(String.init)
            var seen: Set<String> = [Fold.fold(city.name)]
            let others = (populations[city.id] ?? 0) < 15_000 ? [] : (otherNames[city.id] ?? "").split(separator: ",").map(String.init)
                .filter { $0 != "Сан" && seen.insert(Fold.fold($0)).inserted }.map { (key($0, city.country), $0) }
            return (city.id, (0..<words.count).map { key(words[$0...].joined(separator: " "), city.country) }, others)
        }
        func expectedOthers(_ query: String) -> [String] {
            let q = Fold.fold(query)
            return oracle.compactMap { city -> (key: String, order: Int, text: String)? in
                guard !q.isEmpty, !city.keys.contains(where: { $0.hasPrefix(q) }),
                    let first = city.others.filter({ $0.key.hasPrefix(q) }).min(by: { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })
                else { return nil }
                return (first.key, order[city.id]!, "\(city.id) \(first.name)")
            }.sorted { $0.key != $1.key ? $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) : $0.order < $1.order }.map(\.text)
        }
        func expectedExact(_ query: String) -> [Int] {
            let q = Fold.fold(query)
            let words = oracle.compactMap { city -> (key: String, order: Int, id: Int)? in
                guard !city.keys[0].hasPrefix(q),
                    let first = city.keys.dropFirst().filter({ $0.hasPrefix(q) }).min(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
                else { return nil }
                return (first, order[city.id]!, city.id)
            }.sorted { $0.key != $1.key ? $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) : $0.order < $1.order }
            return CatalogSearch(catalog).search(query).map { catalog.cities[$0].id } + words.map(\.id)
        }
        var queries: Set<String> = ["", "...", "SAN", "sàn", "ñu", "nu", "san ta", "san us", "zzz", String(repeating: "ma", count: 500), "Сан"]
        for city in oracle { for key in city.keys + city.others.map(\.key) { for n in 1...key.count { queries.insert(String(key.prefix(n))) } } }
        var withOthers = 0
        for query in queries.sorted() {
            let found = try index.searchBlocks(query)
            let others = found.filter { $0.block == .other }.map { "\($0.entry.id) \($0.entry.otherName!)" }
            XCTAssertEqual(others, expectedOthers(query), query)
            let blocks: [SearchIndex.Block] = [.prefix, .word, .other, .typo]
            XCTAssertEqual(found.map(\.block), found.map(\.block).sorted { blocks.firstIndex(of: $0)! < blocks.firstIndex(of: $1)! }, query)
            XCTAssertEqual(Set(found.map(\.entry.id)).count, found.count, "each city once: \(query)")
            if !Fold.fold(query).isEmpty {
                XCTAssertEqual(found.filter { $0.block == .prefix || $0.block == .word }.map(\.entry.id), expectedExact(query), "§4 and §4b as before: \(query)")
            }
            withOthers += others.isEmpty ? 0 : 1
        }
        XCTAssertGreaterThan(withOthers, 100)
    }
}
