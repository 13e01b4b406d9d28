import Foundation
import XCTest

@testable import CityGenKit

/// Every reader's language: counting words in CLDR's plural categories, the jump index in the language's letters
/// and scripts, numbers in its digits and marks, time zones by name.
final class ReaderLanguageTests: XCTestCase {
    private var folder: URL!
    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The forms CLDR's rules give Russian and Arabic for 1, 2, 5, 11, 21 and 101 (the rules as CLDR publishes them,
    /// written out here), French's 0 as singular, and a number shown with a decimal in its own category.
    func testCountingWordsTakeTheFormOfCLDRsPluralCategories() throws {
        let expected = [
            "ru": ["one", "few", "many", "many", "one", "one"],
            "ar": ["one", "two", "few", "many", "many", "other"],
            "en": ["one", "other", "other", "other", "other", "other"],
        ]
        for (code, categories) in expected {
            let words = try Words(language: code)
            for (n, category) in zip([1, 2, 5, 11, 21, 101], categories) {
                XCTAssertEqual(words.form(of: "count.city", for: Double(n)), "count.city.\(category)", "\(code) \(n)")
                XCTAssertEqual(words.say("count.city", count: n), words["count.city.\(category)"], "\(code) \(n)")
            }
        }
        let russian = try Words(language: "ru")
        XCTAssertEqual(Set(["one", "few", "many"].map { russian["count.city.\($0)"] }).count, 3, "three Russian forms: город, города, городов")
        XCTAssertEqual(russian.form(of: "count.city", for: 1.5, fractionDigits: 1), "count.city.other")
        XCTAssertEqual(russian.form(of: "count.city", for: 1, fractionDigits: 1), "count.city.other", "1,0 is not 1")
        XCTAssertEqual(try Words(language: "fr").form(of: "count.city", for: 0), "count.city.one", "0 ville")
        XCTAssertEqual(try Words(language: "es").form(of: "count.city", for: 0), "count.city.other", "0 ciudades")
    }

