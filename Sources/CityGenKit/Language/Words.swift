import Foundation
import Yams

/// The words a site says in one language (SPEC §5 "Language"), by stable key, layered as docs/design.md
/// ("Languages") says. A word may name the page's values in braces (`{{count}}`): `say` fills them.
public struct Words: Sendable, Equatable {
    /// The language whose table this is (BCP 47).
    public let language: String
    let table: [String: String]
    /// The keys a user's file lacked, taken from the shipped table of the language or from English.
    public let missingKeys: [String]
    /// The keys of a user's file that no page uses.
    public let unknownKeys: [String]
    /// Every file read, by name: part of the build's fingerprint.
    let sources: [String: String]
    /// The keys the language's own tables have (its shipped table, a user's file), not English's under them: a
    /// counting word's form falls back to its `other` form in the language rather than to English.
    let ownKeys: Set<String>
    /// CLDR's plural rules of the language: which form of a counting word a number takes.
    let plurals: PluralRules

    /// The languages citygen ships a table for.
    public static let shipped = ["ar", "de", "en", "es", "fr", "it", "pt", "ru"]

    /// The words of `language`: its shipped table (of the language itself or of its base language, `es` for
    /// `es-AR`), under `file` when given. A language with neither is an error naming it: of `configFile`
    /// (`invalidConfig`) when the language came from there, else of `--language` (`invalidOption`).
    public init(language: String, file: URL? = nil, configFile: String? = nil, item: String = "language") throws {
        let english = try Self.shippedTable("en")
        let shippedCode = Self.shippedCode(for: language)
        let plurals = PluralRules(language: language)
        var table = english.table
        var sources = ["strings/en.yml": english.source]
        var ownKeys: Set<String> = shippedCode == "en" ? Set(english.table.keys) : []
        if let shippedCode, shippedCode != "en" {
            let own = try Self.shippedTable(shippedCode)
            table.merge(own.table) { $1 }
            ownKeys.formUnion(own.table.keys)
            sources["strings/\(shippedCode).yml"] = own.source
        }
        var missing: [String] = [], unknown: [String] = []
        if let file {
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw CityGenError.missingInput(what: "strings file", path: file.path, reason: error.localizedDescription)
            }
            let own = try Self.parse(text, file: file.path)
            let known = { (key: String) in
                english.table[key] != nil || Self.pluralCategory(of: key, in: english.table).map(plurals.categories.contains) == true
            }
            unknown = own.keys.filter { !known($0) }.sorted()
            if shippedCode == nil {
                missing = english.table.keys.filter { own[$0] == nil && Self.pluralCategory(of: $0, in: english.table) == nil }.sorted()
            }
            table.merge(own.filter { known($0.key) }) { $1 }
            ownKeys.formUnion(own.keys.filter(known))
            missing = (missing + Self.missingForms(of: table, ownKeys: ownKeys, plurals: plurals)).sorted()
            sources["strings:\(language)"] = text
        } else if shippedCode == nil {
            let reason = "\"\(language)\" is a language with no words: citygen ships \(Self.shipped.joined(separator: ", ")); "
                + "`citygen init --strings \(language)` writes the English table to translate, with the plural forms the language needs, and `strings: {\(language): FILE}` in citygen.yml names it"
            if let configFile { throw CityGenError.invalidConfig(file: configFile, item: item, reason: reason) }
            throw CityGenError.invalidOption(name: "--language", reason: reason)
        }
        self.language = language
        self.table = table
        self.missingKeys = missing
        self.unknownKeys = unknown
        self.sources = sources
        self.ownKeys = ownKeys
        self.plurals = plurals
    }

    /// What the build warns of this table: the keys a user's file lacks, and those no page uses.
    public var warnings: [String] {
        var warnings: [String] = []
        if !missingKeys.isEmpty {
            warnings.append(
                "the strings of \(language) lack \(missingKeys.count) words, said in English (a form of a counting word as the word's `other` form): "
                    + missingKeys.joined(separator: ", "))
        }
        if !unknownKeys.isEmpty { warnings.append("the strings of \(language) have keys no page uses: \(unknownKeys.joined(separator: ", "))") }
        return warnings
    }

    /// The shipped table's code that serves `language`: itself, or its base language.
    public static func shippedCode(for language: String) -> String? {
        if shipped.contains(language) { return language }
        let base = String(language.prefix { $0 != "-" })
        return shipped.contains(base) ? base : nil
    }

    /// The word of `key`. Every key citygen asks for is in the English table, which is under every other.
    public subscript(key: String) -> String {
        guard let word = table[key] else { preconditionFailure("no word \(key) in the English table") }
        return word
    }

    /// Every key, sorted.
    public var keys: [String] { table.keys.sorted() }

    /// Whether the table has `key`.
    func has(_ key: String) -> Bool { table[key] != nil }

    /// The word of `key` with each `{{name}}` (or `{{{name}}}`) replaced by `values[name]`; other names stay as they are.
    public func say(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String { say(key, values: values) }

    /// `say(key, values)` with values made at run time (a grouping's names its words by its own).
    func say(_ key: String, values: some Collection<(key: String, value: String)>) -> String {
        var word = self[key]
        guard word.utf8.contains(UInt8(ascii: "{")) else { return word }
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        let out = word.withUTF8 { word in
            var out: [UInt8] = []
            out.reserveCapacity(word.count + 64)
            var i = 0
            while let start = word[i...].firstIndex(of: open) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: word[i..<start]))
                // `{{name}}` or `{{{name}}}`, closed by as many braces, with a value; anything else is text.
                var braces = 0
                while braces < 3, start + braces < word.count, word[start + braces] == open { braces += 1 }
                let nameStart = start + braces
                if braces >= 2, let end = word[nameStart...].firstIndex(of: close), end + braces <= word.count,
                    word[end..<end + braces].allSatisfy({ $0 == close }),
                    let value = values.first(where: { $0.key.utf8.elementsEqual(UnsafeBufferPointer(rebasing: word[nameStart..<end])) })?.value
                {
                    out += value.utf8
                    i = end + braces
                } else {
                    out.append(open)
                    i = start + 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: word[i...]))
            return out
        }
        return String(decoding: out, as: UTF8.self)
    }


    /// The words the browser's script `script` says: the keys quoted in the arguments of its `say(…)` calls
    /// (`say(on ? 'a.b' : 'c.d')`), sorted, so that the list is never kept by hand.
    static func scriptKeys(in script: String) -> [String] {
        let call = /say\(([^)]*)/, key = /'([a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+)'/
        return Set(script.matches(of: call).flatMap { $0.output.1.matches(of: key).map { String($0.output.1) } }).sorted()
    }

    /// The first lines of `search.js`: `window.citygenWords`, the words of `script` by language (a page picks its
    /// language's by `<html lang>`), and the search index's folder. A key that no table has is left out.
    static func scriptPrelude(_ languages: [Words], script: String, indexFolder: String) -> String {
        let keys = scriptKeys(in: script)
        let tables = languages.map { words in
            JSONText.quoted(words.language) + ":{"
                + keys.filter(words.has).map { JSONText.quoted($0) + ":" + JSONText.quoted(words[$0]) }.joined(separator: ",") + "}"
        }
        return "window.citygenWords = {" + tables.joined(separator: ",") + "};\nwindow.citygenIndexFolder = " + JSONText.quoted(indexFolder) + ";\n"
    }

    /// The English table as shipped.
    public static func englishTableText() throws -> String { try shippedTable("en").source }

    /// What `citygen init --strings CODE` writes: the shipped table of `language` (or of its base language), else
    /// the English table with the plural forms of each counting word the language needs (`count.city.few` for Polish).
    public static func tableText(for language: String) throws -> String {
        if let code = shippedCode(for: language) { return try shippedTable(code).source }
        let english = try shippedTable("en"), categories = PluralRules(language: language).categories
        var lines: [Substring] = []
        for line in english.source.split(separator: "\n", omittingEmptySubsequences: false) {
            let key = String(line.prefix { $0 != ":" })
            guard let category = pluralCategory(of: key, in: english.table) else {
                lines.append(line)
                continue
            }
            if categories.contains(category) { lines.append(line) }
            guard category == "other" else { continue }
            let word = key.dropLast(".other".count), value = line.dropFirst(key.count)
            for needed in categories where english.table["\(word).\(needed)"] == nil { lines.append("\(word).\(needed)\(value)") }
        }
        return lines.joined(separator: "\n")
    }

    private static func shippedTable(_ code: String) throws -> (table: [String: String], source: String) {
        guard let url = Bundle.module.url(forResource: "Strings/\(code)", withExtension: "yml")
            ?? Bundle.module.url(forResource: code, withExtension: "yml", subdirectory: "Strings")
        else {
            throw CityGenError.missingInput(what: "citygen's strings", path: "Strings/\(code).yml", reason: nil)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return (try parse(text, file: url.path), text)
    }

    /// A strings file: a YAML map of keys to texts. Anything else is `CityGenError.invalidConfig` with its line.
    static func parse(_ text: String, file: String) throws -> [String: String] {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw CityGenError.invalidConfig(file: file, item: nil, reason: "not YAML: \(error)")
        }
        guard let node else { return [:] }
        guard let mapping = node.mapping else {
            throw CityGenError.invalidConfig(file: file, item: nil, reason: "line \(node.mark?.line ?? 1): expected a map of keys to texts")
        }
        var table: [String: String] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                throw CityGenError.invalidConfig(file: file, item: nil, reason: "line \(key.mark?.line ?? 0): a key must be text")
            }
            guard let word = value.scalar?.string else {
                throw CityGenError.invalidConfig(file: file, item: name, reason: "line \(value.mark?.line ?? 0): must be a text, not a list or a map")
            }
            table[name] = word
        }
        return table
    }
}
