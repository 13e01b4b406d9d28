import CityGenTestSupport
import Foundation
import Synchronization
import XCTest

@testable import CityGenKit

/// The whole-site switch (SPEC §5): a failed build leaves the old site byte-identical, and a reader of the
/// folder never sees pages of two builds together.
final class WholeSiteSwitchTests: SiteTestCase {
    /// `count` generated cities with ids from `firstID`: two sets with different ids share no city page.
    static func cities(_ count: Int, firstID: Int, seed: UInt64) -> [(id: Int, name: String, country: String, lat: Double, lon: Double)] {
        var random = SeededGenerator(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { i in
            let name = String((0..<Int.random(in: 3...9, using: &random)).map { _ in letters.randomElement(using: &random)! }).capitalized
            return (firstID + i, name, ["FR", "DE", "AR", "JP"].randomElement(using: &random)!,
                    Double.random(in: -80...80, using: &random), Double.random(in: -180...180, using: &random))
        }
    }

    func testAWriteFailureAtAnyFileLeavesTheOldSiteByteIdentical() async throws {
        let old = Fixtures.json(Self.cities(300, firstID: 1, seed: 1)), new = Fixtures.json(Self.cities(300, firstID: 1_000, seed: 2))
        try await build(old, pageSize: 10)
        let before = try snapshot()
        let planned = try await build(new, pageSize: 10, output: "probe").files.written
        for failing in [1, planned / 2, planned] {
            do {
                try await build(new, pageSize: 10) { $0.failingWrite = failing }
                XCTFail("write \(failing) should have failed")
            } catch let error as CityGenError {
                guard case .writeFailed(_, let reason) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(reason, "No space left on device")
                XCTAssertEqual(error.exitStatus, .outputIOError)
            }
            let after = try snapshot()
            XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "failure at write \(failing)")
            for (path, (bytes, date)) in before {
                XCTAssertEqual(after[path]?.0, bytes, "\(path), failure at write \(failing)")
                XCTAssertEqual(after[path]?.1, date, "\(path) touched, failure at write \(failing)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".site.citygen-next").path))
        }
        try await build(new, pageSize: 10)
        XCTAssertEqual(try read("list/1.html"), try read("list/1.html", in: "probe"))
    }

    /// Files citygen did not make (kept with `--force`, anywhere in the tree) and the README of an empty folder
    /// survive the switch, as the same files.
    func testForeignFilesAreCarriedIntoTheNewSite() async throws {
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("list/notes/empty"), withIntermediateDirectories: true)
        try "# docs".write(to: site.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "mine".write(to: site.appendingPathComponent("list/notes/mine.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link").path, withDestinationPath: "/etc/hostname")
        var inode = stat()
        stat(site.appendingPathComponent("list/notes/mine.txt").path, &inode)
        try await build(Fixtures.json(Self.cities(30, firstID: 1, seed: 1))) { $0.force = true }
        try await build(Fixtures.json(Self.cities(30, firstID: 100, seed: 2))) { $0.force = true }
        XCTAssertEqual(try read("README.md"), "# docs")
        XCTAssertEqual(try read("list/notes/mine.txt"), "mine")
        var after = stat()
        stat(site.appendingPathComponent("list/notes/mine.txt").path, &after)
        XCTAssertEqual(after.st_ino, inode.st_ino, "the same file, not a copy")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("list/notes/empty").path))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("link").path), "/etc/hostname")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("city/1/1.html").path), "stale page removed")
    }

    /// A reader walks the list pages while builds of two data sets with no city in common replace each other:
    /// every city page a list page links to exists, unless a switch happened during that very check (then the
    /// manifest, a new file in each generation, changed too).
    func testAReaderNeverFindsALinkToAMissingPage() async throws {
        let sets = [Fixtures.json(Self.cities(1_000, firstID: 1, seed: 3)), Fixtures.json(Self.cities(1_000, firstID: 10_000, seed: 4))]
        try await build(sets[0], pageSize: 50)
        let site = folder.appendingPathComponent("site").path
        let running = Atomic<Bool>(true), checked = Atomic<Int>(0), mixed = Locked<[String]>([])
        let reader = Thread {
            var page = 1
            while running.load(ordering: .relaxed) {
                let generation = Self.inode(site + "/.citygen-manifest")
                guard let html = try? String(contentsOfFile: site + "/list/\(page).html", encoding: .utf8) else {
                    page = 1
                    continue
                }
                let links = html.components(separatedBy: "href=\"../city/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
                let missing = links.filter { access(site + "/city/" + $0, F_OK) != 0 }
                if !missing.isEmpty, Self.inode(site + "/.citygen-manifest") == generation {
                    mixed.withLock { $0.append("list/\(page).html → city/\(missing[0])") }
                }
                checked.add(links.count, ordering: .relaxed)
                page += 1
            }
        }
        reader.start()
        for round in 1...4 { try await build(sets[round % 2], pageSize: 50) }
        running.store(false, ordering: .relaxed)
        XCTAssertGreaterThan(checked.load(ordering: .relaxed), 1_000, "the reader ran")
        XCTAssertEqual(mixed.withLock { $0 }, [])
    }

    private static func inode(_ path: String) -> UInt {
        var info = stat()
        return stat(path, &info) == 0 ? UInt(info.st_ino) : 0
    }
}
