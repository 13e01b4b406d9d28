import Foundation
import XCTest

@testable import CityGenKit

/// Crash-safe, incremental output (SPEC §5): unchanged rebuilds do nothing, changes rewrite only what changes,
/// interrupted builds are cleaned up, and citygen writes only where it may.
final class IncrementalOutputTests: SiteTestCase {
    let cities = DetailPageTests.cities

    /// The manifest reads back what it wrote; lines an edit broke are ignored, and no path leaves the folder.
    func testTheManifestReadsBackAndIgnoresWhatLeavesTheFolder() {
        var summary = BuildManifest.Summary()
        summary.fingerprint = "f1"
        summary.favoriteIDs = [3, 7]
        summary.files = 4
        let written = BuildManifest(
            summary: summary,
            files: [
                "index.html": .init(size: 10, mtime: 1_795_453_420_377_069_432), "city/1/1.md": .init(size: 0, mtime: -5),
                "a..b/..c.html": .init(size: 1, mtime: 2), "planned.html": nil,
            ])
        XCTAssertEqual(BuildManifest(decoding: written.encoded()), written)
        let edited = """
            citygen-manifest 2
            ../outside.html\t1\t2
            /etc/passwd\t1\t2
            city/../../x.html\t1\t2
            city/..\t1\t2
            ok.html\t12\t34
            big.html\t99999999999999999999\t1
            odd.html\t1x\t2
            signed.html\t+3\t-4
            # fingerprint f2
            # files 9
            """
        let read = BuildManifest(decoding: Array(edited.utf8))
        XCTAssertEqual(
            read.files,
            ["ok.html": .init(size: 12, mtime: 34), "big.html": nil, "odd.html": nil, "signed.html": .init(size: 3, mtime: -4)]
                as ManifestFiles)
        XCTAssertEqual(read.summary?.fingerprint, "f2")
        XCTAssertEqual(read.summary?.files, 9)
        XCTAssertNil(BuildManifest(decoding: Array("citygen-manifest 2\nindex.html\t1\t2\n".utf8)).summary)
    }

    func testUnchangedRebuildSkipsEverythingAndRewritesNothing() async throws {
        let first = try await build(Fixtures.json(cities))
        let before = try snapshot()
        let again = try await build(Fixtures.json(cities))
        XCTAssertEqual(again.steps.map(\.name), ["load", "check: unchanged"])
        XCTAssertEqual(again.files.written, 0)
        XCTAssertEqual(again.files.unchanged, before.count - 1)
        XCTAssertEqual(again.cityCount, first.cityCount)
        XCTAssertEqual(again.shardCount, first.shardCount)
        XCTAssertEqual(again.summary(output: "site").split(separator: "(")[0], first.summary(output: "site").split(separator: "(")[0])
        let after = try snapshot()
        for (path, (bytes, date)) in before {
            XCTAssertEqual(after[path]?.0, bytes, path)
            XCTAssertEqual(after[path]?.1, date, "\(path) was touched")
        }
    }

