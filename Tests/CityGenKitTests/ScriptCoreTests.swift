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

    func testTheScriptTakesItsWordsFromTheSitesTableForThePagesLanguage() throws {
        for language in ["en", "es"] {
            let words = try Words(language: language)
            let output = try run(language: language, probe: "console.log(JSON.stringify(window.citygenWords[document.documentElement.lang]));")
            let table = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: String]
            XCTAssertEqual(table.count, Words.scriptKeys.count)
            for (key, word) in table { XCTAssertEqual(word, words[key], "\(language) \(key)") }
        }
    }
}
