import Foundation
import XCTest

@testable import CityGenKit

/// GeoNames' geoname table reader (SPEC §1b): rows, bad rows, and files that are not such a table.
final class PlacesTableTests: XCTestCase {
    /// One geoname row: the 19 columns, with `columns` replacing some by index.
    static func row(_ id: Any, _ name: String, lat: Any = 48.0, lon: Any = 2.0, _ columns: [Int: String] = [:]) -> String {
        var fields = ["\(id)", name, name, "", "\(lat)", "\(lon)", "P", "PPL", "FR", "", "11", "", "", "", "1000", "", "50",
                      "Europe/Paris", "2024-01-01"]
        for (index, value) in columns { fields[index] = value }
        return fields.joined(separator: "\t")
    }

    private func read(_ text: String, strict: Bool = false) throws -> (rows: [(id: Int, name: String, line: Int)], skipped: SkippedLines) {
        try read(Data(text.utf8), strict: strict)
    }

    private func read(_ data: Data, strict: Bool = false) throws -> (rows: [(id: Int, name: String, line: Int)], skipped: SkippedLines) {
        var rows: [(id: Int, name: String, line: Int)] = []
        let skipped = try GeoNamesTable.read(.bytes(data, name: "t.txt"), strict: strict) { rows.append(($0.id, $0.name, $0.line)) }
        return (rows, skipped)
    }

    func testRowsGiveTheirFieldsWithCRLFAndAFinalLineWithoutNewline() throws {
        let text = Self.row(1, "Åre", [3: "Areskutan,Оре", 14: "3200", 15: "", 16: "-9999", 7: "PPLA"]) + "\r\n"
            + Self.row(2, "Nangis", lat: "-33.25", lon: "151.5")
        var seen: [GeoNameRow.Copy] = []
        let skipped = try GeoNamesTable.read(.bytes(Data(text.utf8), name: "t.txt")) { seen.append(GeoNameRow.Copy($0)) }
        XCTAssertEqual(skipped.count, 0)
        XCTAssertEqual(seen.map(\.id), [1, 2])
        XCTAssertEqual(seen[0].name, "Åre")
        XCTAssertEqual(seen[0].alternateNames, "Areskutan,Оре")
        XCTAssertEqual(seen[0].featureCode, "PPLA")
        XCTAssertEqual(seen[0].population, 3200)
        XCTAssertNil(seen[0].elevation)
        XCTAssertEqual(seen[0].dem, -9999)
        XCTAssertEqual(seen[1].timeZone, "Europe/Paris", "the \\r of CRLF is not part of the last field")
        XCTAssertEqual(seen[1].latitude, -33.25)
        XCTAssertEqual(seen[1].longitude, 151.5)
        XCTAssertEqual(seen[1].line, 2)
    }

    func testBadRowsAreSkippedWithFileLineAndReason() throws {
        let text = [
            Self.row(1, "Good"), "only\ttwo", Self.row("12a", "Bad id"), Self.row(3, "North", lat: 90.5),
            Self.row(4, "Nowhere", lon: "east"), Self.row(5, "Edge", lat: -90, lon: 180), Self.row(6, "NaN", lat: "nan"),
        ].joined(separator: "\n") + "\n"
        let (rows, skipped) = try read(text)
        XCTAssertEqual(rows.map(\.id), [1, 5])
        XCTAssertEqual(skipped.count, 5)
        XCTAssertEqual(skipped.first.map(\.line), [2, 3, 4, 5, 7])
        XCTAssertEqual(skipped.first.map(\.file), Array(repeating: "t.txt", count: 5))
        XCTAssertEqual(skipped.first[0].reason, "2 tab-separated columns, expected 19")
        XCTAssertEqual(skipped.first[1].reason, "geonameid is not an integer: \"12a\"")
        XCTAssertEqual(skipped.first[2].reason, "latitude is not a number in [-90, 90]: \"90.5\"")
        XCTAssertEqual(skipped.first[3].reason, "longitude is not a number in [-180, 180]: \"east\"")
        XCTAssertEqual(skipped.first[0].description, "t.txt: line 2: 2 tab-separated columns, expected 19")
    }

    func testStrictMakesTheFirstBadRowFatal() throws {
        let text = Self.row(1, "Good") + "\n" + Self.row("x", "Bad") + "\n" + Self.row(3, "North", lat: 99) + "\n"
        XCTAssertThrowsError(try read(text, strict: true)) { error in
            let error = error as? CityGenError
            XCTAssertEqual(error, .invalidLine(SkippedLine(file: "t.txt", line: 2, reason: "geonameid is not an integer: \"x\"")))
            XCTAssertEqual(error?.exitCode, 65)
            XCTAssertEqual(error?.description, "t.txt: line 2: geonameid is not an integer: \"x\" (--strict makes this fatal)")
        }
    }

