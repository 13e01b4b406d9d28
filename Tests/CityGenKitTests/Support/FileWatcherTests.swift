import Foundation
import XCTest

@testable import CityGenKit

/// `serve --watch`'s watcher, with inotify and by polling: a write, a save by rename, a delete then recreate, a file
/// in a folder below a watched one; and nothing for a file beside a watched one.
final class FileWatcherTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates/search"), withIntermediateDirectories: true)
        try "a: 1\n".write(to: folder.appendingPathComponent("citygen.yml"), atomically: false, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent("templates/city.md.mustache"), atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// What a watcher reports, as the tests wait for it.
    final class Reports: @unchecked Sendable {
        private let paths = Locked<[String]>([])
        func add(_ changed: [String]) { paths.withLock { $0 += changed } }
        /// Waits until `path` is reported (at most 5 s); true when it was.
        func wait(for path: String) -> Bool {
            for _ in 0..<500 {
                if paths.withLock({ $0.contains(path) }) { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }
        func clear() { paths.withLock { $0 = [] } }
        var all: [String] { paths.withLock { $0 } }
    }

    func watch(_ mode: FileWatcher.Mode) throws -> (FileWatcher, Reports) {
        let reports = Reports()
        let watcher = try FileWatcher(
            paths: [folder.appendingPathComponent("citygen.yml"), folder.appendingPathComponent("templates"), folder.appendingPathComponent("strings.yml")],
            mode: mode, onChange: reports.add)
        return (watcher, reports)
    }

    let modes: [FileWatcher.Mode] = [.inotify, .poll(interval: 0.05)]

    func testAWriteIsReported() throws {
        for mode in modes {
            let (watcher, reports) = try watch(mode)
            defer { watcher.stop() }
            let config = folder.appendingPathComponent("citygen.yml")
            try "a: 2\n".write(to: config, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: config.path), "\(mode): \(reports.all)")
        }
    }

    func testASaveByRenameIsReported() throws {
        for mode in modes {
            let (watcher, reports) = try watch(mode)
            defer { watcher.stop() }
            let template = folder.appendingPathComponent("templates/city.md.mustache")
            let saved = folder.appendingPathComponent("templates/.city.md.mustache.swp")
            try "y \(mode)".write(to: saved, atomically: false, encoding: .utf8)
            XCTAssertEqual(rename(saved.path, template.path), 0)
            XCTAssertTrue(reports.wait(for: template.path), "\(mode): \(reports.all)")
        }
    }

    func testADeletedThenRecreatedFileIsReportedBothTimes() throws {
        for mode in modes {
            let (watcher, reports) = try watch(mode)
            defer { watcher.stop() }
            let config = folder.appendingPathComponent("citygen.yml")
            try FileManager.default.removeItem(at: config)
            XCTAssertTrue(reports.wait(for: config.path), "\(mode): the delete: \(reports.all)")
            reports.clear()
            try "a: 3\n".write(to: config, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: config.path), "\(mode): the new file: \(reports.all)")
            // A file that did not exist when the watch began (strings.yml) is seen once made.
            let strings = folder.appendingPathComponent("strings.yml")
            try "t: 1\n".write(to: strings, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: strings.path), "\(mode): a new watched file: \(reports.all)")
        }
    }

    func testAFileBelowAWatchedFolderIsReportedAndOneBesideAWatchedFileIsNot() throws {
        for mode in modes {
            let (watcher, reports) = try watch(mode)
            defer { watcher.stop() }
            try "other".write(to: folder.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
            let part = folder.appendingPathComponent("templates/search/fold.js")
            try "// \(mode)".write(to: part, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: part.path), "\(mode): \(reports.all)")
            // A folder made after the watch began is watched too.
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates/new \(modes.firstIndex(of: mode)!)"), withIntermediateDirectories: true)
            Thread.sleep(forTimeInterval: 0.2)
            let inNew = folder.appendingPathComponent("templates/new \(modes.firstIndex(of: mode)!)/style.css")
            try "p {}".write(to: inNew, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: inNew.path), "\(mode): \(reports.all)")
            XCTAssertFalse(reports.all.contains { $0.hasSuffix("notes.txt") }, "\(mode): \(reports.all)")
        }
    }

    func testAFileWhoseFolderIsMadeLaterIsReported() throws {
        for mode in modes {
            let strings = folder.appendingPathComponent("later \(modes.firstIndex(of: mode)!)/strings/fr.yml")
            let reports = Reports()
            let watcher = try FileWatcher(paths: [strings], mode: mode, onChange: reports.add)
            defer { watcher.stop() }
            try FileManager.default.createDirectory(at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "t: 1\n".write(to: strings, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: strings.path), "\(mode): \(reports.all)")
            // Its folder deleted and made again: still watched.
            try FileManager.default.removeItem(at: strings.deletingLastPathComponent())
            Thread.sleep(forTimeInterval: 0.2)
            reports.clear()
            try FileManager.default.createDirectory(at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "t: 2\n".write(to: strings, atomically: false, encoding: .utf8)
            XCTAssertTrue(reports.wait(for: strings.path), "\(mode): made again: \(reports.all)")
        }
    }

    /// More events than the kernel queues (`fs.inotify.max_queued_events`) while the watcher is busy: events are
    /// lost, so every watched path is reported, the unchanged config among them (the preview plans again).
    func testAnOverflowedQueueReportsEveryWatchedPath() throws {
        let queued = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        let busy = DispatchSemaphore(value: 0)
        let reports = Reports()
        let first = Locked(true)
        let watcher = try FileWatcher(
            paths: [folder.appendingPathComponent("citygen.yml"), folder.appendingPathComponent("templates")], mode: .inotify
        ) { changed in
            reports.add(changed)
            if first.withLock({ let was = $0; $0 = false; return was }) { busy.wait() }
        }
        defer { watcher.stop() }
        let template = folder.appendingPathComponent("templates/city.md.mustache")
        try "y".write(to: template, atomically: false, encoding: .utf8)
        XCTAssertTrue(reports.wait(for: template.path), "\(reports.all)")
        reports.clear()
        // The watcher is held in its report; each file made is three events (create, modify, close).
        for i in 0..<(queued / 3 + 100) {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("templates/\(i).txt").path, contents: Data("x".utf8)))
        }
        busy.signal()
        XCTAssertTrue(reports.wait(for: folder.appendingPathComponent("citygen.yml").path), "\(reports.all.prefix(5))")
    }
}
