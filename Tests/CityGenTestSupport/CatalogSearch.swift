@testable import CityGenKit

/// The tests' oracle for SPEC §4: prefix search over a `CityCatalog` by binary search, O(k log n) for a query
/// with k words, written independently of the index and of the browser client that are tested against it.
///
/// A query matches when `fold(query)` is a prefix of `fold(name) + " " + fold(country)`. Those cities are not
/// always one run of the SPEC §3 order: `a z` matches `a, ZZ` and `a z, US` but not `a b, US` between them.
/// So the matches are the run of names that start with the query, preceded, for each space in the query,
/// by the run of cities whose name is exactly the words before that space and whose country starts with the
/// rest, and first of all by the cities whose name folds to nothing (`-`), whose key is their country alone.
/// Each run is found by binary search, and the runs are already in SPEC §3 order one after another.
extension CityCatalog {
    /// SPEC §4's search key of the city at `index`: `fold(name) + " " + fold(country)`, trimmed.
    public func searchKey(at index: Int) -> String {
        let country = foldedCountries[index], name = foldedNames[index]
        if country.isEmpty { return String(decoding: name, as: UTF8.self) }
        if name.isEmpty { return String(decoding: country, as: UTF8.self) }
        return String(decoding: name + [0x20] + country, as: UTF8.self)
    }

    /// The runs of `cities` that match `query`, in SPEC §3 order. Empty when `fold(query)` is empty.
    public func matchingRanges(for query: String) -> [Range<Int>] {
        let folded = Array(Fold.fold(query).utf8)
        guard !folded.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        let unnamed = exactNameRange([], countryPrefix: folded[...])
        if !unnamed.isEmpty { ranges.append(unnamed) }
        for (offset, byte) in folded.enumerated() where byte == 0x20 {
            let name = Array(folded[..<offset])
            let countryPrefix = folded[(offset + 1)...]
            let run = exactNameRange(name, countryPrefix: countryPrefix)
            if !run.isEmpty { ranges.append(run) }
        }
        let run = namePrefixRange(folded[...])
        if !run.isEmpty { ranges.append(run) }
        return ranges
    }

    /// Indices into `cities` of the first `limit` matches of `query`, in SPEC §3 order.
    public func search(_ query: String, limit: Int = .max) -> [Int] {
        var result: [Int] = []
        for range in matchingRanges(for: query) {
            for index in range {
                guard result.count < limit else { return result }
                result.append(index)
            }
        }
        return result
    }

    /// The run of cities whose folded name starts with `prefix`.
    func namePrefixRange(_ prefix: ArraySlice<UInt8>) -> Range<Int> {
        let prefixArray = Array(prefix)
        let start = cities.indices.partitionPoint { ByteString.compare(foldedNames[$0], prefixArray) < 0 }
        let end = (start..<cities.count).partitionPoint { ByteString.hasPrefix(foldedNames[$0], prefix) }
        return start..<end
    }

}

/// The tests' oracle for SPEC §4b, by a linear scan: every city's word keys, computed here from the spec's words
/// (`fold(name).split(" ")`, keys from the second word on, then `" " + fold(country)` unless it is empty), and for a
/// query the cities with a key that starts with it, at their smallest such key, ordered by that key, then SPEC §3.
public struct WordMatchOracle: Sendable {
    /// Every (word key, catalog index), in catalog order.
    let pairs: [(key: [UInt8], city: Int)]

    public init(_ catalog: CityCatalog) {
        var pairs: [(key: [UInt8], city: Int)] = []
        for city in 0..<catalog.count {
            let words = String(decoding: catalog.foldedNames[city], as: UTF8.self).split(separator: " ").map(String.init)
            let country = String(decoding: catalog.foldedCountries[city], as: UTF8.self)
            for k in words.indices.dropFirst() {
                let key = words[k...].joined(separator: " ") + (country.isEmpty ? "" : " " + country)
                pairs.append((Array(key.utf8), city))
            }
        }
        self.pairs = pairs
    }

    /// The word matches of `query` that are not in `prefixMatches`, in order (catalog indices).
    public func matches(_ query: String, excluding prefixMatches: [Int]) -> [Int] {
        let folded = Array(Fold.fold(query).utf8)
        guard !folded.isEmpty else { return [] }
        let excluded = Set(prefixMatches)
        var first: [Int: [UInt8]] = [:]
        for (key, city) in pairs where !excluded.contains(city) && key.starts(with: folded) {
            if let known = first[city], !key.lexicographicallyPrecedes(known) { continue }
            first[city] = key
        }
        return first.sorted { a, b in a.value == b.value ? a.key < b.key : a.value.lexicographicallyPrecedes(b.value) }.map(\.key)
    }
}

extension CityCatalog {
    /// SPEC §4 then §4b: the whole result sequence of `query` (catalog indices), the first `limit` of it.
    public func fullSearch(_ query: String, words: WordMatchOracle, limit: Int = .max) -> [Int] {
        let prefix = search(query)
        guard prefix.count < limit else { return Array(prefix.prefix(limit)) }
        return Array((prefix + words.matches(query, excluding: prefix)).prefix(limit))
    }
}
