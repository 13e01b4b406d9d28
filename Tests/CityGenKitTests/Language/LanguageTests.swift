import CityGenTestSupport
import Foundation
import XCTest
import Yams

@testable import CityGenKit

/// The site's language (SPEC §5 "Language", §6 `language`, `strings`): the tables of words, what a user's file
/// adds, numbers and country names as CLDR has them.
final class LanguageTests: XCTestCase {
    private var folder: URL!
    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func file(_ text: String, _ name: String = "words.yml") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testTheShippedTablesHaveOneSetOfKeysAndSpanishSaysItsOwnWords() throws {
        let english = try Words(language: "en"), spanish = try Words(language: "es")
        let keys = try Words.parse(Words.englishTableText(), file: "en.yml").keys
        XCTAssertGreaterThan(keys.count, 80)
        let same = keys.filter { english[$0] == spanish[$0] }.sorted()
        // Units, compass points that both write alike: nothing else.
        XCTAssertEqual(same, ["city.idLabel", "compass.E", "compass.N", "compass.NE", "compass.S", "compass.SE", "unit.km", "unit.m"])
        XCTAssertEqual(spanish["city.population"], "Población")
        XCTAssertEqual(spanish["city.nearby"], "Lugares cercanos")
        XCTAssertEqual(spanish["city.timeZone"], "Zona horaria")
        XCTAssertEqual(try Words(language: "es-AR")["city.population"], "Población", "a regional code takes its language's table")
    }

    func testAUsersFileAddsALanguageOrChangesWordsAndWhatItLacksFallsBackWithTheKeysNamed() throws {
        let polish = try Words(language: "pl", file: file("city.population: Ludność\ncity.nearby: Miejsca w pobliżu\nnot.a.key: x\n"))
        XCTAssertEqual(polish["city.nearby"], "Miejsca w pobliżu")
        XCTAssertEqual(polish["city.timeZone"], "Time zone", "a missing word is English")
        XCTAssertEqual(polish.unknownKeys, ["not.a.key"])
        XCTAssertTrue(polish.missingKeys.contains("city.timeZone"))
        XCTAssertFalse(polish.missingKeys.contains("city.nearby"))
        let spanish = try Words(language: "es", file: file("city.nearby: Cerca de aquí\n"))
        XCTAssertEqual(spanish["city.nearby"], "Cerca de aquí")
        XCTAssertEqual(spanish["city.timeZone"], "Zona horaria", "a shipped language's own table is under the user's file")
        XCTAssertEqual(spanish.missingKeys, [], "changing some words of a shipped language warns of nothing")
    }

