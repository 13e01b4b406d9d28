import Foundation

/// GeoNames' alternate names table, `alternateNamesV2.txt` (SPEC §1b "Names in a language"): streamed once for one
/// language, keeping the name each wanted place takes in it.
public struct AlternateNames: Sendable {
    /// What such a file is, for "expected …" in errors.
    public static let expected = "a GeoNames alternate names table: 10 tab-separated columns (alternateNameId, geonameid, isolanguage, "
        + "alternate name, isPreferredName, isShortName, isColloquial, isHistoric, from, to)"
    /// The name GeoNames publishes the table under, looked up beside the geoname table.
    public static let publishedName = "alternateNamesV2.zip"
    /// isolanguage values that are no language (codes, links, history): never a name.
    static let notLanguages: Set<String> = ["post", "iata", "icao", "faac", "fr_1793", "abbr", "link", "wkdt", "unlc", ""]

    /// The name in the language of each wanted place that has one, by geonameid.
    public let names: NamesByID
    /// Rows skipped: wrong column count, a geonameid that is not an integer.
    public let skipped: SkippedLines

    init(names: NamesByID, skipped: SkippedLines = SkippedLines()) {
        self.names = names
        self.skipped = skipped
    }

    /// Reads `input` for `language` (a BCP 47 code: its rows, else those of its base language, `pt` for `pt-BR`),
    /// keeping the names of the places in `wanted` (nil: of every place). With `strict` the first bad row throws; a
    /// file that is not such a table throws `CityGenError.notATable`.
    public init(_ input: TableInput, language: String, wanted: Set<Int>?, strict: Bool = false) throws {
        let base = String(language.prefix { $0 != "-" })
        let codes = [language, base].filter { !Self.notLanguages.contains($0) }
        let accepted = (language == base ? [language] : codes).map { Array($0.utf8) }
        var table = TabTable(expected: Self.expected, columns: 10, strict: strict)
        var chosen: [Int: (rank: Int, name: String)] = [:]
        try table.read(input) { fields, _, _ in
            // Most rows are of other languages: their language is compared before anything else is read.
            let isoLanguage = fields[2]
            guard let code = accepted.firstIndex(where: { $0.elementsEqual(isoLanguage) }) else {
                return ByteNumbers.int(fields[1]) == nil ? "geonameid is not an integer: \"\(fields.string(1))\"" : nil
            }
            guard let id = ByteNumbers.int(fields[1]) else { return "geonameid is not an integer: \"\(fields.string(1))\"" }
            guard wanted?.contains(id) ?? true, !Self.flag(fields[6]), !Self.flag(fields[7]), !fields[3].isEmpty else { return nil }
            let preferred = Self.flag(fields[4]), short = Self.flag(fields[5])
            let rank = code * 4 + (preferred && short ? 0 : preferred ? 1 : short ? 2 : 3)
            if let held = chosen[id], held.rank <= rank { return nil }
            // A name that is no name (blank, punctuation alone, a control character) leaves the choice to the next.
            guard let name = SourceRecord.usableName(fields.string(3)) else { return nil }
            chosen[id] = (rank, name)
            return nil
        }
        names = NamesByID(chosen.mapValues(\.name))
        skipped = table.skipped
    }

    /// What an extract is, for "expected …" in errors.
    static let extractExpected = "a names extract: 2 tab-separated columns (geonameid, name)"

    /// The names of an extract that `extract` wrote, of the places in `wanted` (nil: of every place), already chosen.
    init(extract input: TableInput, wanted: Set<Int>?) throws {
        var table = TabTable(expected: Self.extractExpected, columns: 2, strict: true)
        var names = NamesByID.Builder()
        try table.read(input) { fields, _, _ in
            guard let id = ByteNumbers.int(fields[0]) else { return "geonameid is not an integer: \"\(fields.string(0))\"" }
            if wanted?.contains(id) ?? true { names.append(id, fields[1]) }
            return nil
        }
        self.init(names: names.names)
    }

    /// The names as an extract: a line `geonameid<TAB>name` for each, by geonameid.
    var extract: [UInt8] {
        var bytes: [UInt8] = []
        names.forEach { id, name in
            Digits.append(id, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            bytes += name
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// These names, of the places in `wanted` alone (nil: all of them).
    func keeping(_ wanted: Set<Int>?) -> AlternateNames {
        guard let wanted else { return self }
        return AlternateNames(names: names.filter(wanted.contains), skipped: skipped)
    }

    /// A flag column: `1` is set, anything else (empty) is not.
    private static func flag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.count == 1 && bytes[0] == UInt8(ascii: "1") }
}
