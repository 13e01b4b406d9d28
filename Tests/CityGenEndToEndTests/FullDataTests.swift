import CityGenKit
import Foundation
import XCTest

/// End-to-end tests of the `citygen` executable on the real data snapshot (209,579 cities).
final class FullDataTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-e2e-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The input read independently of citygen's decoder: id → (name, country).
    private func inputCities() throws -> [Int: (name: String, country: String)] {
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        let json = folder.appendingPathComponent("cities.json")
        gunzip.arguments = ["-c", "gzip -dc '\(CommandRunner.snapshot.path)' > '\(json.path)'"]
        try gunzip.run()
        gunzip.waitUntilExit()
        let records = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [[String: Any]]
        var cities: [Int: (String, String)] = [:]
        for record in records {
            cities[record["_id"] as! Int] = ((record["name"] as! String).trimmingCharacters(in: .whitespacesAndNewlines),
                record["country"] as! String)
        }
        return cities
    }

    /// SPEC §3, written out again here: folded name, folded country, name by scalar values, id.
    private func inSpecOrder(_ a: (Int, String, String), _ b: (Int, String, String)) -> Bool {
        func key(_ s: String) -> [UInt32] { Fold.fold(s).unicodeScalars.map(\.value) }
        for (x, y) in [(key(a.1), key(b.1)), (key(a.2), key(b.2)), (a.1.unicodeScalars.map(\.value), b.1.unicodeScalars.map(\.value))]
        where x != y {
            return x.lexicographicallyPrecedes(y)
        }
        return a.0 < b.0
    }

    private func ids(in text: String, pattern: String) throws -> [Int] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            Int(text[Range($0.range(at: 1), in: text)!])!
        }
    }

    func testFullBuildListsEveryCityOnceInSpecOrderInBothFormats() throws {
        let result = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--output", "site"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Built 209,579 cities → 2,096 list pages"), result.stderr)

        let site = folder.appendingPathComponent("site")
        let listFiles = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("list").path)
        XCTAssertEqual(listFiles.filter { $0.hasSuffix(".md") }.count, 2_096)
        XCTAssertEqual(listFiles.filter { $0.hasSuffix(".html") }.count, 2_096)

        var markdownIds: [Int] = [], htmlIds: [Int] = []
        for page in 1...2_096 {
            let markdown = try String(contentsOf: site.appendingPathComponent("list/\(page).md"), encoding: .utf8)
            let pageIds = try ids(in: markdown, pattern: #"^- \[.*\]\(\.\./city/(\d+)\.md\) · -?\d+(\.\d+)?, -?\d+(\.\d+)?$"#)
            XCTAssertEqual(pageIds.count, page < 2_096 ? 100 : 79, "page \(page)")
            markdownIds += pageIds
            let html = try String(contentsOf: site.appendingPathComponent("list/\(page).html"), encoding: .utf8)
            htmlIds += try ids(in: html, pattern: #"<span class="city" id="cityCell_(\d+)"><a href="\.\./city/\1\.html">"#)
        }
        XCTAssertEqual(markdownIds.count, 209_579)
        XCTAssertEqual(htmlIds, markdownIds)

        let input = try inputCities()
        XCTAssertEqual(Set(markdownIds), Set(input.keys))
        let rows = markdownIds.map { ($0, input[$0]!.name, input[$0]!.country) }
        let outOfOrder = zip(rows, rows.dropFirst()).filter { !inSpecOrder($0, $1) }
        XCTAssertEqual(outOfOrder.count, 0, "first: \(outOfOrder.first.map { "\($0.0) then \($0.1)" } ?? "")")

        // A second build of the same input is byte-identical: the writer finds every file unchanged.
        let again = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--output", "site"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("0 files written, 4195 unchanged, 0 removed"), again.stderr)
    }

    /// The README's build command with the network down: the default source cannot be fetched, so citygen
    /// builds the full site from its bundled snapshot and says so. (Port 9 on loopback refuses connections.)
    func testUnreachableSourceFallsBackToTheBundledSnapshot() throws {
        let result = try CommandRunner.run(["build", "--source", "http://127.0.0.1:9/cities.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: could not download http://127.0.0.1:9/cities.json"), result.stderr)
        XCTAssertTrue(result.stderr.contains("using the snapshot bundled with citygen"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Built 209,579 cities"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/list/2096.html").path))

        let strict = try CommandRunner.run(
            ["build", "--source", "http://127.0.0.1:9/cities.json", "--no-fallback", "--output", "other"], in: folder)
        XCTAssertEqual(strict.status, 69, strict.stderr)
        XCTAssertTrue(strict.stderr.hasPrefix("error: could not download http://127.0.0.1:9/cities.json"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other").path))
    }
}
