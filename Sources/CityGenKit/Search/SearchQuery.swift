/// A query, folded and turned into the key prefixes whose runs are its matches, in SPEC order.
public struct SearchQuery: Sendable, Equatable {
    /// Key prefixes, in SPEC order of their runs: cities whose name folds to nothing with a country starting
    /// with the query; for each space, the exact name before it with a country starting with the rest; and
    /// names starting with the query. Empty when the query folds to nothing: it shows the start of the list.
    public let prefixes: [[UInt8]]
    /// True when the query folds to nothing (`""`, `"   "`, `"..."`): SPEC §4 lists from the start.
    public var listsAll: Bool { prefixes.isEmpty }

    /// `countries`: the folded countries present, to leave out prefixes no city can have (may be nil).
    public init(_ text: String, countries: Set<[UInt8]>? = nil) {
        let folded = Array(Fold.fold(text).utf8)
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
