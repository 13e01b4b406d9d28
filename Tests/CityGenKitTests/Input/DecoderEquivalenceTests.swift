import Foundation
import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// The one-pass scanner (`CityListScanner`) reads every list it decides exactly as the checked path
/// (`JSONSyntax`, then `JSONDecoder`) does: the same cities, the same reasons for the same skipped records; and
/// it decides the real data and the usual shapes of bad records itself, so that these comparisons mean something.
final class DecoderEquivalenceTests: XCTestCase {
    /// What a record became: its city, or why it was skipped.
    private func outcomes(_ records: [SourceRecord]) -> [String] {
        records.map { record in
            switch record.content {
            case .success(let city): "\(city.id)|\(city.name)|\(city.country)|\(city.latitude.bitPattern)|\(city.longitude.bitPattern)"
            case .failure(let problem): "skip: \(problem.reason)"
            }
        }
    }

    /// The scanner's records of `json` equal the checked path's; true when the scanner decided it.
    @discardableResult
    private func assertSame(_ json: Data, _ message: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let scanned = CityListScanner.records(in: json) else { return false }
        do {
            let checked = try CityDecoder.checkedRecords(json, sourceName: "t")
            XCTAssertEqual(outcomes(scanned), outcomes(checked), message, file: file, line: line)
        } catch {
            XCTFail("\(message): the scanner read a list that the checked path refuses (\(error))", file: file, line: line)
        }
        return true
    }

    func testEveryKindOfRecordReadsTheSame() {
        let records = [
            #"{"_id":1,"name":"Zürich","country":"CH","coord":{"lat":47.37,"lon":8.54}}"#,
            #"{"coord":{"lon":-58.4,"lat":-34.6},"country":"AR","_id":2,"name":"  Buenos Aires \t"}"#,
            #"{"_id":3,"name":"Esc \"q\" \\ \/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00","country":"","coord":{"lat":0,"lon":-0.0}}"#,
            #"{"_id":-4,"name":"x","country":"US","coord":{"lat":1E2,"lon":2.5e-3},"extra":[1,{"a":[null,true,false]},"s"]}"#,
            #"{"_id":5,"name":"x","country":"US","coord":{"lat":1,"lon":2,"alt":{"deep":[[[]]]}}}"#,
            #"{"_id":6,"name":"x","country":"US"}"#, #"{"_id":7,"name":"x","country":"US","coord":null}"#,
            #"{"_id":8,"name":"x","country":"US","coord":[1,2]}"#, #"{"_id":9,"name":"x","country":"US","coord":{}}"#,
            #"{"_id":10,"name":"x","country":"US","coord":{"lat":null,"lon":2}}"#,
            #"{"_id":11,"name":"x","country":"US","coord":{"lat":"1","lon":2}}"#,
            #"{"_id":12,"name":"x","country":"US","coord":{"lat":91,"lon":2}}"#,
            #"{"_id":13,"name":"x","country":"US","coord":{"lat":1,"lon":-180.5}}"#,
            #"{"name":"x","country":"US","coord":{"lat":1,"lon":2}}"#, #"{"_id":null,"name":"x","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":"15","name":"x","country":"US","coord":{"lat":1,"lon":2}}"#, #"{"_id":true,"name":"x","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":17,"country":"US","coord":{"lat":1,"lon":2}}"#, #"{"_id":18,"name":null,"country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":19,"name":7,"country":"US","coord":{"lat":1,"lon":2}}"#, #"{"_id":20,"name":"   ","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":21,"name":"a\u2028b","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":22,"name":"x","country":"U\u0085S","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":23,"name":"evil\u202Egnp","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":24,"name":"x","coord":{"lat":1,"lon":2}}"#, #"{"_id":25,"name":"x","country":{},"coord":{"lat":1,"lon":2}}"#,
            #"{"_id":1,"name":"duplicate id","country":"US","coord":{"lat":1,"lon":2}}"#,
            #"{"_id":999999999999999999,"name":"x","country":"US","coord":{"lat":1,"lon":2}}"#,
            "[]", "null", "7", #""text""#, "{}", "true",
            #"{"_id":26,"name":""# + String(repeating: "n", count: 201) + #"","country":"US","coord":{"lat":1,"lon":2}}"#,
        ]
        let json = Data(("[\n" + records.joined(separator: ",\n") + "\n]\n").utf8)
        XCTAssertTrue(assertSame(json, "all kinds"), "the scanner decides every one of these records")
        for record in records {
            XCTAssertTrue(assertSame(Data("[\(record)]".utf8), record), "decided: \(record)")
        }
        XCTAssertTrue(assertSame(Data(" [ ] ".utf8), "empty"))
    }

