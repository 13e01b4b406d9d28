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

    private func index(shardSize: Int = 1024) async throws -> (SearchIndex, CityCatalog) {
        try await build(Fixtures.json(Self.cities)) { $0.shardSize = shardSize }
        let catalog = Fixtures.catalog(Self.cities)
        return (try SearchIndex(site: folder.appendingPathComponent("site")), catalog)
    }

    func testShardsAreConsecutiveBoundedAndKeepEqualKeysTogether() async throws {
        try await build(Fixtures.json(Self.cities)) { $0.shardSize = 1024 }
        let catalog = Fixtures.catalog(Self.cities)
        let writer = SearchIndexWriter(catalog: catalog, shardSize: 1024)
        let shards = writer.shards()
        XCTAssertGreaterThan(shards.count, 20)
        XCTAssertEqual(shards.first?.range.lowerBound, 0)
        XCTAssertEqual(shards.last?.range.upperBound, catalog.count)
        for (a, b) in zip(shards, shards.dropFirst()) {
            XCTAssertEqual(a.range.upperBound, b.range.lowerBound)
            XCTAssertNotEqual(writer.key(a.range.upperBound - 1), writer.key(b.range.lowerBound), "a run of equal keys was split")
        }
        for (n, shard) in shards.enumerated() {
            XCTAssertLessThanOrEqual(shard.json.utf8.count, 1024)
            let file = try Data(contentsOf: folder.appendingPathComponent("site/search/shards/\(n).json"))
            XCTAssertEqual(file, Data(shard.json.utf8))
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: file))
            let script = try String(contentsOf: folder.appendingPathComponent("site/search/shards/\(n).js"), encoding: .utf8)
            XCTAssertTrue(script.hasPrefix("citygenIndex(\"shards/\(n)\",{\"version\":1,"), script)
        }
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

    /// The index gives exactly what the catalog's binary search gives, for every kind of query.
    func testIndexAgreesWithCatalogSearch() async throws {
        let (index, catalog) = try await index()
        let queries = [
            "a", "A B", "ab a", "sao", "São", "s", "z", "zz", "a a", "a u", "ae", "aero", "b b b", "zz a", "a ab u", "c",
            "u", "us", "by", "b us", "lodz", "北", "北京", "𠀋", "\u{E000}", "a-b", "a, us", "ab, ua", "-", "",
        ]
        for query in queries {
            let expected = Fold.fold(query).isEmpty ? Array(0..<catalog.count) : catalog.search(query)
            XCTAssertEqual(try index.search(query).map(\.id), expected.map { catalog.cities[$0].id }, "query \(query.debugDescription)")
        }
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
        let all = catalog.search("a")
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
        let catalog = Fixtures.catalog(Self.cities)
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

    /// A tampered index is an error that names the file, never a crash.
    func testTamperedIndexIsAnError() async throws {
        _ = try await index()
        let site = folder.appendingPathComponent("site")
        let manifest = site.appendingPathComponent("search/manifest.json")
        let shard = site.appendingPathComponent("search/shards/0.json")
        func searchError() throws -> CityGenError? {
            do {
                _ = try SearchIndex(site: site).search("a")
                return nil
            } catch let error as CityGenError {
                return error
            }
        }
        let original = try Data(contentsOf: manifest)
        for (bytes, reason) in [
            ("{\"version\":2}", "index format 2; this citygen reads 1"), ("[1,2]", "not a citygen index file"), ("", "not a citygen index file"),
        ] {
            try Data(bytes.utf8).write(to: manifest)
            XCTAssertEqual(try searchError(), .invalidIndex(file: manifest.path, reason: reason), bytes)
        }
        try original.write(to: manifest)
        for bytes in [#"{"version":1,"entries":[[1,"a","US",1,2]]}"#, #"{"version":1,"entries":[["x","a","US",1,2,"a\tus"]]}"#, #"{"version":1}"#] {
            try Data(bytes.utf8).write(to: shard)
            guard case .invalidIndex(let file, let reason)? = try searchError() else { return XCTFail(bytes) }
            XCTAssertEqual(file, shard.path)
            XCTAssertTrue(reason.hasPrefix("malformed"), reason)
        }
        let manifestValue = try IndexManifest(json: original, file: "m")
        XCTAssertEqual(try IndexManifest(json: Data(manifestValue.json.utf8), file: "m"), manifestValue, "the manifest reads back what it writes")
    }
}
