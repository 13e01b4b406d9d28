/// Counting words (SPEC §5 "Language"): a form for each of CLDR's plural categories of the language, as keys
/// `KEY.one`, `KEY.few`, `KEY.other`….
extension Words {
    /// The form of `key` that `count` takes in the language (`count.city.few` for 3 in Russian), filled with
    /// `values` (the caller writes the count in the language's digits); a form the language's table lacks is said
    /// with its `other` form.
    public func say(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        say(form(of: key, for: Double(count)), values: values)
    }

    /// `say(key, count:, values)` with values made at run time.
    func say(_ key: String, count: Int, values: some Collection<(key: String, value: String)>) -> String {
        say(form(of: key, for: Double(count)), values: values)
    }

    /// The key of the form of `key` that `number`, shown with `fractionDigits` decimals, takes.
    func form(of key: String, for number: Double, fractionDigits: Int = 0) -> String {
        let form = "\(key).\(plurals.category(number, fractionDigits: fractionDigits))"
        return ownKeys.contains(form) ? form : "\(key).other"
    }

    /// The counting words: the keys that have an `other` form, without it (`count.city`).
    static func countingWords(in table: [String: String]) -> [String] {
        table.keys.filter { $0.hasSuffix(".other") }.map { String($0.dropLast(".other".count)) }.sorted()
    }

    /// The category of `key` when it is a form of one of `english`'s counting words (`few` of `count.city.few`).
    static func pluralCategory(of key: String, in english: [String: String]) -> String? {
        guard let dot = key.lastIndex(of: "."), english["\(key[..<dot]).other"] != nil else { return nil }
        let category = String(key[key.index(after: dot)...])
        return ["zero", "one", "two", "few", "many", "other"].contains(category) ? category : nil
    }

    /// The forms the language's categories need that its own table lacks (`count.city.few`), sorted.
    var missingPluralForms: [String] { Self.missingForms(of: table, ownKeys: ownKeys, plurals: plurals) }

    static func missingForms(of table: [String: String], ownKeys: Set<String>, plurals: PluralRules) -> [String] {
        guard !ownKeys.isEmpty else { return [] }
        return countingWords(in: table).flatMap { word in plurals.categories.map { "\(word).\($0)" } }.filter { !ownKeys.contains($0) }.sorted()
    }
}
