import Foundation
import XCTest

@testable import CityGenKit

/// `--changes FILE`: the paths a build wrote (`+`) and removed (`-`), for `rsync --files-from` or a bucket sync.
final class ChangesTests: SiteTestCase {
    let cities = (1...6).map { (id: $0, name: "City \($0)", country: "US", lat: Double($0), lon: 0.0) }

    func changes() throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent("changes.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testAFirstBuildListsEveryFileAndANoOpRebuildNothing() async throws {
        let report = try await build(Fixtures.json(cities)) { $0.changes = self.folder.appendingPathComponent("changes.txt") }
        let first = try changes()
        XCTAssertEqual(first.count, report.files.written)
        XCTAssertTrue(first.allSatisfy { $0.hasPrefix("+ ") })
        XCTAssertEqual(first, first.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "in path order")
        XCTAssertTrue(first.contains("+ city/3/3.html") && first.contains("+ index.md"))
        XCTAssertFalse(first.contains { $0.contains(".citygen") }, "no bookkeeping file")
        try await build(Fixtures.json(cities)) { $0.changes = self.folder.appendingPathComponent("changes.txt") }
        XCTAssertEqual(try changes(), [], "a no-op rebuild changes nothing")
    }

    func testARebuildListsWhatItRewroteAndWhatItRemoved() async throws {
        try await build(Fixtures.json(cities))
        try await build(Fixtures.json(Array(cities.dropLast()))) { $0.changes = self.folder.appendingPathComponent("changes.txt") }
        let lines = try changes()
        let removed = lines.filter { $0.hasPrefix("- ") }
        XCTAssertEqual(removed, ["- city/6/6.html", "- city/6/6.md"])
        XCTAssertTrue(lines.contains("+ city/5/5.html"), "the new last city's page lost its next link")
        XCTAssertFalse(lines.contains("+ assets/style.css"), "a file whose bytes are the same is not listed")
        for line in lines where line.hasPrefix("+ ") {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/" + line.dropFirst(2)).path), line)
        }
    }

    func testChangesWithAnArchiveOrAnArchiveInsideTheOutputAreUsageErrors() async throws {
        for configure in [
            { (o: inout BuildOptions) in o.archive = self.folder.appendingPathComponent("a.tar"); o.changes = self.folder.appendingPathComponent("c") },
            { (o: inout BuildOptions) in o.archive = self.folder.appendingPathComponent("site/a.tar") },
        ] {
            do {
                try await build(Fixtures.json(cities), configure: configure)
                XCTFail("expected a usage error")
            } catch let error as CityGenError {
                XCTAssertEqual(error.exitCode, 64, "\(error)")
            }
        }
    }
}
