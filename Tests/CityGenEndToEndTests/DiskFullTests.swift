import Foundation
import XCTest

/// A full disk never leaves a mixed site (SPEC §5), on a real tmpfs of 64 MiB: a build that cannot fit is refused
/// before it writes (exit 74, needed vs available), one whose disk fills up midway fails with exit 74, and
/// either way the previous site is byte-identical; what killed builds left beside the site is named or, its own, removed.
/// Mounting needs root (CI runs as root); else the test is skipped.
final class DiskFullTests: XCTestCase {
    var folder: URL!
    var disk: URL { folder.appendingPathComponent("disk") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "citygen-test", disk.path])
        if mount.status != 0 {
            try? FileManager.default.removeItem(at: folder)
            throw XCTSkip("cannot mount a tmpfs here (\(mount.output.trimmingCharacters(in: .whitespacesAndNewlines))); CI runs this as root")
        }
    }

    override func tearDownWithError() throws {
        _ = try Self.run("/bin/umount", [disk.path])
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFullDiskLeavesThePreviousSiteByteIdentical() throws {
        let small = try CommandRunner.subset(3_000, in: folder), big = try CommandRunner.subset(30_000, in: folder)
        let site = disk.appendingPathComponent("site"), staging = disk.appendingPathComponent(".site.citygen-next")
        let first = try CommandRunner.run(["build", "--source", small.path, "--output", site.path, "-q"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try tree(site)
        XCTAssertGreaterThan(before.count, 6_000)

        // Too big from the start: refused before the first file, with what it needs and what there is, and the new
        // generation a killed build of another folder left beside it; not that of a folder whose lock a build holds.
        let abandoned = disk.appendingPathComponent(".other.citygen-next"), busy = disk.appendingPathComponent(".busy.citygen-next")
        for made in [abandoned, busy, disk.appendingPathComponent("busy")] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let lock = open(disk.appendingPathComponent("busy/.citygen-lock").path, O_RDWR | O_CREAT, 0o644)
        var held = flock()
        held.l_type = Int16(F_WRLCK)
        XCTAssertEqual(fcntl(lock, F_SETLK, &held), 0, "the busy folder's lock, as a running build holds it")
        let refused = try CommandRunner.run(["build", "--source", big.path, "--output", site.path], in: folder)
        close(lock)
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("error: not enough space for the site in \(site.path): the build needs about "), refused.stderr)
        XCTAssertTrue(refused.stderr.contains(" files, the file system has "), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("; builds that did not finish left \(abandoned.path) beside it, which no build is writing"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains(busy.path), refused.stderr)
        XCTAssertEqual(try tree(site), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
        for made in [abandoned, busy, disk.appendingPathComponent("busy")] { try FileManager.default.removeItem(at: made) }

        // Fits, but another program fills the disk once the new generation is being written.
        let build = try CommandRunner.start(["build", "--source", small.path, "--output", site.path, "--title", "Other"], in: folder)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: staging.appendingPathComponent("city").path), build.isRunning, Date() < deadline {
            usleep(5_000)
        }
        XCTAssertTrue(build.isRunning, "the build ended before the disk could be filled")
        _ = try Self.run("/bin/dd", ["if=/dev/zero", "of=\(disk.path)/filler", "bs=1M"])
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 74)
        XCTAssertEqual(try tree(site), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))

        // With room again, the build goes through.
        try FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
        let again = try CommandRunner.run(["build", "--source", small.path, "--output", site.path, "--title", "Other", "-q"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8).contains("Other"))

        // The new generation this folder's own killed build left is removed before the room is counted, also when the
        // folder's last build is not intact (a page changed since): it takes all but a mebibyte of what is free, so
        // counted, the build would not fit.
        let index = site.appendingPathComponent("index.md")
        try Data("changed since".utf8).write(to: index)
        var system = statvfs()
        XCTAssertEqual(statvfs(disk.path, &system), 0)
        let left = Int(system.f_bavail) * Int(system.f_frsize) / 1_048_576 - 1
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        XCTAssertEqual(try Self.run("/bin/dd", ["if=/dev/zero", "of=\(staging.path)/left", "bs=1M", "count=\(left)"]).status, 0)
        let afterKill = try CommandRunner.run(["build", "--source", small.path, "--output", site.path, "--title", "After", "-q"], in: folder)
        XCTAssertEqual(afterKill.status, 0, afterKill.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
        XCTAssertTrue(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8).contains("After"))
    }

    /// A `.zim` that fills the disk, or whose disk turns read-only, fails with exit 74 and libzim's reason; the
    /// previous file stays byte-identical and neither citygen's temporary file nor libzim's index folders are left.
    func testAZimThatCannotBeWrittenLeavesThePreviousFile() throws {
        let small = try CommandRunner.subset(500, in: folder), big = try CommandRunner.subset(40_000, in: folder)
        let zim = disk.appendingPathComponent("site.zim")
        let first = try CommandRunner.run(["build", "--source", small.path, "--archive", zim.path, "-q"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try Data(contentsOf: zim)

        // 40 of the 64 MiB taken by another file: the 40,000 cities' file (about 33 MB) cannot fit.
        let filler = disk.appendingPathComponent("filler")
        _ = try Self.run("/bin/dd", ["if=/dev/zero", "of=\(filler.path)", "bs=1M", "count=40"])
        let full = try CommandRunner.run(["build", "--source", big.path, "--archive", zim.path], in: folder)
        XCTAssertEqual(full.status, 74, full.stderr)
        XCTAssertTrue(full.stderr.contains("error: cannot write \(zim.path): ") && full.stderr.contains("No space left on device"), full.stderr)
        XCTAssertTrue(full.stderr.contains("note: \(zim.path) was left as it was"), full.stderr)
        XCTAssertEqual(try Data(contentsOf: zim), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted(), ["filler", "site.zim"])
        try FileManager.default.removeItem(at: filler)

        XCTAssertEqual(try Self.run("/bin/mount", ["-o", "remount,ro", disk.path]).status, 0)
        let readOnly = try CommandRunner.run(["build", "--source", small.path, "--archive", zim.path, "--title", "Other"], in: folder)
        XCTAssertEqual(readOnly.status, 74, readOnly.stderr)
        XCTAssertTrue(readOnly.stderr.contains("error: cannot write \(zim.path): Read-only file system"), readOnly.stderr)
        XCTAssertEqual(try Data(contentsOf: zim), before)
    }

    /// A mount point cannot be exchanged: the build writes in place and says so.
    func testTheMountPointItselfIsWrittenInPlaceWithAWarning() throws {
        let small = try CommandRunner.subset(500, in: folder)
        let result = try CommandRunner.run(["build", "--source", small.path, "--output", disk.path], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: writing in place, file by file"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\(disk.path) is a mount point"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: disk.appendingPathComponent("list/1.html").path))
    }

    /// Every file of a site with its bytes (the lock and the manifest included: nothing may change).
    private func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)!
        while let path = enumerator.nextObject() as? String {
            guard enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            files[path] = try Data(contentsOf: root.appendingPathComponent(path))
        }
        return files
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
