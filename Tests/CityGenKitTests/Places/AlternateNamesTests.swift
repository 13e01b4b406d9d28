import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// GeoNames' alternate names table (SPEC §1b "Names in a language"): the picking rule, bad rows, files that are no
/// such table, the extract kept in the cache; and GeoNames' own names as Debian installs them.
final class AlternateNamesTests: XCTestCase {
    private var folder: URL!
    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// One row: id, geonameid, language, name, then the four flags.
    private func row(_ id: Int, _ place: Int, _ language: String, _ name: String, _ flags: String = "") -> String {
        [String(id), String(place), language, name, flags.contains("p") ? "1" : "", flags.contains("s") ? "1" : "", flags.contains("c") ? "1" : "",
         flags.contains("h") ? "1" : "", "", ""].joined(separator: "\t")
    }

    private func names(_ rows: [String], _ language: String, wanted: Set<Int> = Set(1...20), strict: Bool = false) throws -> AlternateNames {
        try AlternateNames(.bytes(Data((rows.joined(separator: "\n") + "\n").utf8), name: "alternateNamesV2.txt"), language: language, wanted: wanted, strict: strict)
    }

    func testTheNameIsPreferredAndShortThenPreferredThenShortThenAnyNeverHistoricOrColloquial() throws {
        let table = try names([
            row(1, 1, "es", "Any"), row(2, 1, "es", "Short", "s"), row(3, 1, "es", "Preferred", "p"), row(4, 1, "es", "Historic", "psh"),
            row(5, 1, "es", "Colloquial", "psc"), row(6, 1, "es", "Both", "ps"), row(7, 1, "es", "Both later", "ps"),
            row(8, 2, "es", "Any two"), row(9, 2, "es", "Short two", "s"), row(10, 2, "en", "English", "ps"), row(11, 2, "es", "Old", "ph"),
            row(12, 3, "es", "Any three"), row(13, 3, "es", "Any three later"), row(14, 3, "post", "28001", "ps"),
            row(15, 4, "iata", "MAD", "ps"), row(16, 4, "", "Nameless", "ps"), row(17, 4, "link", "https://x", "ps"),
            row(18, 5, "es", "Not wanted", "ps"), row(19, 6, "es", "", "ps"),
        ], "es", wanted: [1, 2, 3, 4, 6])
        XCTAssertEqual(table.names, [1: "Both", 2: "Short two", 3: "Any three"])
        XCTAssertEqual(table.skipped.count, 0)
    }

    /// A name is trimmed; one that is no name (blank, punctuation alone, a control or bidirectional character) is
    /// never picked, and the next rule's name is.
    func testANameIsTrimmedAndOneThatIsNoNameLeavesTheChoiceToTheNext() throws {
        let table = try names([
            row(1, 1, "es", "  Sevilla \u{00A0}", "ps"),
            row(2, 2, "es", " - ", "ps"), row(3, 2, "es", "Dos", "p"),
            row(4, 3, "es", "...", "ps"), row(5, 3, "es", "\u{202E}Tres", "p"), row(6, 3, "es", "Tres", "s"),
            row(7, 4, "es", "’", "ps"),
        ], "es")
        XCTAssertEqual(table.names, [1: "Sevilla", 2: "Dos", 3: "Tres"])
    }

    func testARegionalLanguageTakesItsOwnRowsElseItsLanguagesAndNoCodeThatIsNoLanguage() throws {
        let rows = [row(1, 1, "pt", "Geral", "ps"), row(2, 1, "pt-BR", "Brasileiro"), row(3, 2, "pt", "Só pt", "p"), row(4, 3, "fr_1793", "Révolution", "ps")]
        XCTAssertEqual(try names(rows, "pt-BR").names, [1: "Brasileiro", 2: "Só pt"])
        XCTAssertEqual(try names(rows, "pt").names, [1: "Geral", 2: "Só pt"])
    }

