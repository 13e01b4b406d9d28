import Foundation
import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// The sharded index (SPEC §7): written by the build, read back the way the browser client reads it.
final class SearchIndexTests: SiteTestCase {
    /// 600 generated cities in tiny shards, so that runs cross shard boundaries.
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = {
        let words = ["a", "ab", "abc", "b", "ba", "São", "sao", "Ærø", "a-b", "-", "zz", "Z", "Łódź", "北京", "𠀋", "\u{E000}x"]
        var generator = SeededGenerator(seed: 42)
        return (1...600).map { id in
            let count = Int.random(in: 1...3, using: &generator)
            let name = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            return (id, name, ["", "US", "UA", "GB", "AR"].randomElement(using: &generator)!, 1.5, -2.25)
        }
    }()
    /// The cities a build keeps: SPEC §1 skips a name that folds to nothing (`-`).
    static let kept = cities.filter { !Fold.fold($0.name).isEmpty }

    private func index(shardSize: Int = 1024) async throws -> (SearchIndex, CityCatalog) {
        try await build(Fixtures.json(Self.cities)) { $0.shardSize = shardSize }
        let catalog = Fixtures.catalog(Self.kept)
        return (try SearchIndex(site: folder.appendingPathComponent("site")), catalog)
    }

    func testShardsAreConsecutiveBoundedAndKeepEqualKeysTogether() async throws {
        try await build(Fixtures.json(Self.cities)) { $0.shardSize = 1024 }
        let catalog = Fixtures.catalog(Self.kept)
        let writer = SearchIndexWriter(catalog: catalog, shardSize: 1024)
        let shards = writer.shards()
        XCTAssertGreaterThan(shards.count, 15)
        XCTAssertEqual(shards.first?.range.lowerBound, 0)
        XCTAssertEqual(shards.last?.range.upperBound, catalog.count)
        for (a, b) in zip(shards, shards.dropFirst()) {
            XCTAssertEqual(a.range.upperBound, b.range.lowerBound)
            XCTAssertNotEqual(writer.key(a.range.upperBound - 1), writer.key(b.range.lowerBound), "a run of equal keys was split")
        }
        for (n, shard) in shards.enumerated() {
            let json = writer.json(shard)
            XCTAssertLessThanOrEqual(json.count, 1024)
            let file = try Data(contentsOf: folder.appendingPathComponent("site/search/shards/\(n).json"))
            XCTAssertEqual(file, Data(json))
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: file))
            let script = try String(contentsOf: folder.appendingPathComponent("site/search/shards/\(n).js"), encoding: .utf8)
            XCTAssertTrue(script.hasPrefix("citygenIndex(\"shards/\(n)\",{\"version\":\(IndexManifest.formatVersion),"), script)
        }
    }

    /// Word shards keep to the size bound even where one word key is shared by more cities than a shard holds: the
    /// run spans shards, and every shard after its first has the whole key as its bound.
    func testWordShardsStayBoundedWhenAKeySpansShards() throws {
        let many = (1...200).map { (id: $0, name: "Lake County", country: "US", lat: 1.0, lon: 2.0) }
        let catalog = Fixtures.catalog(many + [(id: 201, name: "Lake Countz", country: "US", lat: 1, lon: 2)])
        let writer = SearchIndexWriter(catalog: catalog, shardSize: 1024)
        let words = WordIndexRows(words: WordKeys(catalog: catalog), otherNames: OtherNameKeys(catalog: catalog, places: nil))
        let shards = writer.wordShards(words)
        XCTAssertGreaterThan(shards.count, 5, "200 entries of one key do not fit one 1 KiB shard")
        for shard in shards { XCTAssertLessThanOrEqual(writer.wordJSON(shard, words).count, 1024) }
        let bounds = SearchIndexWriter.bounds(shards, key: words.key)
        XCTAssertEqual(Set(bounds.dropFirst().dropLast()), ["county us"], "\(bounds)")
    }

    func testSeparatorsAreShortAndBetweenTheirNeighbours() {
        func separator(_ a: String, _ b: String) -> String {
            String(decoding: SearchIndexWriter.separator(after: Array(a.utf8), upTo: Array(b.utf8)), as: UTF8.self)
        }
        XCTAssertEqual(separator("london\tgb", "londonderry\tgb"), "londond")  // "london" sorts before "london\tgb"
        XCTAssertEqual(separator("ab\tus", "b\tus"), "b")
        XCTAssertEqual(separator("a", "ab"), "ab")
        XCTAssertEqual(separator("zzz", "北京"), "北")  // whole characters only
    }

    /// The index gives exactly what the oracles give (the catalog's binary search for SPEC §4, a linear scan of
    /// every city's word keys for §4b), for every kind of query, whole and in pages.
    func testIndexAgreesWithCatalogSearch() async throws {
        let (index, catalog) = try await index()
        let words = WordMatchOracle(catalog)
        let queries = [
            "a", "A B", "ab a", "sao", "São", "s", "z", "zz", "a a", "a u", "ae", "aero", "b b b", "zz a", "a ab u", "c",
            "u", "us", "by", "b us", "lodz", "北", "北京", "𠀋", "\u{E000}", "a-b", "a, us", "ab, ua", "-", "",
            "a us", "a ua", "b ar", "zz gb", "sao",  // exact word keys, whose runs span the tiny word shards
        ]
        for query in queries {
            let expected = Fold.fold(query).isEmpty ? Array(0..<catalog.count) : CatalogSearch(catalog).fullSearch(query, words: words)
            XCTAssertEqual(try index.search(query).map(\.id), expected.map { catalog.cities[$0].id }, "query \(query.debugDescription)")
            for limit in [1, 7, 50] {
                XCTAssertEqual(try SearchIndex(site: index.site).search(query, limit: limit).map(\.id),
                    expected.prefix(limit).map { catalog.cities[$0].id }, "query \(query.debugDescription), limit \(limit)")
            }
        }
        XCTAssertGreaterThan(words.matches("zz", excluding: CatalogSearch(catalog).search("zz")).count, 20, "the fixture has word matches")
    }

    /// SPEC §4b's examples: after the prefix matches come the cities with a later word where the query starts,
    /// ordered by the word key that matched, each once; punctuation, case and accents fold as in §4.
    func testWordMatchesFollowThePrefixMatches() async throws {
        try await build(Fixtures.json([
            (1, "York", "GB", 53.96, -1.08), (2, "New York", "US", 40.71, -74.01), (3, "East York", "CA", 43.69, -79.33),
            (4, "Saint-Denis", "FR", 48.94, 2.36), (5, "Saint-Denis-d’Oléron", "FR", 46.03, -1.38), (6, "25 de Mayo", "UY", -34.19, -57.57),
            (7, "Mayo", "IE", 53.9, -9.3), (8, "York York", "US", 1, 1), (9, "Yorkton", "CA", 51.21, -102.46), (10, "Old York", "", 2, 2),
        ])) { $0.shardSize = 1024 }
        let index = try SearchIndex(site: folder.appendingPathComponent("site"))
        func labels(_ query: String, limit: Int = .max) throws -> [String] {
            try index.search(query, limit: limit).map { $0.country.isEmpty ? $0.name : "\($0.name), \($0.country)" }
        }
        // "york" < "york ca" < "york us": Old York (no country), then East York, then New York and York York (§3).
        XCTAssertEqual(try labels("york"), ["York, GB", "York York, US", "Yorkton, CA", "Old York", "East York, CA", "New York, US"])
        XCTAssertEqual(try labels("YORK u"), ["New York, US", "York York, US"])  // both "york us": then §3
        XCTAssertEqual(try labels("york", limit: 4), ["York, GB", "York York, US", "Yorkton, CA", "Old York"])
        XCTAssertEqual(try labels("denis"), ["Saint-Denis-d’Oléron, FR", "Saint-Denis, FR"])  // "denis doleron fr" < "denis fr"
        XCTAssertEqual(try labels("doléron"), ["Saint-Denis-d’Oléron, FR"])
        XCTAssertEqual(try labels("de mayo"), ["25 de Mayo, UY"])
        XCTAssertEqual(try labels("mayo"), ["Mayo, IE", "25 de Mayo, UY"])
        XCTAssertEqual(try labels("mayo u"), ["25 de Mayo, UY"])
        XCTAssertEqual(try labels("zork"), [])
        XCTAssertEqual(try labels("...").count, 10, "a query that folds to nothing lists from the start")
        XCTAssertGreaterThan(index.wordShardLoads.count, 0)
    }

    func testInvalidAndUnknownQueries() async throws {
        let (index, _) = try await index()
        for query in [String(repeating: "a", count: 10_240), "q", "zzzz", "ab" + String(repeating: "x", count: 5_000), "北京 q"] {
            XCTAssertEqual(try index.search(query), [], "query \(query.prefix(12).debugDescription)")
        }
        // SPEC §4: a query that folds to nothing shows the start of the list, like the empty query.
        let start = try index.search("", limit: 3)
        XCTAssertEqual(start.count, 3)
        for query in ["   ", ",,,", "--", "’", "...", "\u{10FFFF}", String(repeating: "!?", count: 5_000)] {
            XCTAssertEqual(try index.search(query, limit: 3), start, "query \(query.prefix(12).debugDescription)")
        }
    }

    func testLimitAndShardLoads() async throws {
        let (index, catalog) = try await index()
        let all = CatalogSearch(catalog).search("a")
        XCTAssertGreaterThan(all.count, 100)
        let first = try index.search("a", limit: 50)
        XCTAssertEqual(first.map(\.id), all.prefix(50).map { catalog.cities[$0].id })
        XCTAssertLessThanOrEqual(index.shardLoads.count, 3)  // tiny 1 KiB shards hold about 15 cities
        let loads = index.shardLoads.count
        _ = try index.search("a", limit: 50)
        XCTAssertEqual(index.shardLoads.count, loads, "a shard is read once")
    }

    func testFavoritesNeedNoShard() async throws {
        try await build(Fixtures.json(Self.cities)) {
            $0.shardSize = 1024
            $0.favorites = [.id(1), .id(2), .id(3)]
        }
        let index = try SearchIndex(site: folder.appendingPathComponent("site"))
        let catalog = Fixtures.catalog(Self.kept)
        let favorites = try index.favorites(matching: "")
        XCTAssertEqual(favorites.map(\.id), catalog.cities.map(\.id).filter { [1, 2, 3].contains($0) })
        let first = favorites[0]
        XCTAssertEqual(try index.favorites(matching: first.name).first?.id, first.id)
        XCTAssertEqual(try index.favorites(matching: ",,,"), favorites, "a query that folds to nothing lists them all")
        XCTAssertEqual(try index.favorites(matching: "zzzz"), [])
        XCTAssertEqual(index.shardLoads, [])
    }

    func testMissingIndexIsAClearError() {
        let site = folder.appendingPathComponent("nowhere")
        XCTAssertThrowsError(try SearchIndex(site: site)) { error in
            XCTAssertEqual(
                error as? CityGenError,
                .missingInput(what: "search index (citygen build makes one)", path: site.appendingPathComponent("search/manifest.json").path, reason: nil))
            XCTAssertEqual((error as? CityGenError)?.exitStatus, .missingInput)
        }
    }

    /// A tampered index is an error that names the file, never a crash. Every case is tried, whatever an earlier
    /// one gave.
    func testTamperedIndexIsAnError() async throws {
        _ = try await index()
        let site = folder.appendingPathComponent("site")
        let manifest = site.appendingPathComponent("search/manifest.json")
        let shard = site.appendingPathComponent("search/shards/0.json")
        /// What searching the site for "a" throws (any error, so that a wrong kind is reported, not rethrown), and
        /// the shards it read.
        func search() -> (error: Error?, shardLoads: [Int]) {
            var index: SearchIndex?
            do {
                index = try SearchIndex(site: site)
                _ = try index?.search("a")
                return (nil, index?.shardLoads ?? [])
            } catch {
                return (error, index?.shardLoads ?? [])
            }
        }
        // The intact index answers from the shard that is tampered with below, so its errors come from that shard.
        let intact = search()
        XCTAssertNil(intact.error)
        XCTAssertTrue(intact.shardLoads.contains(0), "\(intact.shardLoads)")

        let original = try Data(contentsOf: manifest)
        for (bytes, reason) in [
            ("{\"version\":99}", "index format 99; this citygen reads \(IndexManifest.formatVersion)"), ("[1,2]", "not a citygen index file"), ("", "not a citygen index file"),
        ] {
            try Data(bytes.utf8).write(to: manifest)
            let error = search().error
            XCTAssertEqual(error as? CityGenError, .invalidIndex(file: manifest.path, reason: reason), "\(bytes): \(String(describing: error))")
        }
        try original.write(to: manifest)
        let originalShard = try Data(contentsOf: shard)
        for bytes in [#"{"version":8,"entries":[[1,"a","US",1,2,0,3]]}"#, #"{"version":8,"entries":[[1,"a","US",1,2,0,1,2]]}"#, #"{"version":8,"entries":[["x","a","US",1,2,"a\tus"]]}"#, #"{"version":8}"#, #"{"version":8,"entries":[[1,"a","US",1,2,"a\tus",0,3]]}"#] {
            try Data(bytes.utf8).write(to: shard)
            let error = search().error
            guard case .invalidIndex(let file, let reason)? = error as? CityGenError else {
                XCTFail("\(bytes): \(String(describing: error))")
                continue
            }
            XCTAssertEqual(file, shard.path, bytes)
            XCTAssertTrue(reason.hasPrefix("malformed"), "\(bytes): \(reason)")
        }
        try originalShard.write(to: shard)
        XCTAssertNil(search().error, "the restored index reads again")
        let manifestValue = try IndexManifest(json: original, file: "m")
        XCTAssertEqual(try IndexManifest(json: Data(manifestValue.json.utf8), file: "m"), manifestValue, "the manifest reads back what it writes")
    }
}
