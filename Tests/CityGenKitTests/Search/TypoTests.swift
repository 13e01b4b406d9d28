import CityGenTestSupport
import XCTest

@testable import CityGenKit

/// SPEC §4c's typo matches: the distance against a direct reading of its definition, and the typo block read back
/// through `SearchIndex` from written `search/` files; the build's count of the places beyond their reach.
final class TypoTests: SiteTestCase {
    /// The definition, written out: the optimal string alignment distance of two whole strings (by recursion), an edit
    /// that changes the first character costing 2, then the least over every prefix of the key.
    private func definition(_ q: [Unicode.Scalar], _ k: [Unicode.Scalar]) -> Int {
        var memo: [Int: Int] = [:]
        func d(_ i: Int, _ j: Int, _ p: [Unicode.Scalar]) -> Int {
            if i == 0 { return j == 0 ? 0 : j + 1 }
            if j == 0 { return i + 1 }
            if let known = memo[i * 1000 + j] { return known }
            let atFirst = i == 1 || j == 1
            var best = min(
                d(i - 1, j, p) + (i == 1 ? 2 : 1), d(i, j - 1, p) + (j == 1 ? 2 : 1),
                d(i - 1, j - 1, p) + (q[i - 1] == p[j - 1] ? 0 : atFirst ? 2 : 1))
            if i > 1, j > 1, q[i - 1] == p[j - 2], q[i - 2] == p[j - 1] { best = min(best, d(i - 2, j - 2, p) + (i == 2 || j == 2 ? 2 : 1)) }
            memo[i * 1000 + j] = best
            return best
        }
        return (0...k.count).map { length in
            memo = [:]
            return d(q.count, length, Array(k[..<length]))
        }.min()!
    }

