import IcuBridge

/// CLDR's plural rules of a language, through the system's ICU: which form of a counting word a number takes.
/// ICU's rules do not change once open, and selecting with them is safe from any thread.
final class PluralRules: @unchecked Sendable, Equatable {
    let language: String
    /// The language's categories (`one`, `few`, `many`, `other`…), in ICU's order.
    let categories: [String]
    private let rules: UnsafeMutableRawPointer?
    /// The categories of the whole numbers below `Self.asked`, asked of ICU once: most counts a page shows are small.
    private let smallWholeNumbers: [String]
    private static let asked = 1000

    init(language: String) {
        self.language = language
        let rules = icu_plural_rules_open(language)
        self.rules = rules
        categories = rules.flatMap { rules in CLDR.text(capacity: 64) { icu_plural_categories(rules, $0, $1) } }
            .map { $0.split(separator: " ").map(String.init) } ?? ["other"]
        smallWholeNumbers = (0..<Self.asked).map { Self.select(rules, Double($0), fractionDigits: 0) }
    }

    deinit { icu_plural_rules_close(rules) }

    static func == (a: PluralRules, b: PluralRules) -> Bool { a.language == b.language }

    /// The category of `number` shown with `fractionDigits` decimals (`1` is `one` in Russian, `1,0` is `other`).
    func category(_ number: Double, fractionDigits: Int = 0) -> String {
        if fractionDigits == 0, number >= 0, number < Double(Self.asked), number.rounded(.towardZero) == number {
            return smallWholeNumbers[Int(number)]
        }
        return Self.select(rules, number, fractionDigits: fractionDigits)
    }

    private static func select(_ rules: UnsafeMutableRawPointer?, _ number: Double, fractionDigits: Int) -> String {
        guard let rules else { return "other" }
        return CLDR.text(capacity: 16) { icu_plural_select(rules, number, Int32(fractionDigits), $0, $1) } ?? "other"
    }
}

/// What CLDR knows of writing systems, through the system's ICU.
enum CLDR {
    /// The letters of `language`'s jump index (CLDR's index characters: `А Б В …` for Russian), in code point order.
    static func indexCharacters(_ language: String) -> [String] {
        text(capacity: 4096) { icu_index_characters(language, $0, $1) }.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    /// The generic name of the IANA time zone `id` in `language` (`hora de Reino Unido` for `Europe/London` in `es`),
    /// nil when ICU does not know the zone.
    static func timeZoneName(_ id: String, language: String) -> String? {
        text(capacity: 512) { icu_time_zone_name(id, language, $0, $1) }
    }

    /// The ISO 15924 code of the script `scalar` belongs to (`Latn`, `Cyrl`; `Zyyy` for digits and punctuation).
    static func script(of scalar: Unicode.Scalar) -> String {
        text(capacity: 8) { icu_script_code(scalar.value, $0, $1) } ?? "Zzzz"
    }

    static func text(capacity: Int, _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, Int32(capacity)) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
