import Foundation

/// The names of places in a site's language (SPEC §1b "Names in a language"): GeoNames' alternate names table read
/// once for the language, the name each place takes in it kept in the cache as a table of its own (keyed by the table's
/// identity and the language), so that later builds read those few MB instead of the whole table.
enum PlaceNames {
    /// The format of the extracts: a change of what they hold makes a new key.
    private static let extractVersion = "2"

    /// The names in `language` of the places in `wanted` (geonameids), from `input` or its extract in `cache`: the
    /// name each place takes in the language, one line a place (`AlternateNames.extract`).
    static func read(_ input: TableInput, language: String, wanted: Set<Int>?, cache: SourceCache, strict: Bool) throws -> AlternateNames {
        guard case .file = input, let extract = try? extractFile(of: input, language: language, in: cache) else {
            return try AlternateNames(input, language: language, wanted: wanted, strict: strict)
        }
        if FileManager.default.fileExists(atPath: extract.path) {
            // An extract that cannot be read is made again; an empty one is a language the table has no names in.
            if (try? FileManager.default.attributesOfItem(atPath: extract.path)[.size] as? Int) == 0 { return AlternateNames(names: [:]) }
            if let names = try? AlternateNames(extract: .file(extract.path), wanted: wanted) { return names }
        }
        let names = try AlternateNames(input, language: language, wanted: nil, strict: strict)
        write(names.extract, to: extract)
        return names.keeping(wanted)
    }

    /// Where the extract of `input` for `language` is kept.
    private static func extractFile(of input: TableInput, language: String, in cache: SourceCache) throws -> URL {
        let identity = try LoadedPlaces.identity(of: input, role: "names")
        let key = SourceCache.sha256(Data("\(extractVersion)\n\(language)\n\(identity)".utf8))
        return cache.folder.appendingPathComponent("names").appendingPathComponent("\(key.prefix(24))-\(language).txt")
    }

    /// Puts `bytes` at `extract`, whole or not at all (Foundation's atomic write): a failure only loses the extract.
    private static func write(_ bytes: [UInt8], to extract: URL) {
        try? FileManager.default.createDirectory(at: extract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: extract, options: .atomic)
    }
}