    func testALanguageWithNoWordsIsAnErrorThatSaysHowToAddOne() {
        XCTAssertThrowsError(try Words(language: "pl")) { error in
            let error = error as! CityGenError
            XCTAssertEqual(error.exitCode, 64)
            XCTAssertTrue("\(error)".contains("--language"), "\(error)")
            XCTAssertTrue("\(error)".contains("citygen init --strings pl"), "\(error)")
        }
        XCTAssertThrowsError(try Words(language: "pl", configFile: "site/citygen.yml")) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 65)
            XCTAssertTrue("\(error)".hasPrefix("site/citygen.yml: language: "), "\(error)")
        }
        XCTAssertThrowsError(try BuildOptions(config: SiteConfig(yaml: "language: pl"), folder: folder).validate()) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 65)
        }
        var flags = BuildOptions.Flags()
        flags.language = "pl"
        XCTAssertThrowsError(try BuildOptions(config: nil, folder: folder, flags: flags).validate()) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 64)
        }
        XCTAssertThrowsError(try SiteConfig(yaml: "language: es\nlanguages: [es, en]")) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 65)
        }
    }

    func testAStringsFileThatIsNotAMapOfTextsNamesTheFileAndLine() throws {
        for (text, expected) in [
            ("city.population: Population\ncity.nearby: [a, b]\n", "line 2"), ("- a\n- b\n", "line 1: expected a map"),
            ("a: b: c\n", "not YAML"),
        ] {
            let url = try file(text)
            XCTAssertThrowsError(try Words(language: "fr", file: url)) { error in
                XCTAssertEqual((error as! CityGenError).exitCode, 65, text)
                XCTAssertTrue("\(error)".contains(url.path) && "\(error)".contains(expected), "\(error)")
            }
        }
    }

    func testWordsFillTheirValuesAndLeaveOthersAsTheyAre() throws {
        let spanish = try Words(language: "es")
        XCTAssertEqual(spanish.say("list.heading", ["page": "3", "pages": "4.192"]), "Ciudades, página 3 de 4.192")
        XCTAssertEqual(spanish.say("country.mapAlt", count: 1, ["country": "Chile (CL)"]), "Mapa de Chile (CL): su único lugar, como un punto")
        XCTAssertEqual(spanish.say("city.backToList", ["other": "x"]), "Página {{{listPage}}} de la lista")
        XCTAssertEqual(spanish.say("city.alsoNamed", ["name": "{{x}} é"]), "Otros lugares llamados {{x}} é")
        // Braces that do not make a name with a value, as many closing as opening, stay as they are.
        let odd = "a {{{page}} b {{pages} c {page}} d {{{{page}}}} e {{nope}} f {{page}}} g {{ page }} h {{page}}{{pages}} i {{"
        let words = try Words(language: "es", file: file("list.heading: '\(odd)'\n"))
        XCTAssertEqual(words.say("list.heading", ["page": "P", "pages": "Q"]), "a {P b {{pages} c {page}} d {P} e {{nope}} f P} g {{ page }} h PQ i {{")
    }

    /// Numbers as CLDR writes them for the language (through Foundation), not as typed here.
    func testNumbersAreGroupedAndMarkedAsCLDRHasThem() {
        for code in ["en", "es", "de", "fr", "pt-BR", "ru", "ar", "fa"] {
            let language = SiteLanguage(words: try! Words(language: code, file: try! file("{}\n", "\(code).yml")))
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: code)
            formatter.numberStyle = .decimal
            for number in [0, 7, 999, 1000, 1234, 10_000, 12_345, 209_569, 7_556_900, -45_000, -1, Int.max, Int.min] {
                let expected = formatter.string(from: NSNumber(value: number))
                XCTAssertEqual(language.grouped(number), expected, "\(code) \(number)")
                var appended = Array("x".utf8)
                language.appendGrouped(number, to: &appended)
                XCTAssertEqual(String(decoding: appended, as: UTF8.self), "x" + (expected ?? ""), "\(code) \(number)")
            }
            for (latitude, longitude) in [(51.5074, -0.1278), (-34.6037, -58.3816), (0, 0), (89.99999, 179.99995)] {
                var appended: [UInt8] = []
                language.appendCoordinates(latitude: latitude, longitude: longitude, to: &appended)
                XCTAssertEqual(String(decoding: appended, as: UTF8.self), language.coordinates(latitude: latitude, longitude: longitude), code)
            }
            for value in [0.5, 1.1, 1447.9, 12.3] {
                let expected = formatter.string(from: NSNumber(value: value))!.replacingOccurrences(of: formatter.groupingSeparator, with: "")
                XCTAssertEqual(language.oneDecimal(value), expected, "\(code) \(value)")
            }
        }
    }

    func testCountryNamesComeFromCLDRAndCodesAreBCP47() throws {
        let spanish = SiteLanguage(words: try Words(language: "es"))
        let names = spanish.countryNames(for: ["GB", "DE", "", "X1"])
        XCTAssertEqual(names["GB"], Locale(identifier: "es").localizedString(forRegionCode: "GB"))
        XCTAssertNotEqual(names["GB"], SiteLanguage.english.countryNames(for: ["GB"])["GB"])
        XCTAssertEqual(Set(names.keys), ["GB", "DE"])
        XCTAssertEqual(spanish.iso639_3, "spa")
        XCTAssertEqual(SiteLanguage.english.iso639_3, "eng")
        XCTAssertEqual(SiteLanguage.code("eng"), "en")
        XCTAssertEqual(SiteLanguage.code("spa"), "es")
        XCTAssertEqual(SiteLanguage.code("PT-br"), "pt-BR")
        XCTAssertEqual(SiteLanguage.code("es-419"), "es-419")
        for bad in ["", "e", "english", "es_AR", "es-", "../x", "es-ARGENTINAS"] { XCTAssertNil(SiteLanguage.code(bad), bad) }
    }

    func testTemplatesSayTheirWordsAndAnUnknownWordNamesTheTemplateAndLine() throws {
        let spanish = try Words(language: "es")
        XCTAssertEqual(try TemplateSet.withWords("# {{t.city.nearby}}\n{{{t.unit.km}}} {{x}} {{#t}}", spanish, template: "a"), "# Lugares cercanos\nkm {{x}} {{#t}}")
        XCTAssertThrowsError(try TemplateSet.withWords("a\nb {{t.no.such}}", spanish, template: "city.md.mustache")) { error in
            XCTAssertEqual((error as! CityGenError).exitCode, 65)
            XCTAssertTrue("\(error)".contains("city.md.mustache") && "\(error)".contains("line 2") && "\(error)".contains("no.such"), "\(error)")
        }
    }

    /// `init --strings CODE`: a shipped language's own table; another's, the English one with the forms of each
    /// counting word its CLDR plural rules need (Polish `few` and `many`; Japanese `other` alone).
    func testInitWritesTheShippedTableOrTheEnglishOneWithTheLanguagesPluralForms() throws {
        let written = try Scaffold.write(into: folder, withTemplates: false, strings: "fr", force: false)
        XCTAssertTrue(written.contains("strings/fr.yml"))
        let french = try String(contentsOf: folder.appendingPathComponent("strings/fr.yml"), encoding: .utf8)
        XCTAssertEqual(try Words.parse(french, file: "fr.yml")["city.population"], try Words(language: "fr")["city.population"])
        let english = try Words.parse(Words.englishTableText(), file: "en.yml")
        for (code, added, removed) in [("pl", ["few", "many"], [String]()), ("ja", [], ["one"]), ("ar", [], [])] {
            try Scaffold.write(into: folder, withTemplates: false, strings: code == "ar" ? "ar-XX" : code, force: true)
            let file = folder.appendingPathComponent("strings/\(code == "ar" ? "ar-XX" : code).yml")
            let table = try Words.parse(String(contentsOf: file, encoding: .utf8), file: file.path)
            if code == "ar" {
                XCTAssertEqual(table["count.city.few"], try Words(language: "ar")["count.city.few"], "ar-XX takes the shipped Arabic table")
                continue
            }
            XCTAssertEqual(Set(table.keys), Set(english.keys).subtracting(removed.map { "count.city.\($0)" }).union(added.map { "count.city.\($0)" })
                .subtracting(removed.flatMap { r in ["favorites.count", "city.namesakes", "country.mapAlt", "region.mapAlt"].map { "\($0).\(r)" } })
                .union(added.flatMap { a in ["favorites.count", "city.namesakes", "country.mapAlt", "region.mapAlt"].map { "\($0).\(a)" } }), code)
            XCTAssertEqual(table["count.city.few"], code == "pl" ? english["count.city.other"] : nil)
            let words = try Words(language: code, file: file)
            XCTAssertEqual(words.missingKeys, [], code)
            XCTAssertEqual(words.unknownKeys, [], code)
            XCTAssertEqual(words.warnings, [], code)
        }
    }
}

