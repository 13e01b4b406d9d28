import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// One search in two languages: the browser's search core (the script the site ships, run by Node) and Swift's
/// (`SearchIndex`, what `citygen search` answers with) give every query the same whole first page: its rows in
/// order with their blocks and labels, the other name a row was found by, the top matches, and the index files read
/// on a fresh page. The index is built here from a part of the real snapshot with GeoNames' own places as Debian
/// installs them (word shards, other names in many scripts, typo buckets, the top matches table), small shards so
/// that runs cross files; the queries are drawn from it with a seed.
final class SearchParityTests: XCTestCase {
    /// What one query's first page is, as both cores report it.
    struct Answer: Codable, Equatable {
        let query: String
        /// Each row: its id, block (`prefix`, `word`, `other`, `typo`), label and the other name it was found by.
        let rows: [[String]]
        let top: [Int]
        /// The index files read, by path below `search/`, sorted.
        let files: [String]
    }

    func testTheScriptAndSwiftGiveEveryQueryTheSameFirstPage() async throws {
        guard let node = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("node is not installed (scripts/test installs it)") }
        let geoNames = URL(fileURLWithPath: "/usr/share/libtimezonemap/ui")
        guard FileManager.default.fileExists(atPath: geoNames.appendingPathComponent("cities15000.txt").path) else {
            throw XCTSkip("libtimezonemap-data is not installed (scripts/test installs it)")
        }
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (site, cities) = try await buildSubset(in: folder, geoNames: geoNames)
        let queries = Self.queries(cities, seed: 62)
        XCTAssertGreaterThan(queries.count, 3_000)

        let index = try SearchIndex(site: site)
        let swift = try queries.map { try swiftAnswer($0, index: index.afresh()) }
        let script = try scriptAnswers(queries, site: site, node: node, folder: folder)
        XCTAssertEqual(script.count, swift.count)
        let differences = zip(swift, script).filter { $0 != $1 }
        for (a, b) in differences.prefix(5) {
            XCTFail("\"\(a.query)\":\n  swift  \(a.rows.prefix(8)) top \(a.top) files \(a.files)\n  script \(b.rows.prefix(8)) top \(b.top) files \(b.files)")
        }
        XCTAssertEqual(differences.count, 0, "queries answered differently, of \(queries.count)")
        // The kinds of query all come up.
        print("search parity: \(queries.count) queries, \(differences.count) answered differently; with word matches "
            + "\(swift.filter { $0.rows.contains { $0[1] == "word" } }.count), other names \(swift.filter { $0.rows.contains { $0[1] == "other" } }.count), "
            + "typos \(swift.filter { $0.rows.contains { $0[1] == "typo" } }.count), top matches \(swift.filter { !$0.top.isEmpty }.count), "
            + "none \(swift.filter { $0.rows.isEmpty }.count)")
        XCTAssertGreaterThan(swift.filter { $0.rows.contains { $0[1] == "word" } }.count, 100, "word matches")
        XCTAssertGreaterThan(swift.filter { $0.rows.contains { $0[1] == "other" } }.count, 100, "other names")
        XCTAssertGreaterThan(swift.filter { $0.rows.contains { $0[1] == "typo" } }.count, 100, "typos")
        XCTAssertGreaterThan(swift.filter { !$0.top.isEmpty }.count, 500, "top matches")
        XCTAssertGreaterThan(swift.filter { $0.files.contains { $0.hasPrefix("top/") } }.count, 50, "the top matches table")

