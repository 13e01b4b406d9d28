import Foundation
import XCTest

@testable import CityGenKit

/// The previous build's file list, packed: it must answer like the dictionary it replaced.
final class ManifestFilesTests: XCTestCase {
    typealias Record = BuildManifest.FileRecord

    func testAnswersLikeADictionaryThroughEveryRegrowth() {
        var files = ManifestFiles(), dictionary: [String: Record?] = [:]
        for n in 0..<20_000 {
            let path = n % 3 == 0 ? "city/\(n % 1000)/\(n).html" : "list/\(n).md"
            let record: Record? = n % 7 == 0 ? nil : Record(size: n, mtime: -n)
            files.set(record, for: path)
            dictionary[path] = .some(record)
        }
        // A path listed again takes its new record, as a dictionary's value would.
        for n in stride(from: 0, to: 20_000, by: 5) {
            let path = n % 3 == 0 ? "city/\(n % 1000)/\(n).html" : "list/\(n).md"
            files.set(Record(size: 1, mtime: 2), for: path)
            dictionary[path] = .some(Record(size: 1, mtime: 2))
        }
        XCTAssertEqual(files.count, dictionary.count)
        for (path, record) in dictionary {
            XCTAssertEqual(files[path], .some(record), path)
            XCTAssertEqual(files.index(of: path).map(files.path(at:)), path)
        }
        for absent in ["", "list/20000.md", "city/0/1.html", "list/1.md/", "LIST/1.md", "ciudad/0/0.html"] {
            XCTAssertTrue(files[absent] == nil, absent)
            XCTAssertFalse(files.contains(absent), absent)
        }
        XCTAssertEqual(Set(files.indices.map(files.path(at:))), Set(dictionary.keys))
    }

    func testPlannedWrittenAndAbsentAreThreeAnswers() {
        let files: ManifestFiles = ["written.html": Record(size: 0, mtime: 0), "planned.html": nil]
        XCTAssertEqual(files["written.html"], .some(Record(size: 0, mtime: 0)))
        XCTAssertEqual(files["planned.html"], .some(nil))
        XCTAssertTrue(files["absent.html"] == nil)
        XCTAssertTrue(ManifestFiles()["written.html"] == nil)
        XCTAssertTrue(ManifestFiles().isEmpty)
    }

    func testEqualityIgnoresOrderButNotRecords() {
        let one: ManifestFiles = ["a.html": Record(size: 1, mtime: 2), "b.md": nil]
        XCTAssertEqual(one, ["b.md": nil, "a.html": Record(size: 1, mtime: 2)])
        XCTAssertNotEqual(one, ["a.html": Record(size: 1, mtime: 3), "b.md": nil])
        XCTAssertNotEqual(one, ["a.html": Record(size: 1, mtime: 2), "b.md": Record(size: 0, mtime: 0)])
        XCTAssertNotEqual(one, ["a.html": Record(size: 1, mtime: 2)])
        XCTAssertNotEqual(one, ["a.html": Record(size: 1, mtime: 2), "c.md": nil])
    }

    /// A manifest read in chunks (4 MiB from the file) is the one read whole, wherever the chunks cut its lines.
    func testAManifestReadInChunksIsTheManifestReadWhole() throws {
        let text = Array("citygen-manifest 2\nindex.html\t10\t20\ncity/1/1.md\t0\t-5\nplanned.html\n# fingerprint f\n# files 3\n".utf8)
        let whole = BuildManifest(decoding: text)
        XCTAssertEqual(whole.files.count, 3)
        for cut in 0...text.count {
            for second in cut...text.count {
                let chunks = [Array(text[..<cut]), Array(text[cut..<second]), Array(text[second...])]
                XCTAssertEqual(BuildManifest(chunks: chunks, size: text.count), whole, "cut at \(cut) and \(second)")
            }
        }
        // From a file of more than one 4 MiB chunk.
        var big = Array("citygen-manifest 2\n".utf8)
        for n in 0..<150_000 { big += Array("city/\(n % 1000)/\(n).html\t\(n)\t\(n * 7)\n".utf8) }
        big += Array("# fingerprint big\n".utf8)
        XCTAssertGreaterThan(big.count, 4 << 20)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try Data(big).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = try XCTUnwrap(BuildManifest.read(path: file.path))
        XCTAssertEqual(read, BuildManifest(decoding: big))
        XCTAssertEqual(read.files.count, 150_000)
        XCTAssertEqual(read.files["city/999/149999.html"], .some(BuildManifest.FileRecord(size: 149_999, mtime: 149_999 * 7)))
        XCTAssertEqual(read.summary?.fingerprint, "big")
    }
}
