import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// The browser's script as citygen writes it (`assets/search.js`, its words first), run by Node in the quick loop
/// with a page that has no search box: its fold agrees with SPEC §2's vectors and with Swift's on the data's names,
/// and it takes its words from the site's table for `<html lang>`.
final class ScriptCoreTests: XCTestCase {
    /// Runs `search.js` of a site in `language` under Node with a bare page, then `probe` (JavaScript that prints).
    private func run(language: String, probe: String) throws -> String {
        guard let node = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("node is not installed (scripts/test installs it)") }
        let site = Site(catalog: Fixtures.catalog([(1, "Córdoba", "AR", -31.4, -64.2)]), settings: .init(language: SiteLanguage(words: try Words(language: language))))
        let files = SiteFiles(site: site, templates: try TemplateSet(words: site.settings.language.words))
        let script = String(decoding: files.contents(.asset("search.js")), as: UTF8.self)
        let harness = """
            const page = { getAttribute: () => null, querySelectorAll: () => [], querySelector: () => null, prepend: () => {} };
            global.window = global;
            global.location = { href: 'http://127.0.0.1/', protocol: 'http:', search: '' };
            global.localStorage = { getItem: () => null, setItem: () => {} };
            global.document = { documentElement: { lang: \(JSONText.quoted(language)) }, body: page, getElementById: () => null,
              querySelector: () => null, querySelectorAll: () => [], createElement: () => ({ setAttribute() {}, addEventListener() {} }) };
            \(script)
            \(probe)
            """
        let file = Fixtures.temporaryFolder().appendingPathComponent("probe.js")
        try harness.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try ChildProcess.output([node, file.path])
        XCTAssertEqual(result.status, 0)
        return String(decoding: result.stdout, as: UTF8.self)
    }

    func testTheScriptsFoldAgreesWithTheVectorsAndWithSwift() throws {
        let data = try Data(contentsOf: Fixtures.shared.appendingPathComponent("fold-vectors.json"))
        let vectors = try JSONSerialization.jsonObject(with: data) as! [[String: String]]
        let inputs = vectors.map { $0["input"]! } + ["İstanbul", "ΟΔΟΣ", "Łódź", "Þórshöfn", "ǅemal", "ﬀ", "Straße", "東京", "  -  "]
        let list = String(decoding: try JSONSerialization.data(withJSONObject: inputs), as: UTF8.self)
        let output = try run(language: "en", probe: "console.log(JSON.stringify(JSON.parse(\(JSONText.quoted(list))).map(window.citygenFold)));")
        let folded = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String]
        XCTAssertEqual(folded.count, inputs.count)
        for (n, vector) in vectors.enumerated() { XCTAssertEqual(folded[n], vector["folded"], vector["input"]!) }
        for (n, input) in inputs.enumerated() { XCTAssertEqual(folded[n], Fold.fold(input), input) }
    }

    /// The words the script says are found from its source; every one is in the English table (a key it lacks
    /// fails here), and the script has each language's own.
    func testTheScriptTakesItsWordsFromTheSitesTableForThePagesLanguage() throws {
        let assets = try TemplateSet().assets, script = String(decoding: assets["search.js"]! + assets["map.js"]!, as: UTF8.self)
        let keys = Words.scriptKeys(in: script), english = try Words(language: "en")
        XCTAssertTrue(["favorite.removeTitle", "search.allResults", "search.unreadable", "search.didYouMean"].allSatisfy(keys.contains), "\(keys)")
        XCTAssertEqual(keys.filter { !english.has($0) }, [], "the script says a word that the table lacks")
        for language in Words.shipped {
            let words = try Words(language: language)
            let output = try run(language: language, probe: "console.log(JSON.stringify(window.citygenWords[document.documentElement.lang]));")
            let table = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: String]
            XCTAssertEqual(table.keys.sorted(), keys, language)
            for (key, word) in table { XCTAssertEqual(word, words[key], "\(language) \(key)") }
        }
    }

    /// `search.js` is its parts in order inside one function; a templates folder overrides a part by name, or the
    /// whole script.
    func testTheScriptIsItsPartsAndEachCanBeOverridden() throws {
        let defaults = try TemplateSet.defaultFolder()
        let script = String(decoding: try TemplateSet().assets["search.js"]!, as: UTF8.self)
        var position = script.startIndex
        for part in TemplateSet.searchParts {
            let text = TemplateSet.withoutComments(try String(contentsOf: defaults.appendingPathComponent("search/\(part)"), encoding: .utf8))
            let found = try XCTUnwrap(script.range(of: text, range: position..<script.endIndex), part)
            position = found.upperBound
        }
        XCTAssertTrue(script.hasPrefix("(function () {\n'use strict';\n"))
        XCTAssertFalse(script.contains("\n//") || script.contains("\n  "), "served without its comment lines and indentation")
        XCTAssertTrue(script.hasSuffix("})();\n"))
        let overrides = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: overrides) }
        try FileManager.default.createDirectory(at: overrides.appendingPathComponent("search"), withIntermediateDirectories: true)
        try "var Fold = { fold: function (s) { return s; } };\n".write(to: overrides.appendingPathComponent("search/fold.js"), atomically: true, encoding: .utf8)
        let part = String(decoding: try TemplateSet(overrides: overrides).assets["search.js"]!, as: UTF8.self)
        XCTAssertTrue(part.contains("var Fold = { fold: function (s) { return s; } };\n"))
        XCTAssertFalse(part.contains("NFKD"), "the default fold.js is replaced")
        try "alert(1);\n".write(to: overrides.appendingPathComponent("search.js"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TemplateSet(overrides: overrides).assets["search.js"], Array("alert(1);\n".utf8))
    }
}
