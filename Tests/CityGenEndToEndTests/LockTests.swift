import Foundation
import XCTest

/// One build at a time per output folder (SPEC §8): a second build exits 75 naming the first, or waits.
final class LockTests: FolderTestCase {
    func testASecondBuildOfTheSameFolderExits75OrWaits() throws {
        let subset = try CommandRunner.subset(30_000, in: folder)
        let first = try CommandRunner.start(["build", "--source", subset.path, "--output", "site", "-q"], in: folder)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        // Once the first build writes files (into the new generation beside the site), it holds the lock.
        let marker = folder.appendingPathComponent(".site.citygen-next/city").path
        let deadline = Date().addingTimeInterval(120)
        while first.isRunning, Date() < deadline, !FileManager.default.fileExists(atPath: marker) { usleep(10_000) }
        XCTAssertTrue(first.isRunning, "the first build ended too soon to be overlapped")

        let second = try CommandRunner.run(["build", "--source", subset.path, "--output", "site", "-q"], in: folder)
        XCTAssertEqual(second.status, 75, second.stderr)
        XCTAssertTrue(
            second.stderr.contains("another citygen build (pid \(first.processIdentifier)) is writing \(folder.appendingPathComponent("site").path)"),
            second.stderr)
        XCTAssertTrue(first.isRunning, "the refused build returned at once")

        let waiting = try CommandRunner.run(["build", "--source", subset.path, "--output", "site", "--wait", "-v"], in: folder)
        XCTAssertEqual(waiting.status, 0, waiting.stderr)
        XCTAssertFalse(first.isRunning, "--wait returned only after the first build ended")
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertTrue(waiting.stderr.contains("check: unchanged"), "after waiting, the same data is already built: \(waiting.stderr)")
    }
}
