import Foundation
import XCTest

@testable import CityGenKit

/// Every word the code and the templates say is in the English table (the script's are `ScriptCoreTests`'): a
/// misspelt key fails here, in the quick loop, not when a page that says it is rendered.
final class WordUsesTests: XCTestCase {
    /// The keys of the English table, and the sections they are in (`country` of `country.heading`).
    private func english() throws -> (words: Words, sections: Set<Substring>) {
        let words = try Words(language: "en")
        return (words, Set(words.keys.compactMap { $0.split(separator: ".").first }))
    }

    /// Whether `key` is a word of `words`, itself or as a word with plural forms (`count.city` has `count.city.other`).
    private func says(_ words: Words, _ key: String) -> Bool { words.has(key) || words.has(key + ".other") }

    /// Every string literal of the library's sources that names a word (a section of the table, a dot, more: not a
    /// file name such as `search.js`), and every key made from a typed value.
    func testEveryWordTheSourcesSayIsInTheTable() throws {
        let (words, sections) = try english()
        let sources = Fixtures.repository.appendingPathComponent("Sources/CityGenKit")
        let literal = /"([a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+)"/
        let fileEndings: Set<Substring> = ["js", "json", "html", "md", "css", "png", "xml", "txt", "yml", "ico", "zim", "tar", "zip"]
        var used: [String: String] = [:]
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: literal) {
                let key = String(match.output.1), parts = key.split(separator: ".")
                guard sections.contains(parts[0]), !fileEndings.contains(parts.last!) else { continue }
                used[key] = file
            }
        }
        XCTAssertGreaterThan(used.count, 40, "the sources say words")
        XCTAssertEqual(used.filter { !says(words, $0.key) }, [:], "keys that the English table lacks, and where they are said")
        XCTAssertEqual(NearestCities.CompassPoint.allCases.map(\.wordKey).filter { !words.has($0) }, [])
        // A key that is not in the table is found: the check can fail.
        XCTAssertFalse(says(words, "country.headng"))
    }

    /// Every `{{t.key}}` (and section `{{#t.key}}`) of the default templates is a word of the table.
    func testEveryWordTheTemplatesSayIsInTheTable() throws {
        let (words, _) = try english()
        let tag = /\{\{[#^\/]?t\.([a-zA-Z]+(?:\.[a-zA-Z]+)+)\}\}/
        let folder = Fixtures.repository.appendingPathComponent("Sources/CityGenKit/Resources/Templates")
        var used = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            used.formUnion(text.matches(of: tag).map { String($0.output.1) })
        }
        XCTAssertGreaterThan(used.count, 30, "the templates say words")
        XCTAssertEqual(used.filter { !says(words, $0) }.sorted(), [], "template words the English table lacks")
    }
}
