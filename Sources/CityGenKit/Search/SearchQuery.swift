/// A query, folded and turned into the key prefixes whose runs are its matches, in SPEC order.
public struct SearchQuery: Sendable, Equatable {
    /// Key prefixes, in SPEC order of their runs: cities whose name folds to nothing with a country starting
    /// with the query; for each space, the exact name before it with a country starting with the rest; and
    /// names starting with the query. Empty when the query folds to nothing: it shows the start of the list.
    public let prefixes: [[UInt8]]
    /// The folded query: a prefix of the word keys of its word matches (SPEC §4b).
    public let folded: [UInt8]
    /// True when the query folds to nothing (`""`, `"   "`, `"..."`): SPEC §4 lists from the start.
    public var listsAll: Bool { prefixes.isEmpty }

    /// `manifest`, when given, leaves out prefixes that no city can have (`countries`, `exact`).
    public init(_ text: String, manifest: IndexManifest? = nil) {
        self.init(folded: Array(Fold.fold(text).utf8), manifest: manifest)
    }

    /// The query whose folded form is `folded` (`Fold.fold`'s UTF-8).
    init(folded: [UInt8], manifest: IndexManifest? = nil) {
        self.folded = folded
        guard !folded.isEmpty else {
            prefixes = []
            return
        }
        func possible(_ country: ArraySlice<UInt8>, among countries: [String]?) -> Bool {
            countries?.contains { $0.utf8.starts(with: country) } ?? true
        }
        var prefixes: [[UInt8]] = []
        if possible(folded[...], among: manifest?.countries) { prefixes.append([SearchKey.separator] + folded) }
        for (offset, byte) in folded.enumerated() where byte == 0x20 {
            let name = Array(folded[..<offset]), country = folded[(offset + 1)...]
            let countries = manifest.map { $0.exact[String(decoding: name, as: UTF8.self)] ?? $0.countries }
            if possible(country, among: countries) { prefixes.append(name + [SearchKey.separator] + country) }
        }
        prefixes.append(folded)
        self.prefixes = prefixes
    }
}