    func testDeletedOrEditedFilesAreNoticedAndRestored() async throws {
        try await build(Fixtures.json(cities))
        let site = folder.appendingPathComponent("site")
        let original = try read("city/1/1.md")
        try FileManager.default.removeItem(at: site.appendingPathComponent("list/1.html"))
        try "edited".write(to: site.appendingPathComponent("city/1/1.md"), atomically: false, encoding: .utf8)
        let report = try await build(Fixtures.json(cities))
        XCTAssertEqual(report.steps[1].name, "check")
        XCTAssertEqual(report.files.written, 2)
        XCTAssertEqual(try read("city/1/1.md"), original)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("list/1.html").path))
    }

    /// A new favorite changes its city page, its list page, its country page, the favorites pages and files, and
    /// the home page's count and inlined favorites: exactly those files are rewritten.
    func testChangingOneFavoriteRewritesOnlyThePagesWhoseBytesChange() async throws {
        try await build(Fixtures.json(cities), pageSize: 2) { $0.favorites = [.id(1)] }
        let before = try snapshot()
        let report = try await build(Fixtures.json(cities), pageSize: 2) { $0.favorites = [.id(1), .id(707860)] }
        let after = try snapshot()
        let changed = after.filter { path, entry in !path.hasPrefix(".citygen") && before[path]?.1 != entry.1 }.keys.sorted()
        XCTAssertEqual(changed, [
            "city/860/707860.html", "city/860/707860.md", "country/UA/1.html", "country/UA/1.md", "favorites.html", "favorites.md",
            "index.html", "index.md", "list/1.html", "list/1.md", "search/favorites.json",
        ])
        XCTAssertEqual(report.files.written, changed.count)
    }

    /// When only the favorites change, the build renders the pages that show them and keeps every other file
    /// unread; each time the site is byte-identical to a clean build with the new favorites (added on several list
    /// and country pages, by name, removed, none at all).
    func testAFavoritesOnlyChangeRendersTheirPagesAndEqualsACleanBuild() async throws {
        try await assertFavoritesOnlyChangesEqualCleanBuilds(precompress: [])
    }

    /// The same with precompressed files: those of the pages kept are kept, those of the pages rendered rewritten.
    func testAFavoritesOnlyChangeWithPrecompressedFilesEqualsACleanBuild() async throws {
        try await assertFavoritesOnlyChangesEqualCleanBuilds(precompress: [.br, .gzip])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/list/1.html.gz").path))
    }

    /// The same on a compact site: a favorite's detail page is in its data file, which is rendered again.
    func testAFavoritesOnlyChangeOnACompactSiteEqualsACleanBuild() async throws {
        try await assertFavoritesOnlyChangesEqualCleanBuilds(precompress: [], compact: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/city.html").path))
    }

    private func assertFavoritesOnlyChangesEqualCleanBuilds(precompress: [ContentEncoding], compact: Bool = false) async throws {
        let countries = ["US", "FR", "", "DE", "AU"]
        let names = ["Alba", "Berg", "Cork", "Dax", "Épinal"]
        let many: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = (1...40).map { n in
            let name = names[n % 5] + " \(n / 5)"
            return (n * 7, name, countries[n % 4], Double(n) * 2.1 - 40, Double(n * 13 % 360) - 180)
        }
        let changes: [[FavoriteReference]] = [
            [.id(7)], [.id(7), .id(140), .id(280)], [.name("Berg 1")], [], [.id(21), .id(280)],
        ]
        try await build(Fixtures.json(many), pageSize: 3) {
            $0.favorites = changes[0]
            $0.precompress = precompress
            if compact { $0.use(.cloudflarePages, keepingFormats: false) }
        }
        for (n, favorites) in changes.enumerated().dropFirst() {
            let report = try await build(Fixtures.json(many), pageSize: 3) {
                $0.favorites = favorites
                $0.precompress = precompress
                if compact { $0.use(.cloudflarePages, keepingFormats: false) }
            }
            XCTAssertEqual(renderSteps(report), ["render: favorites"], "change \(n)")
            XCTAssertEqual(report.favoriteCount, favorites.count)
            try await build(Fixtures.json(many), pageSize: 3, output: "clean\(n)") {
                $0.favorites = favorites
                $0.precompress = precompress
                if compact { $0.use(.cloudflarePages, keepingFormats: false) }
            }
            let clean = try snapshot("clean\(n)"), rebuilt = try snapshot()
            XCTAssertEqual(rebuilt.keys.sorted(), clean.keys.sorted())
            for (path, (bytes, _)) in clean where path != OutputWriter.manifestName { XCTAssertEqual(rebuilt[path]?.0, bytes, "change \(n): \(path)") }
            XCTAssertEqual(report.files.written + report.files.unchanged, clean.count - 1)
        }
    }

    /// Any other change renders every page again, even with the favorites changed as well.
    func testAChangeBesidesTheFavoritesRendersEveryPage() async throws {
        try await build(Fixtures.json(cities)) { $0.favorites = [.id(1)] }
        let retitled = try await build(Fixtures.json(cities)) {
            $0.favorites = [.id(2)]
            $0.title = "Other"
        }
        XCTAssertEqual(renderSteps(retitled), ["render and write"])
        XCTAssertTrue(try read("list/1.html").contains("· Other</title>"))
        let moved = try await build(Fixtures.json(cities.dropLast())) { $0.favorites = [.id(1)] }
        XCTAssertEqual(renderSteps(moved), ["render and write"])
    }

    private func renderSteps(_ report: BuildReport) -> [String] {
        report.steps.map { $0.name }.filter { $0.hasPrefix("render") }
    }

    /// What an interrupted in-place build leaves (the marker, a temporary file, files of a planned page set): the
    /// next build removes it all and gives the same tree as a clean build.
    func testInterruptedInPlaceBuildIsCleanedUp() async throws {
        try await build(Fixtures.json(cities), output: "clean")
        try await build(Fixtures.json(cities))
        let site = folder.appendingPathComponent("site")
        let writer = try OutputWriter(root: site, inPlace: true)
        try writer.begin(planned: ["city/999/999.md", "list/9.md"])  // a build of other data, then killed:
        try "half".write(to: site.appendingPathComponent("city/999/999.md"), atomically: false, encoding: .utf8)
        try "half".write(to: site.appendingPathComponent("city/1/.citygen-tmp.1.md"), atomically: false, encoding: .utf8)
        try "torn".write(to: site.appendingPathComponent("city/1/1.md"), atomically: false, encoding: .utf8)
        let report = try await build(Fixtures.json(cities))
        XCTAssertEqual(report.steps[1].name, "check", "an interrupted build is never taken as unchanged")
        let clean = try snapshot("clean"), rebuilt = try snapshot()
        XCTAssertEqual(rebuilt.keys.sorted(), clean.keys.sorted())
        for (path, (bytes, _)) in clean where !path.hasPrefix(".citygen") { XCTAssertEqual(rebuilt[path]?.0, bytes, path) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent(".citygen-building").path))
    }

    /// A whole-site build killed midway leaves its unfinished generation beside the site, which it never
    /// touched; the next build deletes that folder.
    func testUnfinishedGenerationIsDeletedByTheNextBuild() async throws {
        try await build(Fixtures.json(cities), output: "clean")
        let staging = folder.appendingPathComponent(".site.citygen-next")
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("city/1"), withIntermediateDirectories: true)
        try "half".write(to: staging.appendingPathComponent("city/1/1.md"), atomically: false, encoding: .utf8)
        try "stray".write(to: staging.appendingPathComponent("stray.html"), atomically: false, encoding: .utf8)
        try await build(Fixtures.json(cities))
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
        let clean = try snapshot("clean"), built = try snapshot()
        XCTAssertEqual(built.keys.sorted(), clean.keys.sorted())
        for (path, (bytes, _)) in clean where !path.hasPrefix(".citygen") { XCTAssertEqual(built[path]?.0, bytes, path) }
    }

    func testForeignFoldersAreRefusedUnlessForced() async throws {
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try "# docs".write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try await build(Fixtures.json(cities))  // a README alone is fine (the repository's Output/ has one)
        XCTAssertEqual(try read("README.md"), "# docs")

        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "precious".write(to: other.appendingPathComponent("thesis.tex"), atomically: true, encoding: .utf8)
        do {
            try await build(Fixtures.json(cities), output: "other")
            XCTFail("expected an error")
        } catch let error as CityGenError {
            guard case .outputRefused(let path, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, other.standardizedFileURL.path)
            XCTAssertTrue(reason.contains("holds files citygen did not make (thesis.tex)"), reason)
            XCTAssertEqual(error.exitStatus, .cannotCreateOutput)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: other.path), ["thesis.tex"])
        try await build(Fixtures.json(cities), output: "other") { $0.force = true }
        XCTAssertEqual(try read("thesis.tex", in: "other"), "precious")
    }

    func testRootHomeAndWorkingDirectoryAreRefused() {
        for (path, what) in [("/", "the root folder"), (FileManager.default.homeDirectoryForCurrentUser.path, "your home folder"),
                             (FileManager.default.currentDirectoryPath, "the working directory")] {
            XCTAssertThrowsError(try OutputWriter(root: URL(fileURLWithPath: path), force: true), path) { error in
                XCTAssertTrue("\(error)".contains("refusing to write the site into \(what)"), "\(error)")
            }
        }
    }
}
