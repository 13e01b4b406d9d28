import Foundation
import XCTest

@testable import CityGenKit

/// The archive writer on its own: Zip64 for more than 65,535 entries, long tar paths, and a failed build that
/// leaves the previous archive as it was.
final class ArchiveWriterTests: SiteTestCase {
    func unzipTest(_ archive: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-t", archive.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testMoreThan65535EntriesMakeAZip64ThatUnzipReads() throws {
        let archive = folder.appendingPathComponent("many.zip")
        let writer = try ArchiveWriter(destination: archive, format: .zip, date: 946_684_800)
        for n in 0..<70_000 { try writer.add("city/\(n % 1000)/\(n).md", Array("# City \(n)\n".utf8)) }
        try writer.finish()
        let (status, output) = try unzipTest(archive)
        XCTAssertEqual(status, 0, String(output.suffix(2000)))
        XCTAssertTrue(output.contains("No errors detected"), String(output.suffix(500)))
        XCTAssertEqual(output.components(separatedBy: "    testing: ").count - 1, 70_000)
    }

    func testALongPathIsKeptWholeAndReadBack() throws {
        let long = String(repeating: "d/", count: 60) + "page.html"  // 129 bytes: over ustar's 100-byte name
        let archive = folder.appendingPathComponent("long.tar")
        let writer = try ArchiveWriter(destination: archive, format: .tar, date: 946_684_800)
        try writer.add(long, Array("hello".utf8))
        try writer.add(String(repeating: "x", count: 300), [])
        try writer.finish()
        let inventory = try SiteInventory(archive: archive)
        XCTAssertEqual(inventory.files, 2)
        XCTAssertEqual(inventory.largestFile?.path, long)
        XCTAssertEqual(inventory.largestFile?.bytes, 5)
    }

    func testAFailedArchiveBuildLeavesThePreviousArchiveAndNoTemporaryFile() async throws {
        let cities = (1...300).map { (id: $0, name: "City \($0)", country: "US", lat: 0.0, lon: 0.0) }
        let archive = folder.appendingPathComponent("site.zip")
        try await build(Fixtures.json(cities)) { $0.archive = archive }
        let before = try Data(contentsOf: archive)
        XCTAssertEqual(try unzipTest(archive).status, 0)
        do {
            try await build(Fixtures.json(cities + [(id: 999, name: "New", country: "US", lat: 1, lon: 1)])) {
                $0.archive = archive
                $0.failingWrite = 200
            }
            XCTFail("expected the injected failure")
        } catch CityGenError.writeFailed(let path, let reason) {
            XCTAssertEqual(path, archive.path)
            XCTAssertTrue(reason.contains("No space left on device"), reason)
        }
        XCTAssertEqual(try Data(contentsOf: archive), before, "the previous archive, byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("citygen") }, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "no folder either")
    }
}
