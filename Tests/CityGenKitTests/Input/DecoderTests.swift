import Foundation
import XCTest

@testable import CityGenKit

final class DecoderTests: XCTestCase {
    private func decode(_ text: String, strict: Bool = false) throws -> DecodedCities {
        try CityDecoder.decode(Data(text.utf8), sourceName: "test.json", strict: strict)
    }

    private func syntaxError(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            XCTAssertEqual((error as? CityGenError)?.exitStatus, .badData)
            return "\(error)"
        }
    }

    func testValidRecordsAndIgnoredExtraFields() throws {
        let decoded = try decode(#"[{"country":"UA","name":" Hurzuf ","_id":707860,"coord":{"lon":34.283333,"lat":44.549999},"extra":[1]}]"#)
        XCTAssertEqual(decoded.cities, [City(id: 707860, name: "Hurzuf", country: "UA", latitude: 44.549999, longitude: 34.283333)])
        XCTAssertEqual(decoded.skipped, [])
    }

    func testInvalidRecordsAreSkippedWithIndexAndReason() throws {
        let text = """
            [
            {"country":"UA","name":"Good","_id":1,"coord":{"lon":1,"lat":2}},
            {"country":"UA","name":"NoId","coord":{"lon":1,"lat":2}},
            {"country":"UA","name":"FloatId","_id":1.5,"coord":{"lon":1,"lat":2}},
            {"country":"UA","name":"   ","_id":3,"coord":{"lon":1,"lat":2}},
            {"country":7,"name":"BadCountry","_id":4,"coord":{"lon":1,"lat":2}},
            {"country":"UA","name":"StringLat","_id":5,"coord":{"lon":1,"lat":"2"}},
            {"country":"UA","name":"North","_id":6,"coord":{"lon":1,"lat":90.5}},
            {"country":"UA","name":"East","_id":7,"coord":{"lon":-180.01,"lat":0}},
            {"country":"UA","name":"Dup","_id":1,"coord":{"lon":1,"lat":2}},
            42,
            {"country":"UA","name":null,"_id":8,"coord":{"lon":1,"lat":2}},
            {"country":"UA","name":"NoCoord","_id":9},
            {"country":"","name":"NoCountry","_id":10,"coord":{"lon":180,"lat":-90}}
            ]
            """
        let decoded = try decode(text)
        XCTAssertEqual(decoded.cities.map(\.id), [1, 10])
        XCTAssertEqual(decoded.skipped.map(\.description), [
            "record 1: _id is missing",
            "record 2: _id is not an integer",
            "record 3: name is empty",
            "record 4: country is not a string",
            "record 5: coord.lat is not a number",
            "record 6: coord.lat 90.5 is outside [-90, 90]",
            "record 7: coord.lon -180.01 is outside [-180, 180]",
            "record 8: duplicate _id 1 (the first one is kept)",
            "record 9: not a JSON object",
            "record 10: name is null",
            "record 11: coord is missing",
        ])
    }

    /// SPEC §1: a name that folds to nothing (punctuation, apostrophes, marks alone) is no name; a name with a
    /// letter or digit in any script is one, however short.
    func testNamesThatFoldToNothingAreSkipped() throws {
        let names = ["-", "...", " ’ ", "\u{301}", "·-·", "x", "7", "北", "Łó", "℡"]
        let records = names.enumerated().map { #"{"name":"\#($1)","country":"BY","_id":\#($0),"coord":{"lon":1,"lat":2}}"# }
        let decoded = try decode("[" + records.joined(separator: ",") + "]")
        XCTAssertEqual(decoded.cities.map(\.name), ["x", "7", "北", "Łó", "℡"])
        XCTAssertEqual(decoded.skipped.map(\.description), (0..<5).map { "record \($0): name has no letter or digit" })
        XCTAssertThrowsError(try decode("[" + records[0] + "]", strict: true)) { error in
            XCTAssertEqual("\(error)", "test.json: record 0: name has no letter or digit (--strict makes this fatal)")
        }
    }

    func testStrictMakesAnInvalidRecordFatal() {
        XCTAssertThrowsError(try decode(#"[{"name":"x","_id":1,"coord":{"lon":1,"lat":2}}]"#, strict: true)) { error in
            XCTAssertEqual(error as? CityGenError, .invalidRecord(source: "test.json", SkippedRecord(index: 0, reason: "country is missing")))
            XCTAssertEqual("\(error)", "test.json: record 0: country is missing (--strict makes this fatal)")
        }
    }

    func testMalformedJSONNamesProblemAndPosition() {
        XCTAssertEqual(syntaxError("[{\"a\":1},\n {\"b\": tru}]"),
            "test.json: malformed JSON: unexpected 't': expected a value at line 2, column 8 (byte offset 17)")
        XCTAssertEqual(syntaxError(#"[{"a":1,}]"#),
            "test.json: malformed JSON: trailing comma before '}' at line 1, column 9 (byte offset 8)")
        XCTAssertEqual(syntaxError("[1,2"),
            "test.json: malformed JSON: unexpected end of input: an array is not closed at line 1, column 5 (byte offset 4)")
        XCTAssertEqual(syntaxError("[] x"),
            "test.json: malformed JSON: unexpected 'x' after the end of the JSON value at line 1, column 4 (byte offset 3)")
        XCTAssertEqual(syntaxError("  \n\t "),
            "test.json: malformed JSON: the input is empty: expected a JSON array at line 2, column 3 (byte offset 5)")
        XCTAssertEqual(syntaxError("[\"é\u{1}\"]"),
            "test.json: malformed JSON: unescaped control character (U+0001) in a string at line 1, column 4 (byte offset 4)")
        XCTAssertEqual(syntaxError("[01]"), "test.json: malformed JSON: invalid number: leading zero at line 1, column 2 (byte offset 1)")
        XCTAssertEqual(syntaxError("[\"\\x\"]"), "test.json: malformed JSON: invalid escape '\\x' in a string at line 1, column 3 (byte offset 2)")
        XCTAssertEqual(syntaxError("{\"a\" 1}"),
            "test.json: malformed JSON: unexpected '1': expected ':' after a member name at line 1, column 6 (byte offset 5)")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(syntaxError(deep),
            "test.json: malformed JSON: nesting deeper than 512 levels at line 1, column 513 (byte offset 512)")
    }

    func testTopLevelMustBeAnArray() {
        XCTAssertEqual(syntaxError(#"{"cities":[]}"#), "test.json: expected a JSON array of cities at the top level")
    }

    func testGzipIsDetectedAndCorruptGzipIsReported() throws {
        let gzipped = try Data(contentsOf: Fixtures.shared.appendingPathComponent("data/cities.json.gz"))
        let prefix = gzipped.prefix(4096)
        XCTAssertThrowsError(try CityDecoder.decode(prefix, sourceName: "cut.json.gz")) { error in
            XCTAssertEqual("\(error)", "cut.json.gz: truncated gzip data")
        }
        var corrupt = gzipped.prefix(64)
        corrupt.append(contentsOf: [UInt8](repeating: 0xFF, count: 64))
        XCTAssertThrowsError(try CityDecoder.decode(corrupt, sourceName: "bad.gz")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.gz: corrupt gzip data"), "\(error)")
        }
    }

    func testValidJSONPassesTheSyntaxCheck() {
        for text in [#"[]"#, #"[{"a":[1,-2.5e+3,0,true,false,null,"\u00e9\n"]}]"#, " [ {} , [ ] ] \n"] {
            XCTAssertNil(JSONSyntax.firstError(in: Data(text.utf8)), text)
        }
    }
}
