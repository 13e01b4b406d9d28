import Foundation
import XCTest

/// What the CLI tells people and machines: progress on a terminal only, `--report json`, and `citygen init`.
final class ReportingTests: FolderTestCase {
    let fixture = #"[{"_id":707860,"name":"Hurzuf","country":"UA","coord":{"lat":44.549999,"lon":34.283333}},"#
        + #"{"_id":2,"name":"Sydney","country":"AU","coord":{"lat":-33.9,"lon":151.2}},{"_id":"bad"}]"#

    override func setUp() {
        super.setUp()
        try! fixture.write(to: folder.appendingPathComponent("cities.json"), atomically: true, encoding: .utf8)
    }

    func testReportJSONDescribesTheBuild() throws {
        let result = try CommandRunner.run(["build", "--source", "cities.json", "--report", "json", "-q"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["status"] as? String, "ok")
        XCTAssertEqual(report["version"] as? Int, 1)
        let source = try XCTUnwrap(report["source"] as? [String: Any])
        XCTAssertEqual(source["kind"] as? String, "file")
        XCTAssertEqual(source["origin"] as? String, "cities.json")
        XCTAssertEqual((source["sha256"] as? String)?.count, 64)
        XCTAssertEqual(source["bytes"] as? Int, fixture.utf8.count)
        let pages = try XCTUnwrap(report["pages"] as? [String: Int])
        XCTAssertEqual(pages, ["cities": 2, "listPages": 1, "cityPages": 2, "indexShards": 1, "favorites": 0])
        let skipped = try XCTUnwrap(report["skipped"] as? [String: Any])
        XCTAssertEqual(skipped["count"] as? Int, 1)
        XCTAssertEqual((skipped["records"] as? [[String: Any]])?.first?["reason"] as? String, "_id is not an integer")
        let files = try XCTUnwrap(report["files"] as? [String: Int])
        // cities, list, home, favorites, country index, 2 countries × 2; 404, 2 assets, the icon, 9 index files, 3 maps;
        // the map to explore: map.html, its script and style sheet, Leaflet's 6 files, 801 ground tiles, 5 dot tiles, 1 points leaf, 32 id buckets
        XCTAssertEqual(files["written"], 34 + 850)
        XCTAssertEqual(files["unchanged"], 0)
        XCTAssertGreaterThan(files["bytesWritten"] ?? 0, 10_000)
        let steps = try XCTUnwrap(report["steps"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(
            steps, ["load", "check", "decode", "sort", "plan", "nearest cities", "index and pages", "prepare output", "maps", "render and write", "finish"])
        XCTAssertEqual((report["warnings"] as? [String])?.count, 0)

        let toFile = try CommandRunner.run(["build", "--source", "cities.json", "--report", "json", "--report-file", "r.json"], in: folder)
        XCTAssertEqual(toFile.stdout, "")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any]
        XCTAssertEqual((saved?["files"] as? [String: Int])?["unchanged"], 34 + 850)
    }

    func testReportJSONOfAFailedBuild() throws {
        try "[1,".write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["build", "--source", "bad.json", "--report", "json"], in: folder)
        XCTAssertEqual(result.status, 65)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["status"] as? String, "error")
        XCTAssertEqual(report["exitCode"] as? Int, 65)
        XCTAssertTrue((report["message"] as? String)?.contains("malformed JSON") == true, result.stdout)
    }

    /// Under a pseudo-terminal the build draws progress bars; piped, it prints only its summary; `--quiet`, nothing.
    func testProgressBarsOnlyOnATerminal() throws {
        let command = "'\(CommandRunner.executable.path)' build --source cities.json --output tty"
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        script.arguments = ["-qec", command, "/dev/null"]
        script.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent(".cache").path
        script.environment = environment
        let output = Pipe()
        script.standardOutput = output
        script.standardInput = FileHandle.nullDevice
        try script.run()
        let terminal = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, terminal)
        XCTAssertTrue(terminal.contains("\r\u{1B}[2KRendering    ["), terminal.debugDescription)
        XCTAssertTrue(terminal.contains("[########################] 100% 884/884 files"), terminal.debugDescription)
        XCTAssertTrue(terminal.contains("Built 2 cities"), terminal)

