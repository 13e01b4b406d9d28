import Foundation
import XCTest

/// A build killed with SIGKILL midway, then run again, gives the same tree as a clean build (SPEC §5).
final class CrashSafetyTests: XCTestCase {
    func testKilledBuildThenRebuildEqualsACleanBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // 30,000 real cities: a build long enough to be killed in the middle.
        let subset = try CommandRunner.subset(30_000, in: folder)

        let clean = try CommandRunner.run(["build", "--source", subset.path, "--output", "clean", "-q"], in: folder)
        XCTAssertEqual(clean.status, 0, clean.stderr)

        // Start a build and kill it once it has written part of the city pages: about a sixth of those in ten of
        // the thousand city folders (ids spread evenly over them, pages come in list order).
        let killed = try CommandRunner.start(["build", "--source", subset.path, "--output", "site", "-q"], in: folder)
        let sample = (0..<10).map { folder.appendingPathComponent("site/city/\($0)").path }
        let deadline = Date().addingTimeInterval(120)
        var written = 0
        while killed.isRunning, Date() < deadline {
            written = sample.reduce(0) { $0 + ((try? FileManager.default.contentsOfDirectory(atPath: $1).count) ?? 0) }
            if written >= 100 { break }
            usleep(20_000)
        }
        XCTAssertTrue(killed.isRunning, "the build finished before it could be killed (\(written) city pages)")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/.citygen-building").path),
            "the killed build left its marker")

        let again = try CommandRunner.run(["build", "--source", subset.path, "--output", "site"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("Built 30,000 cities"), again.stderr)

        let expected = try tree(folder.appendingPathComponent("clean")), actual = try tree(folder.appendingPathComponent("site"))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        let different = expected.filter { actual[$0.key] != $0.value }.map(\.key)
        XCTAssertEqual(different, [], "files that differ from the clean build")
        XCTAssertGreaterThan(expected.count, 60_000)
    }

    /// Every file of a site with its bytes, leaving out citygen's bookkeeping (which records mtimes).
    private func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)!
        while let path = enumerator.nextObject() as? String {
            guard enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            XCTAssertFalse(path.contains(".citygen-tmp"), "left over: \(path)")
            if path.hasPrefix(".citygen") { continue }
            files[path] = try Data(contentsOf: root.appendingPathComponent(path))
        }
        return files
    }
}
