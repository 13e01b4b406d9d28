import CityGenKit

/// The tests' oracle for SPEC §4: prefix search over a `CityCatalog` by binary search, O(k log n) for a query
/// with k words, written independently of the index and of the browser client that are tested against it. It
/// folds the catalog's names and countries itself, through the public `Fold`, and uses no internal of the kit.
///
/// A query matches when `fold(query)` is a prefix of `fold(name) + " " + fold(country)`. Those cities are not
/// always one run of the SPEC §3 order: `a z` matches `a, ZZ` and `a z, US` but not `a b, US` between them.
/// So the matches are the run of names that start with the query, preceded, for each space in the query,
/// by the run of cities whose name is exactly the words before that space and whose country starts with the
/// rest, and first of all by the cities whose name folds to nothing, whose key is their country alone.
/// Each run is found by binary search, and the runs are already in SPEC §3 order one after another.
public struct CatalogSearch: Sendable {
    public let catalog: CityCatalog
    let names: [[UInt8]]
    let countries: [[UInt8]]

    public init(_ catalog: CityCatalog) {
        self.catalog = catalog
        names = catalog.cities.map { Array(Fold.fold($0.name).utf8) }
        countries = catalog.cities.map { Array(Fold.fold($0.country).utf8) }
    }

    /// SPEC §4's search key of the city at `index`: `fold(name) + " " + fold(country)`, trimmed.
    public func searchKey(at index: Int) -> String {
        let country = countries[index], name = names[index]
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
            let run = exactNameRange(Array(folded[..<offset]), countryPrefix: folded[(offset + 1)...])
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

    /// SPEC §4 then §4b: the whole result sequence of `query` (catalog indices), the first `limit` of it.
    public func fullSearch(_ query: String, words: WordMatchOracle, limit: Int = .max) -> [Int] {
        let prefix = search(query)
        guard prefix.count < limit else { return Array(prefix.prefix(limit)) }
        return Array((prefix + words.matches(query, excluding: prefix)).prefix(limit))
    }

    /// The run of cities whose folded name starts with `prefix`.
    func namePrefixRange(_ prefix: ArraySlice<UInt8>) -> Range<Int> {
        let start = firstIndex(from: 0) { names[$0].lexicographicallyPrecedes(prefix) }
        let end = firstIndex(from: start) { names[$0].starts(with: prefix) }
        return start..<end
    }

    /// The run of cities named exactly `name` whose folded country starts with `countryPrefix`.
    func exactNameRange(_ name: [UInt8], countryPrefix: ArraySlice<UInt8>) -> Range<Int> {
        let start = firstIndex(from: 0) { i in
            names[i] == name ? countries[i].lexicographicallyPrecedes(countryPrefix) : names[i].lexicographicallyPrecedes(name)
        }
        let end = firstIndex(from: start) { i in names[i] == name && countries[i].starts(with: countryPrefix) }
        return start..<end
    }

    /// The first index at or after `start` where `isBelow` turns false (it must be true, then false, in order).
    private func firstIndex(from start: Int, while isBelow: (Int) -> Bool) -> Int {
        var low = start, high = names.count
        while low < high {
            let mid = low + (high - low) / 2
            if isBelow(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// The tests' oracle for SPEC §4b: every city's word keys, computed here from the spec's words (`fold(name).split(" ")`,
/// keys from the second word on, then `" " + fold(country)` unless it is empty), sorted once; for a query, the cities
/// with a key that starts with it, at their smallest such key, ordered by that key, then SPEC §3. It shares nothing
/// with the word index it checks but the definition.
public struct WordMatchOracle: Sendable {
    /// Every (word key, catalog index), by key, then catalog order.
    let pairs: [(key: [UInt8], city: Int)]

    public init(_ catalog: CityCatalog) {
        var pairs: [(key: [UInt8], city: Int)] = []
        for (city, entry) in catalog.cities.enumerated() {
            let words = Fold.fold(entry.name).split(separator: " ").map(String.init)
            let country = Fold.fold(entry.country)
            for k in words.indices.dropFirst() {
                let key = words[k...].joined(separator: " ") + (country.isEmpty ? "" : " " + country)
                pairs.append((Array(key.utf8), city))
            }
        }
        self.pairs = pairs.sorted { $0.key == $1.key ? $0.city < $1.city : $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// The `count` word keys that the most cities share, most first.
    public func mostFrequentKeys(_ count: Int) -> [String] {
        var runs: [(key: [UInt8], cities: Int)] = []
        for pair in pairs {
            if runs.last?.key == pair.key { runs[runs.count - 1].cities += 1 } else { runs.append((pair.key, 1)) }
        }
        return runs.sorted { $0.cities > $1.cities }.prefix(count).map { String(decoding: $0.key, as: UTF8.self) }
    }

    /// The word matches of `query` that are not in `prefixMatches`, in order (catalog indices).
    public func matches(_ query: String, excluding prefixMatches: [Int]) -> [Int] {
        let folded = Array(Fold.fold(query).utf8)
        guard !folded.isEmpty else { return [] }
        let excluded = Set(prefixMatches)
        // The keys that start with the query are one run of the sorted keys; a city's first key in it is its smallest.
        var low = 0, high = pairs.count
        while low < high {
            let mid = low + (high - low) / 2
            if pairs[mid].key.lexicographicallyPrecedes(folded) { low = mid + 1 } else { high = mid }
        }
        var seen = Set<Int>(), result: [Int] = []
        for (key, city) in pairs[low...] {
            guard key.starts(with: folded) else { break }
            if !excluded.contains(city), seen.insert(city).inserted { result.append(city) }
        }
        return result
    }
}