        let piped = try CommandRunner.run(["build", "--source", "cities.json", "--output", "piped"], in: folder)
        XCTAssertFalse(piped.stderr.contains("Rendering"), piped.stderr)
        XCTAssertFalse(piped.stderr.contains("\r"))
        XCTAssertTrue(piped.stderr.hasSuffix(" removed; 1 record skipped)\n"), piped.stderr)
        let verbose = try CommandRunner.run(["build", "--source", "cities.json", "--output", "verbose", "-v"], in: folder)
        XCTAssertTrue(verbose.stderr.contains("render and write "), verbose.stderr)
        let quiet = try CommandRunner.run(["build", "--source", "cities.json", "--output", "quiet", "-q"], in: folder)
        XCTAssertEqual(quiet.stderr, "")
    }

    /// `citygen init --strings CODE`: the config and the language's table, named as such.
    func testInitWithAStringsTableSaysWhatItWrote() throws {
        let project = folder.appendingPathComponent("words")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let result = try CommandRunner.run(["init", "--strings", "pt"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Wrote 2 files: citygen.yml and strings/pt.yml. Next: citygen build"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("templates").path))
    }

    /// From an empty folder: `citygen init --templates`, edit a template, build, and the site uses both.
    func testInitFromAnEmptyFolderToABuiltSite() throws {
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("cities.json"), to: project.appendingPathComponent("cities.json"))
        let initialised = try CommandRunner.run(["init", "--templates"], in: project)
        XCTAssertEqual(initialised.status, 0, initialised.stderr)
        // Every file of the templates, those of the search client's parts (`templates/search/`) among them.
        let root = project.appendingPathComponent("templates")
        let templates = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &folder) && !folder.boolValue
        }
        XCTAssertGreaterThan(templates.count, 10)
        XCTAssertTrue(templates.contains("search/fold.js"), "\(templates)")
        XCTAssertTrue(initialised.stderr.hasPrefix("Wrote \(templates.count + 1) files: citygen.yml and templates/."), initialised.stderr)
        let config = try String(contentsOf: project.appendingPathComponent("citygen.yml"), encoding: .utf8)
        // The example favorite is a comment: a config from `init` builds any data set.
        for key in ["source:", "output:", "# title:", "# baseURL:", "pageSize:", "formats:", "# host:", "templates:", "# favorites:", "#   - 707860"] {
            XCTAssertTrue(config.contains("\n\(key)"), key)
        }
        let list = project.appendingPathComponent("templates/list.md.mustache")
        try (try String(contentsOf: list, encoding: .utf8)).replacingOccurrences(of: "# {{heading}}", with: "# Our list: {{heading}}")
            .write(to: list, atomically: true, encoding: .utf8)

        // The config names GeoNames' files online; a test downloads nothing.
        let build = try CommandRunner.run(["build", "--source", "cities.json", "--places", "none"], in: project)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("0 favorites in Output"), build.stderr)
        XCTAssertTrue(try String(contentsOf: project.appendingPathComponent("Output/list/1.md"), encoding: .utf8).hasPrefix("# Our list: Cities"))
        XCTAssertTrue(try String(contentsOf: project.appendingPathComponent("Output/favorites.md"), encoding: .utf8).contains("No favorites yet"))

        let again = try CommandRunner.run(["init"], in: project)
        XCTAssertEqual(again.status, 73)
        XCTAssertEqual(again.stderr, "error: refusing to overwrite citygen.yml; pass --force to replace\n")
        XCTAssertEqual(try CommandRunner.run(["init", "--force"], in: project).status, 0)
    }
}
