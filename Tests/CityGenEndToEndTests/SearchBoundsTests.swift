import CityGenKit
import CityGenTestSupport
import Foundation
import XCTest

/// SPEC §7's bounds on the real data: for the first 50 results of a query on a fresh page, the manifest plus at
/// most 2 shards, and at most 2 more shards of the word index (§4b); the first page a client shows (`firstPage`:
/// the results that at most 2 shard files hold once it has one) with its top matches, at most 80 KiB in all; and the
/// results are SPEC §4's then §4b's, as the tests' oracles (catalog binary search, word keys scanned linearly) compute
/// them, then §4c's other names.
/// The site has places, so the index's look-alikes carry their regions' names where those tell them apart.
final class SearchBoundsTests: XCTestCase {
    func testFirstResultsOfRealQueriesStayWithinBounds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-bounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A look-alike's entry may carry its region's name.
        try CommandRunner.buildIndexWithPlaces(in: folder)
        let geoNames = CommandRunner.geoNames

        let catalog = CityCatalog(try CityDecoder.decode(Data(contentsOf: CommandRunner.snapshot), sourceName: "snapshot").cities)
        var queries = Set<String>()
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for a in letters {
            queries.insert(a)
            for b in letters { queries.insert(a + b) }
        }
        var generator = SeededGenerator(seed: 2026)  // the same queries every run
        for _ in 0..<400 {
            let city = catalog.cities.randomElement(using: &generator)!
            for length in [1, 3, 5, 8, city.name.count] { queries.insert(String(city.name.prefix(length))) }
            queries.insert("\(city.name), \(city.country)")
            queries.insert("\(city.name) \(city.country.prefix(1))")
        }
        queries.formUnion(["york", "denis", "de mayo", "mayo", "del", "grande", "city", "ville", "beach", "springs", "nuevo", "Saint-Sa", "saint sa", "san j", "new y", "la c", "córdoba", "CORDOBA", "london, gb", "São Paulo", "北京", "Москва", "zzzzzz", "by", "a z", "", "...", "   "])