    /// Whole numbers take CLDR's categories below and above the small ones asked of ICU once: Russian's integer rule
    /// (one: n % 10 = 1 and n % 100 ≠ 11; few: n % 10 = 2…4 and n % 100 not 12…14; else many) for 0 to 2,999, and
    /// French's million as `many`.
    func testWholeNumbersTakeTheirCategoriesOnEitherSideOfThoseAskedOnce() throws {
        let russian = try Words(language: "ru").plurals
        for n in 0..<3000 {
            let expected =
                n % 10 == 1 && n % 100 != 11 ? "one" : (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? "few" : "many"
            XCTAssertEqual(russian.category(Double(n)), expected, "\(n)")
        }
        let french = try Words(language: "fr").plurals
        XCTAssertEqual([0, 1, 2, 1_000_000].map { french.category(Double($0)) }, ["one", "one", "other", "many"])
        XCTAssertEqual(russian.category(-1), "one")
        XCTAssertEqual(russian.category(2.5, fractionDigits: 1), "other")
    }

    /// Each shipped table has every key, and the forms of each counting word that its language's rules need, no more.
    func testEveryShippedTableHasEveryWordAndThePluralFormsItsLanguageNeeds() throws {
        let english = try Words.parse(Words.englishTableText(), file: "en.yml")
        let countingWords = Words.countingWords(in: english)
        XCTAssertEqual(countingWords, ["city.namesakes", "count.city", "country.mapAlt", "favorites.count", "region.mapAlt"])
        let plain = Set(english.keys.filter { Words.pluralCategory(of: $0, in: english) == nil })
        for code in Words.shipped {
            let words = try Words(language: code)
            let table = try Words.parse(Words.tableText(for: code), file: "\(code).yml")
            let forms = Set(countingWords.flatMap { word in words.plurals.categories.map { "\(word).\($0)" } })
            XCTAssertEqual(Set(table.keys), plain.union(forms), code)
            XCTAssertEqual(words.warnings, [], code)
            XCTAssertEqual(words.missingPluralForms, [], code)
        }
        XCTAssertEqual(try Words(language: "ar").plurals.categories.sorted(), ["few", "many", "one", "other", "two", "zero"])
    }

    /// A user's table for a language whose rules need forms it lacks: one warning that names them, and those counts
    /// said with the table's `other` form (not English's).
    func testATableThatLacksAFormWarnsOnceNamingItAndSaysItsOtherForm() throws {
        let file = folder.appendingPathComponent("pl.yml")
        try "count.city.one: miasto\ncount.city.other: miast\n".write(to: file, atomically: true, encoding: .utf8)
        let polish = try Words(language: "pl", file: file)
        let plural = polish.warnings.filter { $0.contains("count.city.few") }
        XCTAssertEqual(plural.count, 1, "\(polish.warnings)")
        XCTAssertTrue(polish.missingKeys.contains("count.city.many"))
        XCTAssertTrue(plural[0].contains("count.city.few") && plural[0].contains("count.city.many"), plural[0])
        XCTAssertFalse(plural[0].contains("count.city.one"), plural[0])
        XCTAssertEqual(polish.say("count.city", count: 1), "miasto")
        XCTAssertEqual(polish.say("count.city", count: 5), "miast", "many, lacking: the table's own other")
        XCTAssertEqual(polish.say("city.namesakes", count: 3, ["count": "3"]), "3 other places share this name:", "a word the table lacks: English")
        XCTAssertFalse(polish.missingKeys.contains("count.city.one"))
    }

    private static let scripts = Fixtures.catalog([
        (1, "Москва", "RU", 0, 0), (2, "Ёлки", "RU", 0, 0), (3, "Берлин", "DE", 0, 0), (4, "Athens", "GR", 0, 0), (5, "9 Mile", "US", 0, 0),
        (6, "Αθήνα", "GR", 0, 0), (7, "القاهرة", "EG", 0, 0), (8, "東京", "JP", 0, 0), (9, "Йошкар-Ола", "RU", 0, 0),
        // Letters of the index's scripts that are not index letters: no entry of their own.
        (10, "Івано-Франківськ", "UA", 0, 0), (11, "Ələt", "AZ", 0, 0),
    ])

    private func language(_ code: String) throws -> SiteLanguage {
        let shipped = Words.shippedCode(for: code) != nil
        let table = folder.appendingPathComponent("\(code).yml")
        if !shipped { try "site.title: x\n".write(to: table, atomically: true, encoding: .utf8) }
        return SiteLanguage(words: try Words(language: code, file: shipped ? nil : table))
    }

    /// The jump index: the language's own index letters (each once as names fold), Latin A–Z after them where they
    /// are not Latin, the digits in the language's, then each other script by its name in the language.
    func testTheJumpIndexHasTheLanguagesLettersThenLatinThenDigitsThenEachScriptByName() throws {
        let catalog = Self.scripts
        func first(_ name: String) -> Int { catalog.cities.firstIndex { $0.name == name }! }
        let russian = try language("ru")
        let plan = SitePlan(catalog: catalog, pageSize: 2, language: russian)
        let labels = plan.initials.map(\.label)
        let cyrillic = ["А", "Б", "В", "Г", "Д", "Е", "Ж", "З", "И", "К", "Л", "М", "Н", "О", "П", "Р", "С", "Т", "У", "Ф", "Х", "Ц", "Ч", "Ш", "Щ", "Ы", "Э", "Ю", "Я"]
        let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let digits = (0...9).map(String.init)
        let ru = Locale(identifier: "ru")
        let scriptNames = ["Grek", "Arab", "Hani"].map { code -> String in
            let name = ru.localizedString(forScriptCode: code)!
            return name.prefix(1).uppercased(with: ru) + name.dropFirst()
        }
        XCTAssertEqual(labels, cyrillic + latin + digits + scriptNames)
        let firsts = Dictionary(uniqueKeysWithValues: plan.initials.map { ($0.label, $0.first) })
        XCTAssertEqual(firsts["Е"], first("Ёлки"), "Ё folds into Е, as the list orders it")
        XCTAssertEqual(firsts["И"], first("Йошкар-Ола"))
        XCTAssertEqual(firsts["М"], first("Москва"))
        XCTAssertEqual(firsts["A"], first("Athens"))
        XCTAssertEqual(firsts["9"], first("9 Mile"))
        XCTAssertEqual(firsts[scriptNames[0]], first("Αθήνα"))
        XCTAssertEqual(firsts["Я"], .some(nil))

        let english = SitePlan(catalog: catalog, pageSize: 2, language: .english).initials.map(\.label)
        XCTAssertEqual(english, latin + digits + ["Greek", "Cyrillic", "Arabic", "Han"], "in the list's order")
        let arabic = SitePlan(catalog: catalog, pageSize: 2, language: try language("ar")).initials.map(\.label)
        XCTAssertEqual(Array(arabic.prefix(3)), ["ا", "ب", "ت"])
        XCTAssertEqual(arabic[28], "A", "28 letters, then Latin")
        let persian = SitePlan(catalog: catalog, pageSize: 2, language: try language("fa")).initials.map(\.label)
        XCTAssertTrue(persian.contains("۹") && !persian.contains("9"), "Persian digits: \(persian)")
        XCTAssertFalse(persian.contains("آ"), "آ folds into ا")
    }

    /// The page's numbers in the language's digits and marks: grouped counts, one decimal, coordinates (a
    /// semicolon between them where the comma is the decimal mark), degrees with the language's compass letters.
    func testNumbersAreWrittenInTheLanguagesDigitsAndMarks() throws {
        let persian = try language("fa")
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "fa")
        formatter.numberStyle = .decimal
        XCTAssertEqual(persian.grouped(1_234_567), formatter.string(from: 1_234_567))
        XCTAssertEqual(persian.grouped(1_234_567), "۱٬۲۳۴٬۵۶۷")
        XCTAssertEqual(persian.oneDecimal(1.06), "۱٫۱")
        XCTAssertEqual(persian.coordinates(latitude: 35.6944, longitude: 51.4215), "۳۵٫۶۹۴۴,\u{A0}۵۱٫۴۲۱۵")
        let spanish = try language("es")
        XCTAssertEqual(spanish.coordinates(latitude: 51.50853, longitude: -0.12574), "51,5085;\u{A0}-0,1257")
        XCTAssertEqual(spanish.dms(latitude: 51.50853, longitude: -0.12574), "51°30′30,7″N; 0°7′32,7″O")
        XCTAssertEqual(SiteLanguage.english.coordinates(latitude: 51.50853, longitude: -0.12574), "51.5085,\u{A0}-0.1257")
        XCTAssertEqual(SiteLanguage.english.dms(latitude: 51.50853, longitude: -0.12574), Coordinate.dms(latitude: 51.50853, longitude: -0.12574))
        XCTAssertEqual(SiteLanguage.english.coordinates(latitude: -0.00001, longitude: 0), "0.0000,\u{A0}0.0000")
        let russian = try language("ru")
        XCTAssertEqual(russian.dms(latitude: -33.9, longitude: 18.4), "33°54′0,0″Ю; 18°24′0,0″В")
        let arabic = try language("ar"), words = try Words(language: "ar")
        XCTAssertEqual(
            arabic.dms(latitude: 30.0626, longitude: 31.2497),
            "\u{2066}30°3′45.4″\u{2069}\(words["compass.N"]), \u{2066}31°14′58.9″\u{2069}\(words["compass.E"])",
            "right to left, each number isolated left to right, or its letter reorders it")
    }

    /// A time zone is named as CLDR names it in the language; an id CLDR does not know stays as it is.
    func testTimeZonesAreNamedInTheLanguage() throws {
        let spanish = try language("es")
        XCTAssertTrue(spanish.timeZoneName("Europe/London").contains("Reino Unido"), spanish.timeZoneName("Europe/London"))
        XCTAssertEqual(SiteLanguage.english.timeZoneName("America/New_York"), "Eastern Time", "CLDR's generic name, summer or winter")
        XCTAssertTrue(try language("ru").timeZoneName("Europe/Moscow").hasPrefix("Москва"), "CLDR's Russian name of Moscow's zone")
        XCTAssertEqual(spanish.timeZoneName("Mars/Olympus_Mons"), "Mars/Olympus_Mons")
    }
}
