import CityGenTestSupport
import Foundation
import XCTest

/// A build killed with SIGKILL at any point leaves the previous site byte-identical, and the next build gives the
/// same tree as a clean build (SPEC §5).
final class CrashSafetyTests: XCTestCase {
    func testKilledBuildsLeaveTheOldSiteThenARebuildEqualsACleanBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // 15,000 real cities: a build long enough to be killed in the middle. The new build changes every page.
        let subset = try CommandRunner.subset(15_000, in: folder)
        let started = Date()
        let clean = try CommandRunner.run(["build", "--source", subset.path, "--output", "clean", "--title", "New", "-q"], in: folder)
        let duration = Date().timeIntervalSince(started)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        let old = try CommandRunner.run(["build", "--source", subset.path, "--output", "site", "-q"], in: folder)
        XCTAssertEqual(old.status, 0, old.stderr)
        let before = try tree(folder.appendingPathComponent("site"), bookkeeping: true)
        let expected = try tree(folder.appendingPathComponent("clean"))

        // Killed at random moments over the build's whole length (loading, rendering, the switch itself).
        let seed = UInt64(Date().timeIntervalSince1970)
        var random = SeededGenerator(seed: seed)
        for attempt in 1...3 {
            let delay = duration * Double.random(in: 0.05...0.85, using: &random)
            let killed = try CommandRunner.start(["build", "--source", subset.path, "--output", "site", "--title", "New", "-q"], in: folder)
            usleep(useconds_t(delay * 1_000_000))
            kill(killed.processIdentifier, SIGKILL)
            killed.waitUntilExit()
            let after = try tree(folder.appendingPathComponent("site"), bookkeeping: true)
            if killed.terminationReason == .uncaughtSignal {
                // Killed after the switch (while the old generation was being deleted), the site is the new one.
                let switched = after.filter { !$0.key.hasPrefix(".citygen") } == expected
                XCTAssertTrue(after == before || switched, "killed after \(delay) s (attempt \(attempt), seed \(seed)): a mixed site")
                if switched { break }
            } else {
                print("attempt \(attempt): the build ended before the kill at \(delay) s")
                XCTAssertEqual(after.filter { !$0.key.hasPrefix(".citygen") }, expected)
                return
            }
        }

        let again = try CommandRunner.run(["build", "--source", subset.path, "--output", "site", "--title", "New"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("Built 14,998 cities"), again.stderr)  // two records named "-" are skipped
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".site.citygen-next").path))

        let actual = try tree(folder.appendingPathComponent("site"))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        let different = expected.filter { actual[$0.key] != $0.value }.map(\.key)
        XCTAssertEqual(different, [], "files that differ from the clean build")
        XCTAssertGreaterThan(expected.count, 30_000)
    }

    /// Every file of a site with its bytes, leaving out citygen's bookkeeping (which records mtimes) unless asked.
    private func tree(_ root: URL, bookkeeping: Bool = false) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)!
        while let path = enumerator.nextObject() as? String {
            guard enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            XCTAssertFalse(path.contains(".citygen-tmp"), "left over: \(path)")
            if path.hasPrefix(".citygen"), !bookkeeping { continue }
            files[path] = try Data(contentsOf: root.appendingPathComponent(path))
        }
        return files
    }
}

