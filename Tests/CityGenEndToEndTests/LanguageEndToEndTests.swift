import CityGenKit
import CityGenTestSupport
import Foundation
import XCTest

/// A Spanish site of the full snapshot, as a user builds it with GeoNames' files as Debian installs them: the places
/// of libtimezonemap-data and the Spanish names of libgeonames-common written as an alternate names table. The
/// expectations come from those files and from CLDR, not typed in.
final class LanguageEndToEndTests: FolderTestCase {
    static let geoNames = URL(fileURLWithPath: "/usr/share/libtimezonemap/ui")

    private func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Output").appendingPathComponent(path), encoding: .utf8)
    }

    /// The text a reader sees of an HTML page: no scripts, no tags, entities of the escaper undone.
    private func visibleText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<(script|style)[^>]*>[\\s\\S]*?</(script|style)>", with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Writes `citygen.yml` into `folder` with `languages`, Debian's GeoNames files and libgeonames-common's Spanish
    /// names as an alternate names table beside it; returns those names.
    @discardableResult
    static func writeSpanishConfig(in folder: URL, languages: String, _ extra: String = "") throws -> [Int: String] {
        guard let spanish = try GeoNamesCatalog.names("es"),
            FileManager.default.fileExists(atPath: geoNames.appendingPathComponent("cities15000.txt").path)
        else { throw XCTSkip("libgeonames-common or libtimezonemap-data is not installed") }
        try GeoNamesCatalog.alternateNamesRows(spanish, language: "es").write(
            to: folder.appendingPathComponent("alternateNamesV2.txt"), atomically: true, encoding: .utf8)
        let ui = geoNames.path
        try """
            \(languages)
            places:
              cities: \(ui)/cities15000.txt
              admin1: \(ui)/admin1Codes.txt
              countries: \(ui)/countryInfo.txt
              names: alternateNamesV2.txt
            \(extra)
            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        return spanish
    }

    func testASpanishSiteSaysItsWordsNamesAndNumbersInSpanishInTheOrderOfItsNames() throws {
        let spanish = try Self.writeSpanishConfig(in: folder, languages: "language: es")
        let result = try CommandRunner.run(
            ["build", "--source", CommandRunner.snapshot.path, "--report", "json"], in: folder,
            environment: ShapeProofTests.checking.merging(["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]) { $1 })
        XCTAssertEqual(result.status, 0, result.stderr)
        try ShapeProofTests.assertCheckedAgainstCmark(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any], output: folder.appendingPathComponent("Output"))

        // London: its Spanish name, its country's name in CLDR's Spanish, its population with Spanish grouping.
        let london = 2643743
        let row = try String(contentsOf: Self.geoNames.appendingPathComponent("cities15000.txt"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("\(london)\t") }!.split(separator: "\t", omittingEmptySubsequences: false)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "es")
        formatter.numberStyle = .decimal
        let population = formatter.string(from: NSNumber(value: Int(row[14])!))!
        let page = try read("city/743/2643743.html")
        XCTAssertTrue(page.contains("<html lang=\"es\">"))
        XCTAssertTrue(page.contains("<h1>\(spanish[london]!), GB</h1>"), page)
        XCTAssertTrue(page.contains(#"<a href="../../country/GB/1.html">\#(Locale(identifier: "es").localizedString(forRegionCode: "GB")!)</a>"#), page)
        XCTAssertTrue(page.contains("<span id=\"population\">\(population)</span>"), page)
        XCTAssertTrue(population.contains("."), "Spanish groups thousands with a dot: \(population)")
        XCTAssertTrue(page.contains(#""alternateName":"London""#), "the source's name, once, as JSON-LD's alternateName")

        // No word of the English table on a page of the Spanish site, but those both languages write alike.
        let english = try Words(language: "en"), spanishWords = try Words(language: "es")
        let phrases = english.keys.filter { english[$0] != spanishWords[$0] }.flatMap { key in
            english[key].components(separatedBy: "{{").map { $0.components(separatedBy: "}}").last! }
                .map { $0.replacingOccurrences(of: "[\\[\\]()`*]", with: " ", options: .regularExpression).trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) }
                .filter { $0.contains(" ") && $0.count >= 8 }
        }
        XCTAssertGreaterThan(phrases.count, 60)
        for path in ["index.html", "list/1.html", "list/1000.html", "country/index.html", "country/GB/1.html", "region/GB/ENG/1.html",
            "favorites.html", "404.html", "city/743/2643743.html", "city/581/5128581.html", "country/none/1.html"] {
            let text = visibleText(try read(path))
            for phrase in phrases { XCTAssertFalse(text.contains(phrase), "\(path) says \"\(phrase)\"") }
        }

        // Every list page in the order of the names it shows (SPEC §3): folded name, then folded country.
        var previous: (name: String, country: String)?
        var page1 = 1
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/list/\(page1).md").path) {
            for line in try read("list/\(page1).md").split(separator: "\n") where line.hasPrefix("- [") {
                // The label without the distinction that may follow it in parentheses.
                let label = String(line.dropFirst(3).prefix { $0 != "]" }).replacingOccurrences(of: "\\", with: "")
                    .replacingOccurrences(of: " \\([^()]*\\)$", with: "", options: .regularExpression)
                let parts = label.components(separatedBy: ", ")
                let name = Fold.fold(parts.count > 1 ? parts.dropLast().joined(separator: ", ") : label)
                let country = parts.count > 1 ? Fold.fold(String(parts.last!.prefix(2))) : ""
                if let previous {
                    XCTAssertFalse(name.unicodeScalars.lexicographicallyPrecedes(previous.name.unicodeScalars), "list/\(page1): \(label)")
                }
                previous = (name, country)
            }
            page1 += 1
        }
        XCTAssertGreaterThan(page1, 2000)

        // Search answers by the shown names, and by the source's: what the browser's index answers too.
        for (query, expected) in [("londres", "\(spanish[london]!), GB"), ("nueva york", "\(spanish[5128581]!), US"), ("colonia", "\(spanish[2886242]!), DE")] {
            let search = try CommandRunner.run(["search", "--limit", "100", query], in: folder)
            XCTAssertEqual(search.status, 0, search.stderr)
            XCTAssertTrue(search.stdout.split(separator: "\n").contains { $0.hasPrefix(expected) }, "\(query): \(search.stdout)")
        }
        // London's time zone in CLDR's Spanish, linking its zone's pages, which are headed by that name.
        let zone = try XCTUnwrap(page.firstMatch(of: #/<data id="timeZone" value="Europe/London"><a href="../../zone/Europe/London/1.html">([^<]+)</a>/#)?.output.1)
        XCTAssertTrue(zone.hasPrefix("hora de"), "\(zone)")
        XCTAssertTrue(try read("zone/Europe/London/1.html").contains("<h1>\(zone) (Europe/London): ciudades, página 1 de "))
        XCTAssertTrue(try read("zone/index.html").contains(#"<a href="Europe/London/1.html">\#(zone)</a> (Europe/London) · "#))
        let london_ = try CommandRunner.run(["search", "--json", "--limit", "400", "london"], in: folder)
        XCTAssertTrue(london_.stdout.contains("\"id\":2643743") || london_.stdout.contains("2643743"), "london finds Londres by its source name")
    }
}

/// A site of the full snapshot in Spanish and English (SPEC §5 "Language", §6 `languages`), as a user builds it with
/// Debian's GeoNames files and libgeonames-common's Spanish names: every city in both, every translation link
/// resolving to the same place, images once, no broken link; a host the two do not fit is told before any file.
final class SeveralLanguagesEndToEndTests: FolderTestCase {
    /// HTML alone: the Markdown pages' translations are the unit tests' and the browser's (a site of 1,000 cities).
    private func writeConfig(_ extra: String = "") throws {
        try LanguageEndToEndTests.writeSpanishConfig(in: folder, languages: "languages: [es, en]\nformats: [html]", extra)
    }

    func testEveryCityIsInBothLanguagesEveryTranslationIsTheSamePlaceAndNoLinkIsBroken() throws {
        try writeConfig()
        // The live preview of the same inputs, from before the build: it writes nothing, and serves the build's bytes.
        let preview = try startLivePreview(["--source", CommandRunner.snapshot.path])
        defer {
            preview.server.terminate()
            preview.server.waitUntilExit()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path), "serve --watch writes no site")
        let result = try CommandRunner.run(
            ["build", "--source", CommandRunner.snapshot.path, "--report", "json"], in: folder,
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let cities = (report["pages"] as! [String: Any])["cities"] as! Int
        XCTAssertGreaterThan(cities, 209_000)
        let output = folder.appendingPathComponent("Output")
        // Every file, listed once by find (a walk in Foundation takes minutes for 880,000 files).
        let listing = try CommandRunner.shell("cd '\(output.path)' && find . -type f ! -name '.citygen*' | sed 's|^./||'", in: folder)
        let all = listing.split(separator: "\n").map(String.init)
        let spanishCities = all.filter { $0.hasPrefix("city/") }, englishCities = all.filter { $0.hasPrefix("en/city/") }
        XCTAssertEqual(spanishCities.count, cities, "a page for every city")
        XCTAssertEqual(Set(spanishCities), Set(englishCities.map { String($0.dropFirst(3)) }), "the same pages in both")
        // No image written twice: every map and asset is at the root, once.
        XCTAssertEqual(all.filter { $0.hasSuffix(".png") && !$0.hasPrefix("map/") && !$0.hasPrefix("assets/") }, [])
        XCTAssertEqual(all.filter { $0.hasPrefix("en/map/") || $0.hasPrefix("en/assets/") }, [])
        XCTAssertGreaterThan(all.filter { $0.hasPrefix("map/") }.count, 250)
        try assertLivePreviewServes(all, of: output, port: preview.port)
        XCTAssertTrue(preview.server.isRunning)
        // Every translation link of a sample of pages of every kind is the same page in the other language.
        let pages = all.filter { ($0.hasSuffix(".html") || $0.hasSuffix(".md")) && !$0.hasSuffix("404.html") }
        XCTAssertGreaterThan(pages.count, 430_000)
        var checked = 0
        for (i, page) in pages.enumerated() where i % 53 == 0 {
            let text = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let english = page.hasPrefix("en/")
            let twin = english ? String(page.dropFirst(3)) : "en/" + page
            let marker = page.hasSuffix(".html") ? "<a href=\"" : "]("
            let switcher = page.hasSuffix(".html") ? text.components(separatedBy: "<nav id=\"languages\"").last! : text.components(separatedBy: "\n").last { !$0.isEmpty }!
            guard let start = switcher.range(of: marker) else { XCTFail("\(page): no link to its translation"); continue }
            let href = String(switcher[start.upperBound...].prefix { $0 != "\"" && $0 != ")" })
            let resolved = output.appendingPathComponent((page as NSString).deletingLastPathComponent).appendingPathComponent(href).standardized
            XCTAssertEqual(resolved.path, output.appendingPathComponent(twin).standardized.path, page)
            if page.hasSuffix(".html") {
                XCTAssertTrue(text.contains("<link rel=\"alternate\" hreflang=\"\(english ? "es" : "en")\" href=\"\(href)\">"), page)
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 7_000)
        let check = try CommandRunner.run(["check", "--output", output.path], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout.prefix(2000) + check.stderr)
        // Each language's search by its own names.
        let spanish = try CommandRunner.run(["search", "--output", "Output", "--limit", "20", "londres"], in: folder)
        let english = try CommandRunner.run(["search", "--output", "Output/en", "--limit", "20", "london"], in: folder)
        XCTAssertTrue(spanish.stdout.split(separator: "\n").contains("Londres, GB"), spanish.stdout)
        XCTAssertFalse(spanish.stdout.contains("London, GB"), "London is Londres in Spanish")
        XCTAssertTrue(english.stdout.split(separator: "\n").contains("London, GB"), english.stdout)
    }

    func testAHostTheLanguagesDoNotFitIsToldBeforeAnyFileWithWhatWouldFit() throws {
        try writeConfig("host: cloudflare-pages")
        let result = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path], in: folder,
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("does not fit Cloudflare Pages") && result.stderr.contains("files > 20,000"), result.stderr)
        XCTAssertTrue(result.stderr.contains("es or en alone fits"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path), "nothing written")
    }
}
