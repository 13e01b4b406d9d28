import CityGenTestSupport
import Foundation
import XCTest

/// `citygen fetch` and the download options of `build`, as a user runs them, against the fault server.
final class FetchCommandTests: FolderTestCase {
    var server: Process!
    var base = ""

    override func setUp() {
        super.setUp()
        let (started, port) = try! ChildProcess.startFaultServer()
        server = started
        base = "http://127.0.0.1:\(port)/\(UUID().uuidString)/"
    }

    override func tearDown() {
        server.terminate()
        server.waitUntilExit()
        super.tearDown()
    }

    func testFetchCachesThenReusesTheCache() throws {
        let first = try CommandRunner.run(["fetch", "--source", base + "etag"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "Fetched \(base)etag: 180 bytes\n")
        let second = try CommandRunner.run(["fetch", "--source", base + "etag"], in: folder)
        XCTAssertTrue(second.stderr.hasPrefix("Fetched \(base)etag (cached 20"), second.stderr)
        let stale = try CommandRunner.run(["fetch", "--source", base + "etag", "--max-age", "0"], in: folder)
        XCTAssertEqual(stale.stderr, "Fetched \(base)etag (not modified; cached copy): 180 bytes\n")
        let offline = try CommandRunner.run(["build", "--source", base + "etag", "--offline", "-q"], in: folder)
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("Output/index.md"), encoding: .utf8).contains("2 cities"))
    }

    func testFailuresHaveTheirExitCodes() throws {
        let missing = try CommandRunner.run(["fetch", "--source", base + "missing", "--no-fallback"], in: folder)
        XCTAssertEqual(missing.status, 69)
        XCTAssertEqual(missing.stderr, "error: could not download \(base)missing: HTTP 404 Not Found\n")
        let html = try CommandRunner.run(["build", "--source", base + "html", "--no-fallback"], in: folder)
        XCTAssertEqual(html.status, 65)
        XCTAssertTrue(html.stderr.hasPrefix("error: \(base)html: the download is not valid JSON: unexpected '<'"), html.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
        let fallback = try CommandRunner.run(["fetch", "--source", base + "missing"], in: folder)
        XCTAssertEqual(fallback.status, 0)
        XCTAssertTrue(fallback.stderr.contains("using the snapshot bundled with citygen"), fallback.stderr)
        let contradiction = try CommandRunner.run(["fetch", "--refresh", "--offline"], in: folder)
        XCTAssertEqual(contradiction.status, 64)
    }
}