    private func assertNotATable(_ data: Data, found: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try read(data), file: file, line: line) { error in
            XCTAssertEqual(error as? CityGenError, .notATable(file: "t.txt", expected: GeoNamesTable.expected, found: found), file: file, line: line)
            XCTAssertEqual((error as? CityGenError)?.exitCode, 65, file: file, line: line)
        }
    }

    func testFilesThatAreNotTablesSayWhatTheyAre() throws {
        assertNotATable(Data("<!DOCTYPE html>\n<html><head><title>404</title></head></html>\n".utf8), found: "an HTML page")
        assertNotATable(Data("  [{\"_id\": 1, \"name\": \"x\"}]".utf8), found: "JSON")
        assertNotATable(Data("{\"error\": \"rate limited\"}\n".utf8), found: "JSON")
        assertNotATable(Data(), found: "an empty file")
        assertNotATable(Data([0x1F, 0x8B, 8, 0, 0, 0]), found: "gzip data")
        assertNotATable(Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2]), found: "binary data")
        assertNotATable(Data("id,name\n1,London\n".utf8), found: "text whose line 1 has 1 tab-separated column")
        assertNotATable(Data("hello".utf8), found: "one line, of 1 tab-separated column")
        // A damaged first row among good ones is a bad row, not a reason to refuse the file.
        let (rows, skipped) = try read("broken\trow\n" + Self.row(7, "Seven") + "\n")
        XCTAssertEqual(rows.map(\.id), [7])
        XCTAssertEqual(skipped.first.map(\.line), [1])
    }

    func testAZipIsReadFromItsTxtAndAZipWithoutOneIsNotATable() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("readme\n".utf8).write(to: folder.appendingPathComponent("readme.md"))
        try Data((Self.row(1, "One") + "\n" + Self.row(2, "Two") + "\n").utf8).write(to: folder.appendingPathComponent("cities500.txt"))
        try Self.zip(folder, "cities500.zip", ["readme.md", "cities500.txt"])
        try Self.zip(folder, "no-table.zip", ["readme.md"])
        var ids: [Int] = []
        let zipped = folder.appendingPathComponent("cities500.zip").path
        let skipped = try GeoNamesTable.read(.file(zipped)) { ids.append($0.id) }
        XCTAssertEqual(ids, [1, 2])
        XCTAssertEqual(skipped.count, 0)
        let empty = folder.appendingPathComponent("no-table.zip").path
        XCTAssertThrowsError(try GeoNamesTable.read(.file(empty)) { _ in }) { error in
            XCTAssertEqual(error as? CityGenError, .notATable(file: empty, expected: GeoNamesTable.expected, found: "a zip with no .txt"))
            XCTAssertEqual(
                (error as? CityGenError)?.description,
                "\(empty): expected a GeoNames table: 19 tab-separated columns, found a zip with no .txt")
        }
        // In memory too, and a row's file names the entry.
        let data = try Data(contentsOf: URL(fileURLWithPath: zipped))
        let text = try Data(contentsOf: folder.appendingPathComponent("cities500.txt")) + Data("bad\n".utf8)
        try text.write(to: folder.appendingPathComponent("cities500.txt"))
        try Self.zip(folder, "damaged-row.zip", ["cities500.txt"])
        XCTAssertEqual(try read(data).rows.map(\.id), [1, 2])
        let withBadRow = try GeoNamesTable.read(.file(folder.appendingPathComponent("damaged-row.zip").path)) { _ in }
        XCTAssertEqual(withBadRow.first.first?.file, folder.appendingPathComponent("damaged-row.zip").path + " (cities500.txt)")
    }

    static func zip(_ folder: URL, _ name: String, _ files: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else { throw XCTSkip("no /usr/bin/zip") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.currentDirectoryURL = folder
        process.arguments = ["-q", name] + files
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testAMissingFileIsAMissingInput() {
        XCTAssertThrowsError(try GeoNamesTable.read(.file("/nonexistent/cities500.txt")) { _ in }) { error in
            XCTAssertEqual((error as? CityGenError)?.exitCode, 66)
        }
    }

    /// Lines that cross the reader's buffers, and one longer than a buffer, come out whole.
    func testLinesCrossingBuffersComeOutWhole() throws {
        let lines = (0..<200).map { Self.row($0, String(repeating: "n", count: $0 % 37), [3: String(repeating: "a,", count: $0 % 5 * 9)]) }
        let text = Data((lines.joined(separator: "\n")).utf8)
        for chunk in [1, 7, 64, 1000] {
            var source = MemoryBytes(text)
            var seen: [String] = []
            try LineReader.read(&source, chunk: chunk) { _, _ in } line: { bytes, _ in seen.append(String(decoding: bytes, as: UTF8.self)) }
            XCTAssertEqual(seen, lines, "chunk \(chunk)")
        }
    }

    func testNumbersAreReadLikeSwiftReadsThem() {
        for text in ["0", "-0.5", "51.50853", "-0.12574", "+3", "1e2", "0.1", "179.99999", "12345678901234567", ".5", "5."] {
            let parsed = Array(text.utf8).withUnsafeBufferPointer { ByteNumbers.double($0) }
            XCTAssertEqual(parsed, Double(text), text)
        }
        for text in ["", "-", "nan", "inf", "1,5", " 1", "0x"] {
            XCTAssertNil(Array(text.utf8).withUnsafeBufferPointer { ByteNumbers.double($0) }, text)
        }
        XCTAssertEqual(Array("-9999".utf8).withUnsafeBufferPointer { ByteNumbers.int($0) }, -9999)
        XCTAssertNil(Array("99999999999999999999".utf8).withUnsafeBufferPointer { ByteNumbers.int($0) })
    }
}

extension GeoNameRow {
    /// The fields a test looks at, copied out of a row (which lives only during its callback).
    struct Copy {
        let id: Int, line: Int, latitude: Double, longitude: Double
        let name: String, alternateNames: String, featureCode: String, timeZone: String
        let population: Int?, elevation: Int?, dem: Int?

        init(_ row: GeoNameRow) {
            id = row.id
            line = row.line
            latitude = row.latitude
            longitude = row.longitude
            name = row.name
            alternateNames = row.alternateNames
            featureCode = row.featureCode
            timeZone = row.timeZone
            population = row.population
            elevation = row.elevation
            dem = row.dem
        }
    }
}