        // The numbers both sides search by are Swift's, written once into the manifest, and the script takes its own
        // from there: the same index with other numbers in its manifest gives other pages.
        let manifestFile = site.appendingPathComponent("search/manifest.json")
        XCTAssertEqual(try IndexManifest(json: Data(contentsOf: manifestFile), file: "manifest.json").contract, SearchContract.current)
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as! [String: Any]
        var contract = manifest["contract"] as! [String: Int]
        XCTAssertEqual(Set(contract.keys).count, 12)
        // Queries whose first page holds more than 7 rows and ranks 3 or more top matches itself (no table file).
        let ranking = swift.filter { $0.rows.count > 7 && $0.top.count >= 3 && !$0.files.contains { $0.hasPrefix("top/") } }.prefix(20)
        XCTAssertEqual(ranking.count, 20)
        func answers(page: Int, top: Int) throws -> [Answer] {
            (contract["page"], contract["top"]) = (page, top)
            manifest["contract"] = contract
            try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
            return try scriptAnswers(ranking.map(\.query), site: site, node: node, folder: folder)
        }
        XCTAssertEqual(try answers(page: 7, top: 5).map(\.rows), ranking.map { Array($0.rows.prefix(7)) }, "a page of the manifest's size")
        XCTAssertEqual(try answers(page: 50, top: 2).map(\.top), ranking.map { Array($0.top.prefix(2)) }, "as many top matches as it says")
    }

    /// A site of a tenth of the snapshot and every city GeoNames' file joins, shards of 4 KiB.
    private func buildSubset(in folder: URL, geoNames: URL) async throws -> (site: URL, cities: [(name: String, country: String, otherNames: [String])]) {
        let snapshot = try Data(contentsOf: Fixtures.shared.appendingPathComponent("data/cities.json.gz"))
        let all = try CityDecoder.decode(snapshot, sourceName: "cities.json.gz").cities
        var joined = Set<Int>(), otherNames: [Int: [String]] = [:]
        for line in try String(contentsOf: geoNames.appendingPathComponent("cities15000.txt"), encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let id = Int(fields[0]) else { continue }
            joined.insert(id)
            otherNames[id] = fields[3].split(separator: ",").map(String.init)
        }
        let chosen = all.enumerated().filter { $0.offset % 10 == 0 || ($0.offset % 3 == 0 && joined.contains($0.element.id)) }.map(\.element)
        let source = folder.appendingPathComponent("cities.json")
        try Fixtures.json(chosen.map { (id: $0.id, name: $0.name, country: $0.country, lat: $0.latitude, lon: $0.longitude) }).write(to: source)
        var options = BuildOptions()
        options.source = .file(source.path)
        options.output = folder.appendingPathComponent("site")
        options.formats = [.html]
        options.shardSize = 4096
        options.places = .geoNames(
            cities: .file(geoNames.appendingPathComponent("cities15000.txt").path), admin1: .file(geoNames.appendingPathComponent("admin1Codes.txt").path),
            countries: .file(geoNames.appendingPathComponent("countryInfo.txt").path))
        // The index and the script alone, as the build writes them: planned, not rendered.
        let planned = try await BuildService(options: options).planInMemory()
        for path in planned.paths where path.hasPrefix("search/") || path == "assets/search.js" {
            let url = options.output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(planned.file(at: path)!).write(to: url)
        }
        return (options.output, chosen.map { ($0.name, $0.country, otherNames[$0.id] ?? []) })
    }

    /// Queries of every kind, seeded: prefixes of names, with the country and without, later words, other names
    /// spelled whole, typos of one and two edits (the first letter kept, and not), punctuation, case and accents,
    /// other scripts, very long and unknown ones.
    static func queries(_ cities: [(name: String, country: String, otherNames: [String])], seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var queries = ["", "   ", "...", "-", "a", "zzzzqx", String(repeating: "x", count: 300), "москва", "北京", "ΑΘΗΝΑ", "القاهرة",
                       "SÃO", "córdoba", "CORDOBA", "london, gb", "la e", "san j", "new y", "de mayo", "Saint-", "st. l"]
        let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        for _ in 0..<700 {
            let city = cities.randomElement(using: &generator)!
            let name = city.name
            queries.append(String(name.prefix(Int.random(in: 1...max(1, name.count), using: &generator))))
            queries.append("\(name), \(city.country)")
            let words = name.split(separator: " ")
            if words.count > 1 { queries.append(words.dropFirst().joined(separator: " ")) }
            if let other = city.otherNames.randomElement(using: &generator) { queries.append(other) }
            let folded = Array(Fold.fold(name).unicodeScalars)
            for edits in [1, 2] {
                if let typo = Misspelling.edited(folded, edits: edits, letters: letters, using: &generator) {
                    queries.append(String(String.UnicodeScalarView(typo)))
                }
            }
            if folded.count > 4 {  // an edit of the first letter
                var first = folded
                first[0] = letters.randomElement(using: &generator)!
                queries.append(String(String.UnicodeScalarView(first)))
            }
            queries.append(name.uppercased())
            queries.append(name.replacingOccurrences(of: " ", with: "-") + "!")
        }
        var seen = Set<String>()
        return queries.filter { seen.insert($0).inserted }
    }

    private func swiftAnswer(_ query: String, index: SearchIndex) throws -> Answer {
        let page = try index.firstPage(query)
        let top = try index.topMatches(query, of: page)
        let rows = page.results.map { [String($0.entry.id), $0.block.rawValue, $0.entry.label, $0.entry.otherName ?? ""] }
        let files = index.shardLoads.map { "shards/\($0)" } + index.wordShardLoads.map { "words/\($0)" }
            + index.topLoads.map { "top/\($0)" } + index.typoLoads.map { "typos/\($0)" }
        return Answer(query: query, rows: rows, top: top.map(\.id), files: files.sorted())
    }

    /// Every query's first page as the site's own script finds it, under Node, reading the index's files from disk.
    private func scriptAnswers(_ queries: [String], site: URL, node: String, folder: URL) throws -> [Answer] {
        let script = try String(contentsOf: site.appendingPathComponent("assets/search.js"), encoding: .utf8)
        let input = folder.appendingPathComponent("queries.json"), output = folder.appendingPathComponent("answers.json")
        try JSONSerialization.data(withJSONObject: queries).write(to: input)
        let index = site.appendingPathComponent("search").path + "/"
        let harness = """
            const fs = require('fs');
            const page = { getAttribute: () => null, querySelectorAll: () => [], querySelector: () => null, prepend: () => {} };
            global.window = global;
            global.location = { href: 'http://127.0.0.1/', protocol: 'http:', search: '' };
            global.localStorage = { getItem: () => null, setItem: () => {} };
            global.document = { documentElement: { lang: 'en' }, body: page, getElementById: () => null, querySelector: () => null,
              querySelectorAll: () => [], createElement: () => ({ setAttribute() {}, addEventListener() {} }) };
            let read = [];
            global.fetch = (url) => {
              read.push(url.slice(\(JSONText.quoted(index)).length).replace(/\\.json$/, ''));
              try {
                const text = fs.readFileSync(url, 'utf8');
                return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(JSON.parse(text)) });
              } catch (error) { return Promise.resolve({ ok: false, status: 404, json: () => Promise.reject(error) }); }
            };
            \(script)
            const core = window.citygenCore;
            function block(e) { return e.typo ? 'typo' : e.other ? 'other' : (e.key.indexOf('\\t') >= 0 || e.key === '') ? 'prefix' : 'word'; }
            (async () => {
              const answers = [];
              for (const text of JSON.parse(fs.readFileSync(\(JSONText.quoted(input.path)), 'utf8'))) {
                core.open(\(JSONText.quoted(index)));
                read = [];
                const query = new core.Query(text, false);
                await query.next(true);
                const top = await query.topMatches();
                answers.push({ query: text, rows: query.results.map(e => [String(e.id), block(e), core.label(e), e.other || '']),
                  top: top.map(e => e.id), files: read.filter(n => n !== 'manifest').sort() });
              }
              fs.writeFileSync(\(JSONText.quoted(output.path)), JSON.stringify(answers));
            })();
            """
        let file = folder.appendingPathComponent("parity.js")
        try harness.write(to: file, atomically: true, encoding: .utf8)
        let result = try ChildProcess.output([node, file.path])
        XCTAssertEqual(result.status, 0, "node stopped")
        return try JSONDecoder().decode([Answer].self, from: Data(contentsOf: output))
    }
}
