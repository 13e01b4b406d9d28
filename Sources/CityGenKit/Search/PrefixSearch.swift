/// Prefix search over a `CityCatalog` (SPEC §4), by binary search: O(k log n) for a query with k words.
///
/// A query matches when `fold(query)` is a prefix of `fold(name) + " " + fold(country)`. Those cities are not
/// always one run of the SPEC §3 order: `a z` matches `a, ZZ` and `a z, US` but not `a b, US` between them.
/// So the matches are the run of names that start with the query, preceded, for each space in the query,
/// by the run of cities whose name is exactly the words before that space and whose country starts with the
/// rest, and first of all by the cities whose name folds to nothing (`-`), whose key is their country alone.
/// Each run is found by binary search, and the runs are already in SPEC §3 order one after another.
extension CityCatalog {
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
        let start = partitionPoint { ByteString.compare(foldedNames[$0], prefixArray) < 0 }
        let end = partitionPoint(from: start) { ByteString.hasPrefix(foldedNames[$0], prefix) }
        return start..<end
    }

    /// The run of cities whose folded name is `name` and whose folded country starts with `countryPrefix`.
    func exactNameRange(_ name: [UInt8], countryPrefix: ArraySlice<UInt8>) -> Range<Int> {
        let country = Array(countryPrefix)
        let start = partitionPoint { i in
            let byName = ByteString.compare(foldedNames[i], name)
            return byName < 0 || (byName == 0 && ByteString.compare(foldedCountries[i], country) < 0)
        }
        let end = partitionPoint(from: start) { i in
            foldedNames[i] == name && ByteString.hasPrefix(foldedCountries[i], countryPrefix)
        }
        return start..<end
    }

    /// The first index from `start` where `predicate` turns false; `predicate` must be true then false.
    private func partitionPoint(from start: Int = 0, _ predicate: (Int) -> Bool) -> Int {
        var low = start, high = cities.count
        while low < high {
            let mid = low + (high - low) / 2
            if predicate(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
