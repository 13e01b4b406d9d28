import Foundation
import XCTest

/// Exit codes, messages and the promise that a failed build changes nothing (SPEC §1, §8).
final class CommandLineTests: FolderTestCase {

    @discardableResult
    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func tree(_ name: String) throws -> [String: Data] {
        let root = folder.appendingPathComponent(name)
        var files: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! where !url.hasDirectoryPath {
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    func testMalformedJSONExits65WithPositionAndLeavesOutputIntact() throws {
        let good = try write(#"[{"_id":1,"name":"Hurzuf","country":"UA","coord":{"lat":44.5,"lon":34.2}}]"#, to: "good.json")
        XCTAssertEqual(try CommandRunner.run(["build", "--source", good, "--output", "site", "--quiet"], in: folder).status, 0)
        let before = try tree("site")
        // manifest, lock, 2 assets, the icon, 404, 9 search files (the index, the maps' windows), six pages in two formats, 2 maps;
        // the map to explore: map.html, its script and style sheet, Leaflet's 6 files, 801 ground tiles, 4 dot tiles, 1 points leaf, 32 id buckets
        XCTAssertEqual(before.count, 29 + 847)

        let bad = try write("[{\"_id\":1,\n\"name\":\"x\" \"country\":\"UA\"}]", to: "bad.json")
        let result = try CommandRunner.run(["build", "--source", bad, "--output", "site"], in: folder)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr,
            "error: \(bad): malformed JSON: unexpected '\"': expected ',' or '}' at line 2, column 12 (byte offset 22)\n")
        XCTAssertEqual(try tree("site"), before)
    }

    func testQuietPrintsNothingAndSummaryOtherwise() throws {
        let good = try write(#"[{"_id":1,"name":"Hurzuf","country":"UA","coord":{"lat":44.5,"lon":34.2}}]"#, to: "good.json")
        let quiet = try CommandRunner.run(["build", "--source", good, "--output", "site", "--quiet"], in: folder)
        XCTAssertEqual(quiet.stderr + quiet.stdout, "")
        let normal = try CommandRunner.run(["build", "--source", good, "--output", "site"], in: folder)
        XCTAssertTrue(normal.stderr.hasPrefix("Built 1 city → 1 list page, 1 city page, 1 index shard, 0 favorites in site ("), normal.stderr)
        XCTAssertTrue(normal.stderr.hasSuffix("; 0 files written, 874 unchanged, 0 removed)\n"), normal.stderr)
        XCTAssertEqual(normal.stdout, "")
    }

    func testMissingSourceExits66() throws {
        let result = try CommandRunner.run(["build", "--source", "nope.json.gz"], in: folder)
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "error: source file nope.json.gz does not exist\n")
    }

    func testUsageErrorsExit64() throws {
        XCTAssertEqual(try CommandRunner.run(["build", "--page-size", "0"], in: folder).status, 64)
        XCTAssertEqual(try CommandRunner.run(["build", "--no-such-flag"], in: folder).status, 64)
        XCTAssertEqual(try CommandRunner.run(["frobnicate"], in: folder).status, 64)
        let map = try CommandRunner.run(["build", "--map", "sideways", "--output", "site"], in: folder)
        XCTAssertEqual(map.status, 64)
        XCTAssertEqual(map.stderr, "error: --map must be one of locator, embed, none, not \"sideways\"\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "nothing written")
    }

    func testServeTakesTheSitesOptionsOnlyWithWatch() throws {
        for arguments in [["serve", "--source", "x.json"], ["serve", "--templates", "t"], ["serve", "--poll"]] {
            let result = try CommandRunner.run(arguments, in: folder)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--watch"), result.stderr)
        }
        let missing = try CommandRunner.run(["serve", "--watch", "--source", "missing.json"], in: folder)
        XCTAssertEqual(missing.status, 66, "a preview whose source is missing fails as a build does")
        XCTAssertTrue(missing.stderr.contains("missing.json"), missing.stderr)
    }

    func testHelpDescribesTheCommand() throws {
        let result = try CommandRunner.run(["build", "--help"], in: folder)
        XCTAssertEqual(result.status, 0)
        for option in ["--source", "--output", "--page-size", "--templates", "--strict", "--no-fallback", "--quiet", "--places"] {
            XCTAssertTrue(result.stdout.contains(option), option)
        }
        let top = try CommandRunner.run(["--help"], in: folder)
        let help = top.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // as wrapped for the terminal
        XCTAssertTrue(help.contains("Exit codes: 0 ok, 1 no match"), help)
        XCTAssertTrue(help.contains("64 usage, 65 bad data or config, 66 missing input, 69 source unavailable, 73/74 output errors, 75 output locked"), help)
    }

    /// A bad `--places` is a usage error, a bad `places:` a config error; either names what it read, and writes nothing.
    func testBadPlacesExit64ForTheFlagAnd65ForTheConfig() throws {
        let flag = try CommandRunner.run(["build", "--places", "ftp://example.org/cities500.zip", "--output", "site"], in: folder)
        XCTAssertEqual(flag.status, 64)
        XCTAssertEqual(
            flag.stderr, "error: --places must be none or an http(s) URL or a path of a file, not a URL of ftp (\"ftp://example.org/cities500.zip\")\n")
        try write("places: ftp://example.org/cities500.zip\n", to: "citygen.yml")
        let config = try CommandRunner.run(["build", "--output", "site"], in: folder)
        XCTAssertEqual(config.status, 65)
        XCTAssertTrue(config.stderr.hasSuffix("citygen.yml: places: must be none, an http(s) URL or a path of a file, or {cities: …, admin1: …, countries: …, names: …}, each an http(s) URL or a path of a file; not a URL of ftp (\"ftp://example.org/cities500.zip\")\n"), config.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "nothing written")
        // A path as --places takes it: a file that is not there is missing input, named.
        try write("places: everywhere\n", to: "citygen.yml")
        let missing = try CommandRunner.run(["build", "--output", "site"], in: folder)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("everywhere does not exist"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "nothing written")
    }

    func testStrictExits65OnTheFirstInvalidRecord() throws {
        let data = try write(#"[{"_id":1,"name":"A","country":"UA","coord":{"lat":95,"lon":0}}]"#, to: "d.json")
        let result = try CommandRunner.run(["build", "--source", data, "--strict"], in: folder)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("record 0: coord.lat 95.0 is outside [-90, 90] (--strict makes this fatal)"), result.stderr)
        let lenient = try CommandRunner.run(["build", "--source", data], in: folder)
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(lenient.stderr.contains("warning: skipped 1 invalid records: record 0: coord.lat 95.0 is outside"), lenient.stderr)
    }

    func testConfigErrorsExit65AndWriteNothing() throws {
        let data = try write(#"[{"_id":1,"name":"Hurzuf","country":"UA","coord":{"lat":44.5,"lon":34.2}},"#
            + #"{"_id":2,"name":"Hurzuf","country":"UA","coord":{"lat":44.6,"lon":34.3}}]"#, to: "d.json")
        try write("source: d.json\nfavorites: [\"Hurzuf, UA\", 99]\n", to: "citygen.yml")
        let ambiguous = try CommandRunner.run(["build"], in: folder)
        XCTAssertEqual(ambiguous.status, 65)
        XCTAssertEqual(ambiguous.stderr, """
            error: favorite "Hurzuf, UA" matches 2 cities; use one of their ids: 1 (Hurzuf, UA at 44.5000,\u{A0}34.2000), 2 (Hurzuf, UA at 44.6000,\u{A0}34.3000)
            favorite 99: no city has this id

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))

        try write("source: \(data)\npageSise: 10\n", to: "other.yml")
        let typo = try CommandRunner.run(["build", "--config", "other.yml"], in: folder)
        XCTAssertEqual(typo.status, 65)
        XCTAssertTrue(typo.stderr.contains("other.yml: pageSise: unknown key; known keys: source, output"), typo.stderr)

        let missing = try CommandRunner.run(["build", "--config", "nope.yml"], in: folder)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("config file"), missing.stderr)

        // Flags override the file: the same config with a favorite that exists and another page size.
        try write("source: d.json\nfavorites: [2]\npageSize: 5\ntitle: From the file\n", to: "citygen.yml")
        let ok = try CommandRunner.run(["build", "--title", "From the flag", "--output", "site"], in: folder)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let home = try String(contentsOf: folder.appendingPathComponent("site/index.md"), encoding: .utf8)
        XCTAssertTrue(home.hasPrefix("# From the flag\n"), home)
        XCTAssertTrue(home.contains("[favorites](favorites.md) (1)"), home)
    }

    func testCheckReportsBrokenLinksWithExit1() throws {
        let data = try write(#"[{"_id":1,"name":"A","country":"UA","coord":{"lat":1,"lon":2}},{"_id":2,"name":"B","country":"UA","coord":{"lat":1,"lon":2}}]"#, to: "d.json")
        XCTAssertEqual(try CommandRunner.run(["build", "--source", data, "-q"], in: folder).status, 0)
        let clean = try CommandRunner.run(["check"], in: folder)
        XCTAssertEqual(clean.status, 0, clean.stdout)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Output/city/2/2.md"))
        let broken = try CommandRunner.run(["check"], in: folder)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(
            broken.stdout,
            "city/1/1.md: ../2/2.md (no such file)\ncity/1/1.md: ../2/2.md (no such file)\ncountry/UA/1.md: ../../city/2/2.md (no such file)\nlist/1.md: ../city/2/2.md (no such file)\n")
        XCTAssertTrue(broken.stderr.hasSuffix(": 4 broken\n"), broken.stderr)  // city 1 links to city 2 as its next and its nearest
    }
}
