import Foundation
import XCTest

@testable import CityGenKit

final class FolderEntryTests: XCTestCase {
    /// A record as glibc lays it out at the very end of the buffer `readdir` reads into, with an unreadable page
    /// right after it: reading the record's whole `d_name` field (256 bytes) or the whole `dirent` faults here.
    func testARecordAtTheEndOfItsBufferIsReadUpToItsName() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else { return XCTFail("mmap: \(String(cString: strerror(errno)))") }
        defer { munmap(memory, 2 * page) }
        XCTAssertEqual(mprotect(memory + page, page, PROT_NONE), 0)

        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        for name in ["a", "index.html", String(repeating: "x", count: 40)] {
            let length = (nameOffset + name.utf8.count + 1 + 7) / 8 * 8  // d_reclen: aligned to 8, as glibc's
            let record = memory + page - length
            memset(record, 0x5A, length)
            (record + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).storeBytes(of: UInt8(DT_REG), as: UInt8.self)
            _ = name.withCString { memcpy(record + nameOffset, $0, name.utf8.count + 1) }
            let entry = record.assumingMemoryBound(to: dirent.self)
            XCTAssertEqual(FolderEntry.name(of: entry), name)
            XCTAssertEqual(FolderEntry.type(of: entry), UInt8(DT_REG))
        }
    }

    /// Many entries with names of every length, so that some record ends each buffer `readdir` fills: the walk of
    /// `citygen check`, the whole-site switch's carrying of foreign files and the tree removal see every one.
    func testAFolderWithNamesOfEveryLengthIsReadWhole() throws {
        let root = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        var written: Set<String> = []
        for length in 1...255 {
            for copy in 0..<8 {
                let folder = copy.isMultiple(of: 2) ? "a" : "b/c"
                let name = String(repeating: Character(UnicodeScalar(UInt8(97 + copy))), count: length)
                written.insert(folder + "/" + name)
            }
        }
        for path in written {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }

        var walked: [String: Int] = [:]
        try SiteFolderWalk.files(in: site) { walked[$0] = $1 }
        XCTAssertEqual(Set(walked.keys), written)
        XCTAssertTrue(walked.allSatisfy { $0.value == $0.key.utf8.count })

        let copy = root.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let writer = try OutputWriter(root: site, force: true)
        try writer.linkForeignFiles(from: site.path, to: copy.path, previous: BuildManifest())
        var carried: Set<String> = []
        try SiteFolderWalk.files(in: copy) { path, _ in carried.insert(path) }
        XCTAssertEqual(carried, written)

        FolderExchange.removeTree(site.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.path))
    }
}
