import CityGenKit
import CityGenTestSupport
import Foundation
import XCTest

/// Russian and Arabic sites of the full snapshot, as a user builds them with GeoNames' files as Debian installs them
/// and libgeonames-common's Russian and Arabic names: direction, the jump index's letters, counting words in CLDR's
/// plural categories (the rules as CLDR publishes them, written out here), numbers as CLDR writes them, and search
/// by a Cyrillic or Arabic prefix and by the source's name.
final class ReaderLanguagesEndToEndTests: FolderTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Output").appendingPathComponent(path), encoding: .utf8)
    }

    /// CLDR's plural category of a whole number in Russian and in Arabic.
    private static func category(_ n: Int, _ language: String) -> String {
        if language == "ru" {
            if n % 10 == 1 && n % 100 != 11 { return "one" }
            return (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? "few" : "many"
        }
        switch n {
        case 0: return "zero"
        case 1: return "one"
        case 2: return "two"
        default: return (3...10).contains(n % 100) ? "few" : (11...99).contains(n % 100) ? "many" : "other"
        }
    }

    func testRussianAndArabicSitesWriteTheirScriptsLettersPluralsAndNumbersAndSearchByThem() throws {
        guard let russian = try GeoNamesCatalog.names("ru"), let arabic = try GeoNamesCatalog.names("ar"),
            FileManager.default.fileExists(atPath: LanguageEndToEndTests.geoNames.appendingPathComponent("cities15000.txt").path)
        else { throw XCTSkip("libgeonames-common or libtimezonemap-data is not installed") }
        let rows = GeoNamesCatalog.alternateNamesRows(russian, language: "ru") + GeoNamesCatalog.alternateNamesRows(arabic, language: "ar")
        try rows.write(to: folder.appendingPathComponent("alternateNamesV2.txt"), atomically: true, encoding: .utf8)
        let ui = LanguageEndToEndTests.geoNames.path
        try """
            languages: [ru, ar]
            formats: [html]
            places:
              cities: \(ui)/cities15000.txt
              admin1: \(ui)/admin1Codes.txt
              countries: \(ui)/countryInfo.txt
              names: alternateNamesV2.txt
            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--report", "json"], in: folder, environment: ShapeProofTests.checking)
        XCTAssertEqual(result.status, 0, result.stderr)
        try ShapeProofTests.assertCheckedAgainstCmark(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any], output: folder.appendingPathComponent("Output"))

        // Direction: every Arabic page right to left; Russian pages left to right, the default, with no attribute.
        let leftToRight = try CommandRunner.shell("cd Output/ar && grep -L -r --include=*.html 'dir=\"rtl\"' . | wc -l", in: folder)
        XCTAssertEqual(leftToRight.trimmingCharacters(in: .whitespacesAndNewlines), "0", "Arabic pages without dir=rtl")
        let london = try read("city/743/2643743.html"), londonArabic = try read("ar/city/743/2643743.html")
        XCTAssertTrue(london.contains("<html lang=\"ru\">") && londonArabic.contains("<html lang=\"ar\" dir=\"rtl\">"))
        XCTAssertTrue(london.contains("<h1>\(russian[2643743]!), GB</h1>") && londonArabic.contains("<h1>\(arabic[2643743]!), GB</h1>"))
        try assertJumpIndexes()
        try assertCountingWords()
        try assertNumbers(london: london, londonArabic: londonArabic)
        try assertSearches()
        // London's time zone named in each language's script, heading its zone's pages.
        for (prefix, scripts) in [("", CharacterSet(charactersIn: "\u{0400}"..."\u{04FF}")), ("ar/", CharacterSet(charactersIn: "\u{0600}"..."\u{06FF}"))] {
            let page = try read("\(prefix)city/743/2643743.html")
            let zone = try XCTUnwrap(page.firstMatch(of: #/<data id="timeZone" value="Europe/London"><a href="../../zone/Europe/London/1.html">([^<]+)</a>/#)?.output.1)
            XCTAssertNotNil(zone.rangeOfCharacter(from: scripts), "\(prefix): \(zone)")
            XCTAssertTrue(try read("\(prefix)zone/Europe/London/1.html").contains("<h1>\(zone) (Europe/London)"), "\(prefix)")
        }
    }

    static let alphabet = "А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ы Э Ю Я".split(separator: " ").map(String.init)
    static let arabicLetters = "ا ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي".split(separator: " ").map(String.init)

    /// The text of each `<li>` of `html` (tags dropped), from the first one after `start`.
    private func items(_ html: String, after start: String) -> [String] {
        guard let from = html.range(of: start) else { return [] }
        return html[from.upperBound...].matches(of: /<li>(.*?)<\/li>/).map {
            String($0.output.1).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        }
    }

    /// The jump index: the alphabet first, then Latin, the digits, then scripts by name.
    private func assertJumpIndexes() throws {
        let labels = items(try read("index.html"), after: "<nav class=\"initials\"")
        XCTAssertEqual(Array(labels.prefix(Self.alphabet.count + 1)), Self.alphabet + ["A"], "\(labels)")
        XCTAssertFalse(labels.contains { $0.lowercased().hasPrefix("кирилл") }, "no entry for the letters' own script: \(labels)")
        XCTAssertEqual(Array(items(try read("ar/index.html"), after: "<nav class=\"initials\"").prefix(28)), Self.arabicLetters)
    }

    /// Counting words: each country's count of cities in the form CLDR's rules give that count.
    private func assertCountingWords() throws {
        for language in ["ru", "ar"] {
            let words = try Words(language: language)
            var seen: Set<String> = []
            for row in items(try read(language == "ru" ? "country/index.html" : "ar/country/index.html"), after: "<main") where row.contains(" · ") {
                let count = String(row.components(separatedBy: " · ").last!)
                let number = Int(count.unicodeScalars.filter { CharacterSet.decimalDigits.contains($0) && $0.isASCII }.map(String.init).joined())!
                let category = Self.category(number, language)
                XCTAssertTrue(count.hasSuffix(" " + words["count.city.\(category)"]), "\(language) \(row): \(category)")
                seen.insert(category)
            }
            XCTAssertGreaterThanOrEqual(seen.count, 3, "\(language): \(seen)")
        }
    }

    /// Numbers as CLDR writes them: London's population, from GeoNames' own row.
    private func assertNumbers(london: String, londonArabic: String) throws {
        let row = try String(contentsOf: LanguageEndToEndTests.geoNames.appendingPathComponent("cities15000.txt"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("2643743\t") }!.split(separator: "\t", omittingEmptySubsequences: false)
        for (language, page) in [("ru", london), ("ar", londonArabic)] {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: language)
            formatter.numberStyle = .decimal
            XCTAssertTrue(page.contains("<span id=\"population\">\(formatter.string(from: NSNumber(value: Int(row[14])!))!)</span>"), language)
        }

    }

    /// A first query reads at most 80 KiB of the index in every language (each letter of the alphabet and each pair);
    /// search by a Cyrillic and an Arabic prefix, and by the source's name.
    private func assertSearches() throws {
        for (output, letters) in [("Output", Self.alphabet), ("Output/ar", Self.arabicLetters)] {
            let index = try SearchIndex(site: folder.appendingPathComponent(output))
            var worst = (0, "")
            for a in letters {
                for query in [a] + letters.map({ a + $0 }) {
                    let fresh = index.afresh()
                    _ = try fresh.topMatches(query, of: try fresh.firstPage(query.lowercased()))
                    if fresh.typoLoads.isEmpty, fresh.bytesRead > worst.0 { worst = (fresh.bytesRead, query) }
                }
            }
            XCTAssertLessThanOrEqual(worst.0, 80 * 1024, "\(output): \(worst)")
            print("\(output): the first query that reads the most, \(worst.1), reads \(worst.0) bytes")
        }
        for (output, query, id) in [("Output", "моск", 524901), ("Output/ar", "القاه", 360630), ("Output", "moscow", 524901)] {
            let search = try CommandRunner.run(["search", "--json", "--limit", "5", "--output", output, query], in: folder)
            XCTAssertEqual(search.status, 0, search.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as! [String: Any]
            let ids = (json["results"] as! [[String: Any]]).map { $0["id"] as? Int }
            // By its source's name the city follows those whose shown name begins so (the region "Moscow").
            XCTAssertEqual(query == "moscow" ? ids.first { $0 == id } : ids.first, id, "\(query): \(search.stdout.prefix(300))")
        }
    }
}
