import Foundation
import XCTest

/// `citygen build --archive`: the site straight into a `.tar`, `.tar.gz` or `.zip`, read back by the real `tar`
/// and `unzip`, equal to a folder build, byte-identical when built again.
final class ArchiveTests: FolderTestCase {
    /// Runs a tool (tar, unzip, cmp) and returns its output; fails the test when it fails.
    @discardableResult
    func tool(_ arguments: [String], in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? folder
        let out = folder.appendingPathComponent(".tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = process.standardOutput
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments.joined(separator: " ")): \(text)")
        return text
    }

    /// Every file under `root` (bookkeeping files aside) with its bytes.
    func files(under root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])! {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(url.resolvingSymlinksInPath().path.dropFirst(base.count))
            if path.hasPrefix(".citygen") { continue }
            result[path] = try Data(contentsOf: url)
        }
        return result
    }

    func testTarTarGzAndZipHoldExactlyWhatAFolderBuildWrites() throws {
        let source = try CommandRunner.subset(3000, in: folder)
        XCTAssertEqual(try CommandRunner.run(["build", "--source", source.path, "--output", "site", "-q"], in: folder).status, 0)
        let expected = try files(under: folder.appendingPathComponent("site"))
        XCTAssertGreaterThan(expected.count, 6000)
        for (name, extract) in [("site.tar", ["tar", "-xf"]), ("site.tar.gz", ["tar", "-xzf"]), ("site.zip", ["unzip", "-q"])] {
            let result = try CommandRunner.run(["build", "--source", source.path, "--archive", name], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("in \(name) ("), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path), "no folder is written")
            let target = folder.appendingPathComponent("x-\(name)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try tool(extract + [folder.appendingPathComponent(name).path], in: target)
            let got = try files(under: target)
            XCTAssertEqual(got.keys.sorted(), expected.keys.sorted(), name)
            XCTAssertTrue(got == expected, "\(name): every file byte-identical to the folder build")
        }
        // Entries in path order, owned by 0/0, mode 0644, all with one date (2000-01-01 without SOURCE_DATE_EPOCH).
        let listing = try tool(["tar", "--numeric-owner", "-tvf", "site.tar"]).split(separator: "\n")
        XCTAssertEqual(listing.count, expected.count)
        XCTAssertTrue(listing.allSatisfy { $0.hasPrefix("-rw-r--r-- 0/0") && $0.contains(" 2000-01-01 00:00 ") }, String(listing[0]))
        let names = try tool(["tar", "-tf", "site.tar"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(names, names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let zipListing = try tool(["unzip", "-Z", "-l", "site.zip"])
        XCTAssertTrue(zipListing.contains("-rw-r--r--"), zipListing)
        try tool(["unzip", "-tq", "site.zip"])
        try tool(["gzip", "-t", "site.tar.gz"])
    }

    func testTheSameInputsGiveTheSameBytesAndSourceDateEpochSetsTheDate() throws {
        let source = try CommandRunner.subset(500, in: folder)
        for name in ["a.tar.gz", "b.tar.gz", "a.zip", "b.zip"] {
            XCTAssertEqual(try CommandRunner.run(["build", "--source", source.path, "--archive", name, "-q"], in: folder).status, 0)
        }
        try tool(["cmp", "a.tar.gz", "b.tar.gz"])
        try tool(["cmp", "a.zip", "b.zip"])
        let epoch = try CommandRunner.run(
            ["build", "--source", source.path, "--archive", "epoch.tar", "-q"], in: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        XCTAssertEqual(epoch.status, 0, epoch.stderr)
        let line = try tool(["env", "TZ=UTC", "tar", "-tvf", "epoch.tar"]).split(separator: "\n").first ?? ""
        XCTAssertTrue(line.contains(" 2023-11-14 22:13 "), String(line))
    }

    func testAnUnknownEndingIsAUsageErrorAndWritesNothing() throws {
        let source = try CommandRunner.subset(10, in: folder)
        let result = try CommandRunner.run(["build", "--source", source.path, "--archive", "site.rar"], in: folder)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--archive must end in .tar, .tar.gz, .tgz, .zip or .zim, not \"site.rar\""), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("subset") && !$0.hasPrefix(".") }, [])
    }

    /// A `.zim` inside the output folder, or asked to embed a third-party viewer, is a usage error before anything is
    /// written; one whose folder does not exist fails with exit 74 naming the path, and leaves nothing behind.
    func testAZimThatCannotBeWrittenThereIsRefusedAndNothingIsLeft() throws {
        let source = try CommandRunner.subset(10, in: folder)
        let inside = try CommandRunner.run(["build", "--source", source.path, "--archive", "Output/site.zim"], in: folder)
        XCTAssertEqual(inside.status, 64)
        XCTAssertTrue(inside.stderr.contains("--archive must not be inside the output folder"), inside.stderr)
        let embed = try CommandRunner.run(["build", "--source", source.path, "--archive", "site.zim", "--map", "embed"], in: folder)
        XCTAssertEqual(embed.status, 64)
        XCTAssertTrue(embed.stderr.contains("map must be locator or none for a .zim"), embed.stderr)
        let missing = try CommandRunner.run(["build", "--source", source.path, "--archive", "no/such/folder/site.zim"], in: folder)
        XCTAssertEqual(missing.status, 74)
        XCTAssertTrue(missing.stderr.contains("/no/such/folder/site.zim: No such file or directory"), missing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("subset") && !$0.hasPrefix(".") }, [])
    }

    /// `--host`: HTML only, the site measured at the end of the build; `check --host` reads a folder and each
    /// archive alike; an unknown host is a usage error naming the choices.
    func testHostPresetsAndCheckAgainstTheHostsLimits() throws {
        let source = try CommandRunner.subset(3000, in: folder)
        let build = try CommandRunner.run(["build", "--source", source.path, "--host", "github-pages", "--archive", "gh.tar"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("GitHub Pages (github-pages):\n  files "), build.stderr)
        let names = try tool(["tar", "-tf", "gh.tar"]).split(separator: "\n")
        XCTAssertTrue(names.contains("index.html") && !names.contains { $0.hasSuffix(".md") }, "HTML only on a host")
        XCTAssertEqual(try CommandRunner.run(["build", "--source", source.path, "--output", "site", "-q"], in: folder).status, 0)
        let fromFolder = try CommandRunner.run(["check", "--host", "cloudflare-pages", "--output", "site"], in: folder)
        XCTAssertEqual(fromFolder.status, 0, fromFolder.stderr)
        XCTAssertTrue(fromFolder.stdout.contains("largest folder"), fromFolder.stdout)
        for name in ["site.tar", "site.tar.gz", "site.zip"] {
            XCTAssertEqual(try CommandRunner.run(["build", "--source", source.path, "--archive", name, "-q"], in: folder).status, 0)
            let fromArchive = try CommandRunner.run(["check", "--host", "cloudflare-pages", name], in: folder)
            XCTAssertEqual(fromArchive.status, 0, fromArchive.stderr)
            XCTAssertEqual(fromArchive.stdout, fromFolder.stdout, "\(name) measures as the folder does")
        }
        let unknown = try CommandRunner.run(["build", "--source", source.path, "--host", "vercel"], in: folder)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("unknown host \"vercel\" (choose one of github-pages, gitlab-pages, netlify, cloudflare-pages, s3, folder, kiwix)"), unknown.stderr)
    }
}
