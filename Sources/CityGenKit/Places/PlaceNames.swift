import Foundation

/// The names of places in a site's language (SPEC §1b "Names in a language"), read from GeoNames' alternate names
/// table once and kept in the cache as an extract (docs/design.md, "Places and names").
enum PlaceNames {
    /// The format of the extracts: a change of what they hold makes a new key.
    private static let extractVersion = "2"

    /// The names in `language` of the places in `wanted` (geonameids), from `input` or its extract in `cache`: the
    /// name each place takes in the language, one line a place (`AlternateNames.extract`).
    static func read(_ input: TableInput, language: String, wanted: Set<Int>?, cache: SourceCache, strict: Bool) throws -> AlternateNames {
        guard case .file = input, let identity = try? LoadedPlaces.identity(of: input, role: role) else {
            return try AlternateNames(input, language: language, wanted: wanted, strict: strict)
        }
        let extract = cache.folder.appendingPathComponent("names").appendingPathComponent(extractName(identity: identity, language: language))
        if FileManager.default.fileExists(atPath: extract.path) {
            // An extract that cannot be read is made again; an empty one is a language the table has no names in.
            let empty = (try? FileManager.default.attributesOfItem(atPath: extract.path)[.size] as? Int) == 0
            if let names = empty ? AlternateNames(names: [:]) : try? AlternateNames(extract: .file(extract.path), wanted: wanted) {
                // One whose `.source` is missing gets it, so that `prune` keeps it.
                if !FileManager.default.fileExists(atPath: source(of: extract).path) {
                    try? Data(identity.utf8).write(to: source(of: extract), options: .atomic)
                }
                return names
            }
        }
        let names = try AlternateNames(input, language: language, wanted: nil, strict: strict)
        write(names.extract, to: extract, identity: identity)
        prune(extract.deletingLastPathComponent())
        return names.keeping(wanted)
    }

    private static let role = "names"

    /// The file name of the extract for `language` of the table whose identity is `identity`.
    private static func extractName(identity: String, language: String) -> String {
        "\(SHA256Digest.hex(of: Data("\(extractVersion)\n\(language)\n\(identity)".utf8)).prefix(24))-\(language).txt"
    }

    /// Puts `bytes` at `extract`, whole or not at all (Foundation's atomic write): a failure only loses the extract.
    /// Beside it, first, the identity of its table (`name.source`), by which `prune` tells whether it is still current.
    private static func write(_ bytes: [UInt8], to extract: URL, identity: String) {
        try? FileManager.default.createDirectory(at: extract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(identity.utf8).write(to: source(of: extract), options: .atomic)
        try? Data(bytes).write(to: extract, options: .atomic)
    }

    private static func source(of extract: URL) -> URL { extract.deletingPathExtension().appendingPathExtension("source") }

    /// Removes from `folder` the extracts that no build will read again, with their `.source`: those of a table that
    /// is gone or has changed, of an older format, or that say nothing of their table.
    static func prune(_ folder: URL) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { return }
        let present = Set(names)
        for name in names where name.hasSuffix(".txt") || name.hasSuffix(".source") {
            let extract = folder.appendingPathComponent(name).deletingPathExtension().appendingPathExtension("txt")
            // A `.source` beside its extract is looked at with it; alone, it may be an extract being written.
            if name.hasSuffix(".source"), present.contains(extract.lastPathComponent) { continue }
            let parts = extract.deletingPathExtension().lastPathComponent.split(separator: "-", maxSplits: 1)
            let identity = (try? String(contentsOf: source(of: extract), encoding: .utf8)) ?? ""
            let path = identity.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            let current = path.flatMap { try? LoadedPlaces.identity(of: .file($0), role: role) }
            let named = parts.count == 2 && extractName(identity: identity, language: String(parts[1])) == extract.lastPathComponent
            if current == identity, named || name.hasSuffix(".source") { continue }
            try? files.removeItem(at: extract)
            try? files.removeItem(at: source(of: extract))
        }
    }
}