    func testBadRowsAreSkippedWithTheirLinesAndStrictMakesThemFatal() throws {
        let rows = [row(1, 1, "es", "Uno", "ps"), "2\t2\tes\tDos", row(3, 3, "es", "Tres", "ps"), row(4, 99, "es", "x").replacingOccurrences(of: "\t99\t", with: "\tx9\t")]
        let table = try names(rows, "es")
        XCTAssertEqual(table.names, [1: "Uno", 3: "Tres"])
        XCTAssertEqual(table.skipped.count, 2)
        XCTAssertEqual(table.skipped.first.map(\.line), [2, 4])
        XCTAssertTrue(table.skipped.first[0].description.contains("4 tab-separated columns, expected 10"), table.skipped.first[0].description)
        XCTAssertThrowsError(try names(rows, "es", strict: true)) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 65)
            XCTAssertTrue("\(error)".contains("alternateNamesV2.txt") && "\(error)".contains("line 2"), "\(error)")
        }
    }

    func testAFileThatIsNoSuchTableSaysWhatWasExpectedAndFound() {
        for (text, found) in [("<!doctype html><html><body>404</body></html>", "an HTML page"), ("[{\"a\": 1}]", "JSON"),
            ((1...12).map { "\($0)\tLondon\tGB" }.joined(separator: "\n"), "3 tab-separated columns")] {
            XCTAssertThrowsError(try AlternateNames(.bytes(Data(text.utf8), name: "names.txt"), language: "es", wanted: [])) { error in
                XCTAssertEqual((error as! CityGenError).exitCode, 65)
                XCTAssertTrue("\(error)".contains(AlternateNames.expected) && "\(error)".contains(found), "\(error)")
            }
        }
    }

    /// The name each place takes in the language is kept in the cache, of every place: the next read takes them from
    /// there, whatever the table holds now under the same identity, and finds the same names.
    func testTheNamesInTheLanguageAreKeptInTheCacheAndReadFromThereNextTime() throws {
        let table = folder.appendingPathComponent("alternateNamesV2.txt")
        let rows = [
            row(1, 1, "es", "Uno", "ps"), row(2, 1, "de", "Eins", "ps"), row(3, 2, "es", "Dos"), row(4, 3, "es", "Tres", "s"),
            row(5, 1, "es", "Primero"), row(6, 4, "es", "-"),
        ]
        try (rows.joined(separator: "\n") + "\n").write(to: table, atomically: true, encoding: .utf8)
        let cache = SourceCache(folder: folder.appendingPathComponent("cache"))
        let first = try PlaceNames.read(.file(table.path), language: "es", wanted: [1, 2], cache: cache, strict: false)
        XCTAssertEqual(first.names, [1: "Uno", 2: "Dos"])
        let extracts = try FileManager.default.contentsOfDirectory(atPath: cache.folder.appendingPathComponent("names").path).sorted()
        XCTAssertEqual(extracts.count, 2, "the extract and its .source")
        XCTAssertEqual(extracts.map { $0.split(separator: ".").last }, ["source", "txt"])
        XCTAssertEqual(try String(contentsOf: cache.folder.appendingPathComponent("names/\(extracts[0])"), encoding: .utf8),
            try LoadedPlaces.identity(of: .file(table.path), role: "names"), "the .source names the table")
        let extract = try String(contentsOf: cache.folder.appendingPathComponent("names/\(extracts[1])"), encoding: .utf8)
        XCTAssertEqual(extract, "1\tUno\n2\tDos\n3\tTres\n", "the chosen name of every place, by geonameid; none for a name that is no name")
        // The same table (same path, size and time): read from the extract, which now says otherwise.
        try (extract.replacingOccurrences(of: "Uno", with: "Una")).write(
            to: cache.folder.appendingPathComponent("names/\(extracts[1])"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PlaceNames.read(.file(table.path), language: "es", wanted: [1, 3], cache: cache, strict: false).names, [1: "Una", 3: "Tres"])
        // An extract that is not one is made again from the table.
        let extractFile = cache.folder.appendingPathComponent("names/\(extracts[1])")
        try "1\tUna\tthird column\n".write(to: extractFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try PlaceNames.read(.file(table.path), language: "es", wanted: nil, cache: cache, strict: false).names, [1: "Uno", 2: "Dos", 3: "Tres"])
        XCTAssertEqual(try String(contentsOf: extractFile, encoding: .utf8), extract)
    }

    /// Writing an extract prunes the cache's names folder: an extract of an older format (no `.source` naming its
    /// table, or named by another key), one of a table since changed, one of a table since deleted go, with their
    /// `.source`; those of another table that is as it was, and of another language of the same table, stay.
    func testWritingAnExtractRemovesThoseNoBuildWillReadAgain() throws {
        let cache = SourceCache(folder: folder.appendingPathComponent("cache"))
        let names = cache.folder.appendingPathComponent("names")
        func table(_ name: String, _ rows: [String]) throws -> String {
            let file = folder.appendingPathComponent(name)
            try (rows.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        func listed() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: names.path)) }
        let a = try table("a.txt", [row(1, 1, "es", "Uno"), row(2, 1, "ru", "Один")])
        let b = try table("b.txt", [row(3, 2, "es", "Dos")])
        let gone = try table("gone.txt", [row(4, 3, "es", "Tres")])
        _ = try PlaceNames.read(.file(b), language: "es", wanted: nil, cache: cache, strict: false)
        _ = try PlaceNames.read(.file(gone), language: "es", wanted: nil, cache: cache, strict: false)
        _ = try PlaceNames.read(.file(a), language: "ru", wanted: nil, cache: cache, strict: false)
        let kept = try listed()
        XCTAssertEqual(kept.count, 6, "three extracts, each with its .source: \(kept)")
        // What an older citygen left: an extract without a .source, and one whose name is not its table's key now.
        try "1\tUno\n".write(to: names.appendingPathComponent("0123456789abcdef01234567-es.txt"), atomically: true, encoding: .utf8)
        try "1\tUno\n".write(to: names.appendingPathComponent("fedcba9876543210fedcba98-es.txt"), atomically: true, encoding: .utf8)
        let identityOfB = try String(contentsOf: names.appendingPathComponent(kept.first { $0.hasSuffix(".source") && (try? String(contentsOf: names.appendingPathComponent($0), encoding: .utf8))?.contains("/b.txt") == true }!), encoding: .utf8)
        try identityOfB.write(to: names.appendingPathComponent("fedcba9876543210fedcba98-es.source"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: gone)
        let ruOfA = kept.filter { $0.hasSuffix("-ru.txt") || $0.hasSuffix("-ru.source") }
        // Table a changes (a row more: another size), and its Spanish extract is written: the prune runs.
        _ = try table("a.txt", [row(1, 1, "es", "Uno"), row(2, 1, "ru", "Один"), row(5, 4, "es", "Cuatro")])
        XCTAssertEqual(try PlaceNames.read(.file(a), language: "es", wanted: nil, cache: cache, strict: false).names, [1: "Uno", 4: "Cuatro"])
        let after = try listed()
        let ofB = kept.filter { (try? String(contentsOf: names.appendingPathComponent($0.replacingOccurrences(of: ".txt", with: ".source")), encoding: .utf8))?.contains("/b.txt") == true }
        XCTAssertEqual(ofB.count, 2)
        XCTAssertTrue(after.isSuperset(of: ofB), "b's extract stays: \(after)")
        XCTAssertTrue(after.isDisjoint(with: ruOfA), "a's Russian extract was of the table before it changed: \(after)")
        XCTAssertFalse(after.contains { $0.hasPrefix("0123456789abcdef") || $0.hasPrefix("fedcba9876543210") }, "older formats go: \(after)")
        XCTAssertEqual(after.count, 4, "b's extract and a's new Spanish one, each with its .source: \(after)")
        // A Russian site of the changed table makes its extract again, and b's still reads from the cache.
        XCTAssertEqual(try PlaceNames.read(.file(a), language: "ru", wanted: nil, cache: cache, strict: false).names, [1: "Один"])
        XCTAssertEqual(try listed().count, 6)
        XCTAssertEqual(try PlaceNames.read(.file(b), language: "es", wanted: nil, cache: cache, strict: false).names, [2: "Dos"])
    }

    /// An extract edited by hand, its lines out of order and one place twice, reads as its lines say, the later line
    /// of a place taken: each name found by its id, none for an id it lacks, and written out again by id.
    func testAnExtractOutOfOrderReadsByIDTheLaterLineOfAPlaceTaken() throws {
        let text = "30\tТридцать\n2\tДва\n1000000\tМиллион\n2\tДвое\n7\tСемь\n"
        let names = try AlternateNames(extract: .bytes(Data(text.utf8), name: "ru.txt"), wanted: nil).names
        XCTAssertEqual(names, [2: "Двое", 7: "Семь", 30: "Тридцать", 1_000_000: "Миллион"])
        XCTAssertEqual([1, 2, 7, 29, 30, 31, 1_000_000, 1_000_001].map { names[$0] }, [nil, "Двое", "Семь", nil, "Тридцать", nil, "Миллион", nil])
        XCTAssertEqual(names.count, 4)
        XCTAssertEqual(String(decoding: AlternateNames(names: names).extract, as: UTF8.self), "2\tДвое\n7\tСемь\n30\tТридцать\n1000000\tМиллион\n")
        let wanted = try AlternateNames(extract: .bytes(Data(text.utf8), name: "ru.txt"), wanted: [7, 30, 8]).names
        XCTAssertEqual(wanted, [7: "Семь", 30: "Тридцать"])
        XCTAssertEqual(AlternateNames(names: names).keeping([2, 1_000_000]).names, [2: "Двое", 1_000_000: "Миллион"])
    }

    /// GeoNames' own Spanish names (Debian's libgeonames-common), written as alternate names rows among rows the
    /// rule passes over: every place gets the catalog's name.
    func testGeoNamesOwnSpanishNamesArePicked() throws {
        guard let catalog = try GeoNamesCatalog.names("es") else { throw XCTSkip("libgeonames-common is not installed") }
        XCTAssertGreaterThan(catalog.count, 3000)
        let text = GeoNamesCatalog.alternateNamesRows(catalog, language: "es")
        let table = try AlternateNames(.bytes(Data(text.utf8), name: "alternateNamesV2.txt"), language: "es", wanted: Set(catalog.keys))
        XCTAssertEqual(table.names, NamesByID(catalog))
        XCTAssertEqual(table.names[2643743], catalog[2643743])
        XCTAssertEqual(table.skipped.count, 0)
    }
}
