/// The sort-and-search key of the index: `fold(name) + "\t" + fold(country)`.
///
/// A tab sorts below every character a folded string can hold, so comparing these keys by Unicode scalar
/// values is SPEC §3's order on (folded name, folded country). Every set of matches of SPEC §4 is then a run of
/// keys that share a prefix (`SearchQuery.prefixes`), which a client finds by binary search.
public enum SearchKey {
    public static let separator: UInt8 = 0x09

    static func make(name: [UInt8], country: [UInt8]) -> [UInt8] { name + [separator] + country }
}

/// A query, folded and turned into the key prefixes whose runs are its matches, in SPEC order.
public struct SearchQuery: Sendable, Equatable {
    /// `fold(query)`; empty matches nothing (the UI then shows the start of the list).
    public let folded: [UInt8]
    /// Key prefixes, in SPEC order of their runs: cities whose name folds to nothing with a country starting
    /// with the query; for each space, the exact name before it with a country starting with the rest; and
    /// names starting with the query.
    public let prefixes: [[UInt8]]

    /// `countries`: the folded countries present, to leave out prefixes no city can have (may be nil).
    public init(_ text: String, countries: Set<[UInt8]>? = nil) {
        folded = Array(Fold.fold(text).utf8)
        guard !folded.isEmpty else {
            prefixes = []
            return
        }
        func possible(_ country: ArraySlice<UInt8>) -> Bool {
            countries?.contains { $0.starts(with: country) } ?? true
        }
        var prefixes: [[UInt8]] = []
        if possible(folded[...]) { prefixes.append([SearchKey.separator] + folded) }
        for (offset, byte) in folded.enumerated() where byte == 0x20 {
            let country = folded[(offset + 1)...]
            if possible(country) { prefixes.append(Array(folded[..<offset]) + [SearchKey.separator] + country) }
        }
        prefixes.append(folded)
        self.prefixes = prefixes
    }
}