        let site = folder.appendingPathComponent("Output")
        // Populations from GeoNames' file itself (the snapshot's ids are geonameids), for the top matches' oracle: for
        // the other-name rows that carry none.
        var population: [Int: Int] = [:]
        for line in try String(contentsOfFile: "\(geoNames)/cities15000.txt", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 14, let id = Int(fields[0]), let people = Int(fields[14]), people > 0 { population[id] = people }
        }
        let named: Set = ["roma", "praha", "moskau", "warszawa", "lisboa", "wien", "munchen", "napoli", "londres", "peking"]
        queries.formUnion(named)
        // Misspelt towns of 15,000 people or more, one or two edits each: typo queries that read the buckets (§4c).
        let towns = catalog.cities.filter { (population[$0.id] ?? 0) >= 15_000 }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        for edits in [1, 1, 2] {
            for _ in 0..<50 {
                let name = Array(Fold.fold(towns.randomElement(using: &generator)!.name).unicodeScalars)
                if let query = Misspelling.edited(name, edits: edits, letters: alphabet, using: &generator) {
                    queries.insert(String(String.UnicodeScalarView(query)))
                }
            }
        }
        let words = WordMatchOracle(catalog), oracle = CatalogSearch(catalog)
        // The word keys that the most cities share (`county us`: 1,651), whole and in part: their runs span shards.
        for key in words.mostFrequentKeys(10) { queries.formUnion([key, String(key.prefix(key.count - 1)), String(key.prefix(4))]) }
        // SPEC §7: no file of the index over 32 KiB (its script twin 256 bytes more), word shards included.
        let search = site.appendingPathComponent("search")
        for path in try XCTUnwrap(FileManager.default.subpaths(atPath: search.path)) where path.hasSuffix(".json") || path.hasSuffix(".js") {
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: search.appendingPathComponent(path).path)[.size] as? Int)
            XCTAssertLessThanOrEqual(size, path.hasSuffix(".js") ? 33_024 : 32_768, path)
        }
        var worstLoads = (0, ""), worstWordLoads = (0, ""), overLoads: [String] = [], withOtherNames = 0
        var worstPage = (0, ""), worstTypoPage = (0, ""), shortPages: [String] = [], spelledWhole = 0, typoQueries = 0
        let position = Dictionary(catalog.cities.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        // One index read once: each query asks a copy of it, as a fresh page would (`afresh`).
        let opened = try SearchIndex(site: site)
        for query in queries.sorted() {
            // The first page and its top matches, as a fresh page's first query reads them; then the first 50 results.
            let index = opened.afresh()
            let page = try index.firstPage(query)
            let top = try index.topMatches(query, of: page).map(\.id)
            let loads = "\(query): \(index.shardLoads) \(index.wordShardLoads) \(index.topLoads) \(index.typoLoads)"
            if index.typoLoads.isEmpty {
                if index.bytesRead > worstPage.0 { worstPage = (index.bytesRead, query) }
                XCTAssertLessThanOrEqual(index.bytesRead, 80 * 1024, "first page of \(loads)")
            } else {  // SPEC §4c's budget of a typo query
                typoQueries += 1
                if index.bytesRead > worstTypoPage.0 { worstTypoPage = (index.bytesRead, query) }
                XCTAssertLessThanOrEqual(index.bytesRead, 160 * 1024, "typo query \(loads)")
                XCTAssertLessThanOrEqual(index.shardLoads.count + index.wordShardLoads.count + index.topLoads.count + index.typoLoads.count, 4, loads)
            }
            let found = try index.searchBlocks(query, limit: 50)
            if Fold.fold(query).isEmpty {
                XCTAssertEqual(found.map(\.entry.id), catalog.cities.prefix(50).map(\.id))
            } else {
                // Other names and typos (SPEC §4c) follow; the §4 and §4b sequence is as before.
                let exact = found.filter { $0.block == .prefix || $0.block == .word }.map(\.entry.id)
                XCTAssertEqual(exact, oracle.fullSearch(query, words: words, limit: 50).map { catalog.cities[$0].id }, query)
                if found.count > exact.count { withOtherNames += 1 }
            }
            if index.shardLoads.count > worstLoads.0 { worstLoads = (index.shardLoads.count, query) }
            if index.shardLoads.count > 2 || index.wordShardLoads.count > 2 { overLoads.append(query) }
            if index.wordShardLoads.count > worstWordLoads.0 { worstWordLoads = (index.wordShardLoads.count, query) }
            XCTAssertEqual(page.results.map(\.entry.id), found.prefix(page.results.count).map(\.entry.id), query)
            XCTAssertEqual(page.results.isEmpty, found.isEmpty, query)
            // The top matches of a page that holds all its matches, or stopped short, or of a name in another language,
            // whether the page ranks them or reads the table: those a full read ranks, every §4 and §4b match and every city one of whose other names the query spells whole (alone or with the country),
            // with a population, largest first, then §3.
            if page.results.count < min(50, found.count) { shortPages.append(query) } else if !page.complete, !named.contains(query) { continue }
            let folded = Array(Fold.fold(query).utf8)
            let all = try opened.afresh().searchBlocks(query).filter { result in
                result.block == .prefix || result.block == .word
                    || (result.block == .other && (result.entry.key == folded || Array(Fold.fold(result.entry.otherName!).utf8) == folded))
            }.map(\.entry)
            if all.contains(where: { $0.otherName != nil }) { spelledWhole += 1 }
            var seenIDs = Set<Int>()
            // The entry's own population, else GeoNames' (an other-name row carries it only where it ranks).
            let expected = all.compactMap { entry in (entry.population ?? population[entry.id]).map { (entry, $0) } }.filter { seenIDs.insert($0.0.id).inserted }
                .sorted { ($0.1, position[$1.0.id]!) > ($1.1, position[$0.0.id]!) }.prefix(5).map(\.0.id)
            XCTAssertEqual(top, Array(expected), "top matches of \(query)")
        }
        print("search bounds: \(queries.count) queries; most shards for 50 results: \(worstLoads.0) (\(worstLoads.1)); "
            + "most word shards: \(worstWordLoads.0) (\(worstWordLoads.1)); \(withOtherNames) with other names in their first 50; first page with its top matches: most bytes \(worstPage.0) "
            + "(\(worstPage.1)), \(shortPages.count) shorter than 50 results, \(spelledWhole) spell an other name whole; \(typoQueries) typo queries: most bytes "
            + "\(worstTypoPage.0) (\(worstTypoPage.1))")
        XCTAssertEqual(shortPages, [], "first pages of fewer than 50 results where the query has more (SPEC §7)")
        XCTAssertGreaterThan(typoQueries, 100, "misspelt towns read their typo files")
        XCTAssertGreaterThan(spelledWhole, 0, "queries spell other names whole")
        XCTAssertGreaterThan(withOtherNames, 0, "the index has other names")
        XCTAssertEqual(overLoads, [], "queries needing more than 2 shards, or 2 word shards")
        let york = try SearchIndex(site: site)
        let yorkResults = try york.search("york", limit: 50)
        XCTAssertTrue(yorkResults.contains { $0.name == "New York" && $0.country == "US" }, "york finds New York")
        XCTAssertTrue(try SearchIndex(site: site).search("springfield, us", limit: 50).contains { $0.region != nil }, "the index has regions")
        print("word search: \"york\" reads \(york.bytesRead) bytes (\(york.shardLoads.count) shards, \(york.wordShardLoads.count) word shards)")
    }
}