    func testTheDistanceIsTheLeastOverThePrefixesOfTheKey() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", " ", "é"]
        func text(_ length: ClosedRange<Int>) -> [Unicode.Scalar] {
            (0..<Int.random(in: length, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        var close = 0
        for _ in 0..<3000 {
            let q = text(1...9), k = text(0...12)
            let exact = definition(q, k)
            for limit in 1...2 {
                XCTAssertEqual(TypoDistance.distance(q, toPrefixOf: k, limit: limit), exact <= limit ? exact : nil, "\(q) \(k)")
            }
            close += exact == 1 ? 1 : 0
        }
        XCTAssertGreaterThan(close, 50)
        let scalars = { (s: String) in Array(s.unicodeScalars) }
        XCTAssertEqual(TypoDistance.distance(scalars("londn"), toPrefixOf: scalars("london gb"), limit: 1), 1)
        XCTAssertEqual(TypoDistance.distance(scalars("philadelphai"), toPrefixOf: scalars("philadelphia us"), limit: 2), 1, "a swap")
        XCTAssertNil(TypoDistance.distance(scalars("olndon"), toPrefixOf: scalars("london gb"), limit: 1), "a first letter swapped costs 2")
        XCTAssertEqual(TypoDistance.distance(scalars("pondon"), toPrefixOf: scalars("london gb"), limit: 2), 2, "a first letter replaced costs 2")
        XCTAssertEqual(TypoDistance.distance(scalars("ondon"), toPrefixOf: scalars("london gb"), limit: 2), 2, "a first letter left out costs 2")
        // Of two keys as close, whether the query spells the name whole.
        XCTAssertEqual(TypoDistance.closeness(scalars("kuskh"), toPrefixOf: scalars("kushk af"), limit: 1, whole: 5)?.whole, true)
        XCTAssertEqual(TypoDistance.closeness(scalars("kuskh"), toPrefixOf: scalars("kushiro jp"), limit: 1, whole: 7)?.whole, false)
        XCTAssertEqual(TypoDistance.closeness(scalars("kuskh"), toPrefixOf: scalars("kushiro jp"), limit: 1, whole: 7)?.distance, 1)
        XCTAssertEqual(TypoDistance.allowed(scalars("bejing")), 1)
        XCTAssertEqual(TypoDistance.allowed(scalars("philadel")), 2)
    }

    func testAQueryWithFewerThanFiveMatchesGoesOnWithTheClosestThenTheLargest() throws {
        let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
            (1, "London", "GB", 51.5, -0.1), (2, "Londrina", "BR", -23.3, -51.2), (3, "East London", "ZA", -33, 27.9),
            (4, "Lund", "SE", 55.7, 13.2), (5, "Paris", "FR", 48.9, 2.3), (6, "Londonderry", "US", 43, -71), (7, "Lunel", "FR", 43.7, 4.1),
        ] + (10..<16).map { ($0, "Pari \($0)", "FR", 48.0, 2.0) }
        let populations = [1: 8_961_989, 2: 575_377, 3: 478_676, 4: 91_940, 5: 2_138_551, 7: 25_000]
        let catalog = Fixtures.catalog(cities)
        let places = try Fixtures.places(catalog, cities.map { ($0.id, "", populations[$0.id] ?? 0, "PPL", "Etc/UTC") }, regions: ["US.01": "One"])
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048), places: places)
        try Fixtures.writeSearchIndex(of: site, to: folder)
        func results(_ query: String, limit: Int = .max) throws -> [String] {
            try SearchIndex(site: folder).searchBlocks(query, limit: limit).map { "\($0.entry.id) \($0.block.rawValue)" }
        }
        // Distance 1 each (London and East London by a substitution, Londrina too): the names spelled whole first
        // (London, and East London by its word key), largest first; Londonderry has no known population, so it is no
        // typo place.
        XCTAssertEqual(try results("londn"), ["1 typo", "3 typo", "2 typo"])
        XCTAssertEqual(try results("LÖNDN"), try results("londn"), "folded first")
        XCTAssertEqual(try results("londn", limit: 2), ["1 typo", "3 typo"])
        // One match: then London, Londrina, East London (`lond`, a substitution) and Lunel (`lun`, a deletion), by
        // population.
        XCTAssertEqual(try results("lund"), ["4 prefix", "1 typo", "2 typo", "3 typo", "7 typo"])
        // Two edits from 8 characters on.
        XCTAssertEqual(try results("lodnrina br"), ["2 typo"], "a swap and a deletion")
        XCTAssertEqual(try results("pari"), (10..<16).map { "\($0) prefix" } + ["5 prefix"], "5 matches or more: no typos")
        for query in [String(repeating: "x", count: 1000), "北京", "Paris北京"] {
            let index = try SearchIndex(site: folder)
            XCTAssertEqual(try index.searchBlocks(query).filter { $0.block == .typo }.count, 0, query)
            XCTAssertEqual(index.typoLoads, [], "no letter of a typo place, or longer than all: \(query)")
        }
        let short = try SearchIndex(site: folder)
        _ = try short.search("lodn")
        XCTAssertEqual(short.typoLoads, [0], "under 5 characters, the largest places: one file holds these few")
        // From 5 characters, the query's buckets (`l d`; no place is in `l n`), not the largest places' file.
        let long = try SearchIndex(site: folder)
        _ = try long.search("londn")
        XCTAssertEqual(long.typoLoads.count, 1)
        XCTAssertFalse(long.typoLoads.contains(0))
    }

    /// Places as close, as whole and as large are in SPEC §3 order, whichever bucket file holds them: `tanma` reads
    /// the buckets `t a` (Tanna's) and `t m` (Tanmo's), in that order, and lists Tanmo first.
    func testTiesAcrossBucketFilesAreInListOrder() throws {
        let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
            (1, "Tanna", "VU", -19.5, 169.3), (2, "Tanmo", "XX", 10, 10), (3, "Tanmo", "AA", 11, 11), (4, "Tanga", "TZ", -5.1, 39.1),
        ]
        let catalog = Fixtures.catalog(cities)
        let places = try Fixtures.places(catalog, cities.map { ($0.id, "", $0.id == 4 ? 250_000 : 20_000, "PPL", "Etc/UTC") }, regions: ["VU.01": "One"])
        let site = Site(catalog: catalog, settings: .init(shardSize: 2048), places: places)
        try Fixtures.writeSearchIndex(of: site, to: folder)
        let index = try SearchIndex(site: folder)
        XCTAssertEqual(try index.searchBlocks("tanma").map { "\($0.entry.label) \($0.block.rawValue)" },
            ["Tanga, TZ typo", "Tanmo, AA typo", "Tanmo, XX typo", "Tanna, VU typo"])
        XCTAssertEqual(index.typoLoads.count, 2, "two bucket files")
    }

    /// SPEC §4c's reach held by the build: places of 15,000 people or more that no bucket holds (here 676 towns
    /// `Tan…` in buckets of 1 KiB: the largest are kept) are counted in the report and warned of with their first
    /// names; `--strict` makes them an error (exit 65) that leaves the previous site as it was.
    func testPlacesBeyondTheTyposReachAreCountedWarnedOfAndFatalWithStrict() async throws {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        let cities = letters.flatMap { a in letters.map { b in "Tan\(a)\(b)o" } }.enumerated().map { n, name in
            (id: n + 1, name: name, country: "XX", lat: Double(n % 80), lon: Double(n % 170))
        }
        let files = Fixtures.geoNamesFiles(Fixtures.catalog(cities), cities.map { ($0.id, "01", 15_000 + $0.id, "PPL", "Etc/UTC") }, regions: ["XX.01": "One"])
        for (name, text) in [("cities15000.txt", files.table), ("admin1CodesASCII.txt", files.admin1), ("countryInfo.txt", files.countries)] {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let places = PlacesSource(table: .file(folder.appendingPathComponent("cities15000.txt").path))
        let report = try await build(Fixtures.json(cities)) {
            $0.places = places
            $0.shape.shardSize = 1024
        }
        let count = try XCTUnwrap(report.unreachedByTypos["en"])
        XCTAssertGreaterThan(count, 0)
        XCTAssertLessThan(count, cities.count)
        let warning = try XCTUnwrap(report.warnings.first { $0.contains("beyond the typo search's reach") }, "\(report.warnings)")
        XCTAssertTrue(warning.hasPrefix("\(count) places of 15,000 people or more are beyond the typo search's reach in en"), warning)
        XCTAssertTrue(warning.contains(": Tan"), "the first of their names: \(warning)")
        XCTAssertFalse(warning.contains("strict"), warning)

        let before = try snapshot()
        do {
            try await build(Fixtures.json(cities)) {
                $0.places = places
                $0.shape.shardSize = 1024
                $0.strict = true
            }
            XCTFail("--strict builds with places beyond reach")
        } catch let error as CityGenError {
            guard case .unreachedPlaces(let language, count, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(language, "en")
            XCTAssertEqual(error.exitStatus.rawValue, 65)
        }
        XCTAssertEqual(try snapshot().mapValues(\.0), before.mapValues(\.0), "the previous site as it was")

        // The default shard size holds them all.
        let roomy = try await build(Fixtures.json(cities)) { $0.places = places }
        XCTAssertEqual(roomy.unreachedByTypos, ["en": 0])
    }
}
