import Foundation

/// GeoNames' own names of places in one language, as Debian's `libgeonames-common` installs them: a gettext catalog
/// (`/usr/share/locale/<lang>/LC_MESSAGES/geonames.mo`) whose keys are geonameids. Tests write them as rows of an
/// alternate names table and read their expectations from here, not typed in.
public enum GeoNamesCatalog {
    /// The catalog of `language`'s names.
    public static func url(_ language: String) -> URL {
        URL(fileURLWithPath: "/usr/share/locale/\(language)/LC_MESSAGES/geonames.mo")
    }

    /// The names of the catalog of `language`, by geonameid; nil when the package is not installed.
    public static func names(_ language: String) throws -> [Int: String]? {
        guard let data = FileManager.default.contents(atPath: url(language).path) else { return nil }
        let bytes = [UInt8](data)
        func word(_ offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard bytes.count >= 20, word(0) == 0x9504_12de else { throw CocoaError(.fileReadCorruptFile) }
        let count = word(8), originals = word(12), translations = word(16)
        func string(_ table: Int, _ n: Int) -> String {
            let length = word(table + 8 * n), offset = word(table + 8 * n + 4)
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var names: [Int: String] = [:]
        for n in 0..<count {
            if let id = Int(string(originals, n)) { names[id] = string(translations, n) }
        }
        return names
    }

    /// The catalog's names as `alternateNamesV2.txt` rows in `language`, each place's name as its preferred short
    /// name, among rows the picking rule of SPEC §1b must pass over: before it, a historic and a colloquial row
    /// (both preferred and short), a row of a code that is no language and a row of another language; after it, a
    /// plain row of the language.
    public static func alternateNamesRows(_ names: [Int: String], language: String) -> String {
        var lines: [String] = [], row = 0
        func add(_ id: Int, _ code: String, _ name: String, preferred: Bool, short: Bool, colloquial: Bool = false, historic: Bool = false) {
            row += 1
            let flag = { (set: Bool) in set ? "1" : "" }
            lines.append([String(row), String(id), code, name, flag(preferred), flag(short), flag(colloquial), flag(historic), "", ""].joined(separator: "\t"))
        }
        for (id, name) in names.sorted(by: { $0.key < $1.key }) {
            add(id, language, "Historic \(name)", preferred: true, short: true, historic: true)
            add(id, language, "Colloquial \(name)", preferred: true, short: true, colloquial: true)
            add(id, "post", "\(id % 100_000)", preferred: true, short: true)
            add(id, "link", "https://example.org/\(id)", preferred: true, short: true)
            add(id, language == "de" ? "fr" : "de", "Other \(name)", preferred: true, short: true)
            add(id, language, "Plain \(name)", preferred: false, short: false)
            add(id, language, name, preferred: true, short: true)
            add(id, language, "Later \(name)", preferred: true, short: true)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