    /// What the scanner leaves to the checked path: the checked path's answer (often an error with a position)
    /// is the only one.
    func testItLeavesTheUnusualToTheCheckedPath() {
        for json in [
            "", "[", "[1,]", "[{}] x", "{}", #"[{"_id":1.0}]"#, #"[{"_id":1e3}]"#, #"[{"_id":-0}]"#,
            #"[{"_id":99999999999999999999}]"#, #"[{"\u005fid":1}]"#, #"[{"_id":1,"_id":2}]"#, #"[{"coord":{"lat":1e999}}]"#,
            #"[{"name":"\ud800"}]"#, #"[{"name":"\udc00x"}]"#, "[\"\u{1}\"]", #"[{"name":"\x"}]"#, "[01]", "[1.]", "[-]", "[tru]",
            "\u{FEFF}[]", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ] {
            XCTAssertNil(CityListScanner.records(in: Data(json.utf8)), json)
        }
        XCTAssertNil(CityListScanner.records(in: Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])), "invalid UTF-8")
    }

    /// Random mutations of a valid list: wherever the scanner decides, it agrees with the checked path.
    func testMutationsReadTheSame() {
        let valid = Array(Fixtures.json((1...30).map { (id: $0, name: "City \($0) Ñ \"q\"", country: "US", lat: Double($0) / 7, lon: -Double($0)) }))
        let pieces = ["null", "\"", "\\u00e9", "{", "}", "[", "]", ",", ":", "1e5", "-", "\"x\":1,", "\\n", "0.5", "true"]
        var generator = SeededGenerator(seed: 11)
        var decided = 0
        for round in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[at] = UInt8.random(in: 0x20...0x7E, using: &generator)
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: Array(pieces.randomElement(using: &generator)!.utf8), at: at)
                }
            }
            if assertSame(Data(bytes), "round \(round): \(String(decoding: bytes, as: UTF8.self))") { decided += 1 }
        }
        XCTAssertGreaterThan(decided, 300, "the scanner decides a good share of the mutated lists")
    }

    /// The bundled snapshot (209,579 cities): the scanner decides it, and reads it as the checked path does.
    func testTheRealData() throws {
        let url = try SourceLoader.bundledSnapshot()
        let json = try Gzip.decompress(Data(contentsOf: url))
        XCTAssertTrue(assertSame(json, "the snapshot"), "the scanner decides the real data")
    }

    /// The rules' shortcuts: forbidden characters by code point equal Unicode's categories for every scalar, and
    /// trimming that skips Foundation for plain ends equals Foundation's on every white space at either end.
    func testTheRulesShortcutsEqualUnicode() {
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let bidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            let expected = bidi ? "a bidirectional control"
                : [.control, .lineSeparator, .paragraphSeparator].contains(category) ? "a control character" : nil
            XCTAssertEqual(SourceRecord.forbiddenKind(scalar), expected, "U+\(String(value, radix: 16))")
        }
        let spaces = (0...0x3000).compactMap(Unicode.Scalar.init).filter { CharacterSet.whitespacesAndNewlines.contains($0) }
        XCTAssertGreaterThan(spaces.count, 20)
        for space in spaces.map(String.init) + ["", "a", "é", "\u{FEFF}"] {
            for text in [space + "x", "x" + space, space + "Zürich" + space, "x", "é", space] {
                XCTAssertEqual(SourceRecord.trimmed(text), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            }
        }
    }

    /// A list read in two halves at once reads as it does whole: cut where a record starts, and read again whole
    /// where the cut fell inside a name that holds `},{`, or undecided where the whole list is.
    func testAListReadInHalvesReadsAsAWhole() {
        func record(_ id: Int, name: String = "Town") -> String {
            #"{"_id":\#(id),"name":"\#(name)","country":"FR","coord":{"lat":1.5,"lon":-2.25}}"#
        }
        let plain = (0..<40).map { record($0) }
        var tricky = plain
        for k in 15..<25 { tricky[k] = record(k, name: #"a\"},{\"b"#) }  // `},{` in the name, where the cut is looked for
        var spaced = plain.joined(separator: " ,\n  ")
        spaced = "[\n" + spaced + "\n]\n"
        var invalid = plain
        invalid[30] = #"{"_id":"x","name":"Town","country":"FR","coord":{"lat":1,"lon":2}}"#
        var broken = plain
        broken[30] = #"{"_id":30,"name":"Town","country":"FR","coord":{"lat":1,"lon":2}"#
        let lists = ["[" + plain.joined(separator: ",") + "]", "[" + tricky.joined(separator: ",") + "]", spaced,
                     "[" + invalid.joined(separator: ",") + "]", "[" + broken.joined(separator: ",") + "]", "[]", "[" + record(1) + "]"]
        for (n, list) in lists.enumerated() {
            let json = Data(list.utf8)
            let whole = CityListScanner.records(in: json, splitSize: Int.max), halves = CityListScanner.records(in: json, splitSize: 0)
            XCTAssertEqual(halves.map(outcomes), whole.map(outcomes), "list \(n)")
            XCTAssertEqual(whole == nil, n == 4, "list \(n): only the broken one is left to the checked path")
        }
    }
}