/// Spanish sites built from GeoNames files on disk, as a user with Debian's files would: names from the alternate
/// names zip beside the geoname table (GeoNames' own Spanish names, from libgeonames-common), the order they give,
/// the warning without one, and bad strings that leave the output as it was.
final class LanguageSiteTests: SiteTestCase {
    /// London, Rome, Cologne and New York with their GeoNames ids, and a city the table has no row for.
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (2643743, "London", "GB", 51.50853, -0.12574), (3169070, "Rome", "IT", 41.89193, 12.51133), (2886242, "Cologne", "DE", 50.93333, 6.95),
        (5128581, "New York City", "US", 40.71427, -74.00597), (1, "Nowhere Town", "DE", 50.0, 7.0),
    ]

    private func geoNames(names: [Int: String]?) throws -> PlacesSource { try Self.geoNames(names: names, in: folder) }

    /// The geoname table, admin-1 and country files for `cities` in `folder`, and with `names` the alternate names
    /// zip beside them (its language codes' list first, as GeoNames' own zip may have it).
    static func geoNames(names: [Int: String]?, in folder: URL) throws -> PlacesSource {
        let rows = Self.cities.dropLast().map { city in
            PlacesTableTests.row(city.id, city.name, lat: city.lat, lon: city.lon, [8: city.country, 10: "01", 14: "1000000"])
        }
        try (rows.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("cities15000.txt"), atomically: true, encoding: .utf8)
        try "GB.01\tEngland\tEngland\t6269131\nIT.01\tLazio\tLazio\t3174976\nDE.01\tNorth Rhine\tNorth Rhine\t2861876\nUS.01\tNew York\tNew York\t5128638\n"
            .write(to: folder.appendingPathComponent("admin1CodesASCII.txt"), atomically: true, encoding: .utf8)
        let countries = "#ISO\tISO3\n" + ["GB", "IT", "DE", "US"].map { code in
            [code, code + "X", "1", code, "Country " + code, "Capital", "1", "1", "EU", ".x", "EUR", "Euro", "1", "", "", "en", "1", "", ""].joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
        try countries.write(to: folder.appendingPathComponent("countryInfo.txt"), atomically: true, encoding: .utf8)
        if let names {
            try GeoNamesCatalog.alternateNamesRows(names, language: "es").write(
                to: folder.appendingPathComponent("alternateNamesV2.txt"), atomically: true, encoding: .utf8)
            try "ISO 639-3\tISO 639-2\tISO 639-1\tLanguage Name\nspa\tspa\tes\tSpanish\n".write(
                to: folder.appendingPathComponent("iso-languagecodes.txt"), atomically: true, encoding: .utf8)
            try PlacesTableTests.zip(folder, "alternateNamesV2.zip", ["iso-languagecodes.txt", "alternateNamesV2.txt"])
            try FileManager.default.removeItem(at: folder.appendingPathComponent("alternateNamesV2.txt"))
        }
        return PlacesSource(table: .file(folder.appendingPathComponent("cities15000.txt").path))
    }

    private func spanishNames() throws -> [Int: String] { try Self.spanishNames() }

    /// GeoNames' own Spanish names of `cities`, from libgeonames-common.
    static func spanishNames() throws -> [Int: String] {
        guard let catalog = try GeoNamesCatalog.names("es") else { throw XCTSkip("libgeonames-common is not installed") }
        return catalog.filter { id, _ in Self.cities.contains { $0.id == id } }
    }

    func testASpanishSiteNamesItsPlacesFromTheZipBesideTheTableInTheOrderOfThoseNames() async throws {
        let names = try spanishNames()
        XCTAssertEqual(names.count, 4)
        let places = try geoNames(names: names)
        let report = try await build(Fixtures.json(Self.cities), pageSize: 10) {
            $0.places = places
            $0.language = "es"
            $0.loader.cache = SourceCache(folder: self.folder.appendingPathComponent("cache"))
        }
        XCTAssertEqual(report.namedInLanguage, ["es": names.filter { id, name in Self.cities.first { $0.id == id }!.name != name }.count])
        let london = try read("city/743/2643743.html")
        XCTAssertTrue(london.contains("<h1>\(names[2643743]!), GB</h1>"), london)
        XCTAssertTrue(london.contains("<li>Otro nombre: London</li>"), london)
        XCTAssertTrue(london.contains(#""alternateName":"London""#))
        // The list in the order of the names it shows (SPEC §3), the city without a row under its own name.
        let shown = try read("list/1.md").split(separator: "\n").filter { $0.hasPrefix("- [") }.map { String($0.dropFirst(3).prefix { $0 != "]" }) }
        let expected = Self.cities.map { city in (names[city.id] ?? city.name) + ", " + city.country }
            .sorted { Fold.fold($0).unicodeScalars.lexicographicallyPrecedes(Fold.fold($1).unicodeScalars) }
        XCTAssertEqual(shown, expected)
        // The cache keeps the rows in Spanish: a second build reads them, not the zip.
        let extracts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/names").path).sorted()
        XCTAssertEqual(extracts.count, 2, "the extract and the .source naming its table")
        XCTAssertTrue(extracts[0].hasSuffix("-es.source") && extracts[1].hasSuffix("-es.txt"), "\(extracts)")
    }

    /// With two languages that read names, the report counts each one's named places.
    func testTheReportCountsTheNamedPlacesOfEachLanguage() async throws {
        let places = try geoNames(names: nil)
        let rows = [(2643743, "es", "Londres"), (3169070, "es", "Roma"), (2886242, "es", "Colonia"), (3169070, "de", "Rom"), (2886242, "de", "Köln")]
        try rows.enumerated().map { [String($0 + 1), String($1.0), $1.1, $1.2, "1", "1", "", "", "", ""].joined(separator: "\t") }.joined(separator: "\n")
            .write(to: folder.appendingPathComponent("alternateNamesV2.txt"), atomically: true, encoding: .utf8)
        let german = folder.appendingPathComponent("de.yml")
        try "city.population: Einwohner\n".write(to: german, atomically: true, encoding: .utf8)
        let report = try await build(Fixtures.json(Self.cities), pageSize: 10) {
            $0.places = places
            $0.languages = ["es", "de"]
            $0.strings = ["de": german]
        }
        XCTAssertEqual(report.namedInLanguage, ["es": 3, "de": 2])
        XCTAssertTrue(report.summary(output: "site").contains("named: 2 in de, 3 in es"), report.summary(output: "site"))
        XCTAssertTrue(report.json(output: "site").contains(#""namedInLanguage" : {"#), report.json(output: "site"))
    }

    /// Without `title:` the site is called by its language's word for it, in every place the title is; `title:`
    /// still wins; a user's table without the word falls back to English as other words do.
    func testTheDefaultTitleIsAWordOfEachShippedLanguage() async throws {
        let expected = [
            "en": "World Cities", "es": "Ciudades del mundo", "fr": "Villes du monde", "pt": "Cidades do mundo", "de": "Städte der Welt",
            "it": "Città del mondo", "ru": "Города мира", "ar": "مدن العالم",
        ]
        XCTAssertEqual(Set(expected.keys), Set(Words.shipped), "a title for each shipped language")
        for language in Words.shipped {
            let title = try Words(language: language)["site.title"]
            XCTAssertEqual(title, expected[language], language)
            try await build(Fixtures.json(Self.cities), pageSize: 10, output: language) { $0.language = language }
            let home = try read("index.html", in: language), city = try read("city/743/2643743.html", in: language)
            XCTAssertTrue(home.contains("<title>\(title)</title>") && home.contains("<h1>\(title)</h1>"), "\(language): \(home.prefix(400))")
            XCTAssertTrue(city.contains("· \(title)</title>") && city.contains(">\(title)</a></header>"), language)
            XCTAssertTrue(try read("index.md", in: language).hasPrefix("# \(title)\n"), language)
        }
        try await build(Fixtures.json(Self.cities), pageSize: 10, output: "titled") {
            $0.language = "es"
            $0.title = "Mis ciudades"
        }
        XCTAssertTrue(try read("index.html", in: "titled").contains("<title>Mis ciudades</title>"))
        let esperanto = folder.appendingPathComponent("eo.yml")
        try "city.population: Loĝantaro\n".write(to: esperanto, atomically: true, encoding: .utf8)
        try await build(Fixtures.json(Self.cities), pageSize: 10, output: "eo") {
            $0.language = "eo"
            $0.strings = ["eo": esperanto]
        }
        XCTAssertTrue(try read("index.html", in: "eo").contains("<title>World Cities</title>"), "a table without the word: English")
    }

    /// A language CLDR writes right to left gets `dir="rtl"` on every HTML page, whatever its table; one written left
    /// to right gets no `dir` (the default), so an English or Spanish page keeps its bytes.
    func testARightToLeftLanguageMarksEveryHTMLPage() async throws {
        let table = folder.appendingPathComponent("table.yml")
        try "city.population: السكان\n".write(to: table, atomically: true, encoding: .utf8)
        for (code, rightToLeft) in [("ar", true), ("he", true), ("fa", true), ("ur", true), ("ru", false), ("ja", false), ("el", false), ("en", false)] {
            XCTAssertEqual(SiteLanguage(words: try Words(language: code, file: table)).rightToLeft, rightToLeft, code)
        }
        try await build(Fixtures.json(Self.cities), pageSize: 10, output: "ar") {
            $0.language = "ar"
            $0.strings = ["ar": table]
        }
        for page in ["index.html", "list/1.html", "city/743/2643743.html", "country/GB/1.html", "favorites.html", "404.html"] {
            XCTAssertTrue(try read(page, in: "ar").contains(#"<html lang="ar" dir="rtl">"#), page)
        }
        XCTAssertFalse(try read("index.md", in: "ar").contains("dir="))
        try await build(Fixtures.json(Self.cities), pageSize: 10, output: "en")
        XCTAssertTrue(try read("city/743/2643743.html", in: "en").contains(#"<html lang="en">"#))
    }

    func testALocalTableWithNoNamesBesideItKeepsTheSourcesNamesWithOneWarning() async throws {
        let places = try geoNames(names: nil)
        let report = try await build(Fixtures.json(Self.cities), pageSize: 10) {
            $0.places = places
            $0.language = "es"
        }
        XCTAssertEqual(report.warnings.filter { $0.contains("alternate names") }.count, 1, "\(report.warnings)")
        XCTAssertEqual(report.namedInLanguage, [:])
        XCTAssertTrue(try read("city/743/2643743.html").contains("<h1>London, GB</h1>"))
        XCTAssertTrue(try read("city/743/2643743.html").contains("Población"), "the words are still Spanish")
    }

    func testABadStringsFileStopsTheBuildAndLeavesTheOutputAsItWas() async throws {
        try await build(Fixtures.json(Self.cities))
        let before = try snapshot()
        let strings = folder.appendingPathComponent("es.yml")
        try "city.population: Habitantes\ncity.nearby: [a, b]\n".write(to: strings, atomically: true, encoding: .utf8)
        do {
            try await build(Fixtures.json(Self.cities)) {
                $0.language = "es"
                $0.strings = ["es": strings]
            }
            XCTFail("a strings file with a list in it builds")
        } catch let error as CityGenError {
            XCTAssertEqual(error.exitCode, 65)
            XCTAssertTrue("\(error)".contains("es.yml") && "\(error)".contains("line 2"), "\(error)")
        }
        let after = try snapshot()
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (path, (bytes, date)) in before { XCTAssertTrue(after[path]?.0 == bytes && after[path]?.1 == date, path) }
    }
}
