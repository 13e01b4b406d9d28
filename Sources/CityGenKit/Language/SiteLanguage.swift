import Foundation

/// The language a site is written in (SPEC §5 "Language"): its words, and its numbers and country names as CLDR
/// has them (through Foundation's `Locale`).
public struct SiteLanguage: Sendable {
    /// The BCP 47 code (`es`, `pt-BR`): `<html lang>`, the search's `Intl` formats.
    public let code: String
    public let words: Words
    /// ISO 639-3 (`spa`): a `.zim` file's `Language`.
    public let iso639_3: String
    /// The language's name in itself, as CLDR has it, capitalized as a menu item (`Español`, `English`).
    public let autonym: String
    /// How the language writes numbers: digits, grouping, decimal mark, minus.
    let numbers: NumberMarks
    /// The compass letters of degrees' hemispheres, read once: every detail page says two.
    private let compass: (north: String, south: String, east: String, west: String)
    private let locale: Locale
    /// Whether the language is written right to left, as CLDR's character order has it (`ar`, `he`, `fa`, `ur`).
    public let rightToLeft: Bool
    /// The CSS counter style of the language's digits where they are not Latin (`persian` for `fa`).
    public let listStyle: String?

    public init(words: Words) {
        self.code = words.language
        self.words = words
        let locale = Locale(identifier: words.language)
        self.locale = locale
        numbers = NumberMarks(locale: locale)
        compass = (words["compass.N"], words["compass.S"], words["compass.E"], words["compass.W"])
        iso639_3 = Self.iso639_3(words.language)
        rightToLeft = Locale.Language(identifier: words.language).characterDirection == .rightToLeft
        listStyle = Self.counterStyles[locale.numberingSystem.identifier]
        let name = locale.localizedString(forIdentifier: words.language) ?? words.language
        autonym = Self.capitalized(name, in: locale)
    }

    /// CSS's counter styles of CLDR's numbering systems other than Latin digits (CSS Counter Styles Level 3, §6.1).
    private static let counterStyles = [
        "arab": "arabic-indic", "arabext": "persian", "beng": "bengali", "deva": "devanagari", "gujr": "gujarati", "guru": "gurmukhi",
        "khmr": "khmer", "knda": "kannada", "laoo": "lao", "mlym": "malayalam", "mong": "mongolian", "mymr": "myanmar", "orya": "oriya",
        "tamldec": "tamil", "telu": "telugu", "thai": "thai", "tibt": "tibetan",
    ]

    /// English, as citygen ships it.
    public static let english = SiteLanguage(words: try! Words(language: "en"))

    /// ISO 639-3 of a BCP 47 code's language (`es-AR` → `spa`), or the code itself when CLDR has none.
    static func iso639_3(_ code: String) -> String {
        let base = String(code.prefix { $0 != "-" })
        return Locale.LanguageCode(base).identifier(.alpha3) ?? base
    }

    /// The BCP 47 code a `language:` value means: itself, or for a three-letter ISO 639-3 code (`eng`) its
    /// two-letter language where one exists. Nil when it is not a language tag at all.
    public static func code(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        let base = first.lowercased()
        let rest = parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) }
        var language = base
        if base.count == 3, let two = Locale.LanguageCode(base).identifier(.alpha2) { language = two }
        return ([language] + rest).joined(separator: "-")
    }

    /// `number` grouped by thousands as the language writes it (`7,556,900`; `7.556.900`; `۷٬۵۵۶٬۹۰۰`).
    public func grouped(_ number: Int) -> String { numbers.grouped(number) }

    /// Appends `grouped(number)` to `out`: a page's rows write their numbers without a string each.
    func appendGrouped(_ number: Int, to out: inout [UInt8]) { numbers.appendGrouped(number, to: &out) }

    /// A non-negative number rounded to one decimal as the language writes it (`1.1`; `1,1`; `۱٫۱`).
    public func oneDecimal(_ value: Double) -> String { numbers.local(Digits.oneDecimal(value)) }

    /// Coordinates as pages show them (`Coordinate.display`), in the language's digits and marks.
    public func coordinates(latitude: Double, longitude: Double) -> String {
        numbers.coordinates(latitude: latitude, longitude: longitude)
    }

    /// Appends `coordinates(latitude:longitude:)` to `out`.
    func appendCoordinates(latitude: Double, longitude: Double, to out: inout [UInt8]) {
        numbers.appendCoordinates(latitude: latitude, longitude: longitude, to: &out)
    }

    /// Degrees, minutes and seconds (`Coordinate.dms`) with the language's digits, decimal mark and compass letters.
    public func dms(latitude: Double, longitude: Double) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let (text, sign) = Coordinate.dmsNumber(value)
            // Right to left, the number is isolated left to right (LRI…PDI), or the letter after it would reorder it.
            let number = rightToLeft ? "\u{2066}" + numbers.local(text) + "\u{2069}" : numbers.local(text)
            return number + (sign == 0 ? "" : sign > 0 ? positive : negative)
        }
        return part(latitude, compass.north, compass.south) + numbers.pairMark + " " + part(longitude, compass.east, compass.west)
    }

    /// The name of the script with ISO 15924 code `code` in the language (`Кириллица`), else the code itself.
    func scriptName(_ code: String) -> String {
        guard let name = locale.localizedString(forScriptCode: code) else { return code }
        return Self.capitalized(name, in: locale)
    }

    /// `name` with its first letter capitalized as `locale` writes it, as a label or menu item (`Español`).
    private static func capitalized(_ name: String, in locale: Locale) -> String {
        name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// The IANA time zone `id`'s generic name in the language (`hora de Reino Unido`), else the id itself.
    func timeZoneName(_ id: String) -> String {
        CLDR.timeZoneName(id, language: code) ?? id
    }

    /// The names of the countries with these codes in the language, where CLDR knows them.
    func countryNames(for codes: Set<String>) -> [String: String] {
        var names: [String: String] = [:]
        let unknown = locale.localizedString(forRegionCode: "ZZ")
        for code in codes where code.count == 2 && code.allSatisfy({ $0.isASCII && $0.isLetter }) {
            guard let name = locale.localizedString(forRegionCode: code.uppercased()), name != code, name != unknown, name != "Unknown Region"
            else { continue }
            names[code] = name
        }
        return names
    }
}
