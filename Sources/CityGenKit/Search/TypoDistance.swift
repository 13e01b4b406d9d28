/// SPEC §4c's typo distance: how far a folded query is from the closest prefix of a key, counting insertions,
/// deletions, substitutions and swaps of neighbours (optimal string alignment), by Unicode scalar. The browser's
/// `search.js` computes the same.
enum TypoDistance {
    /// The edits a query may need: 1, or 2 for a query of 8 characters or more.
    static func allowed(_ query: [Unicode.Scalar]) -> Int { query.count >= 8 ? 2 : 1 }

    /// The least distance between `query` and a prefix of `key`, when it is at most `limit`; nil otherwise.
    static func distance(_ query: [Unicode.Scalar], toPrefixOf key: [Unicode.Scalar], limit: Int) -> Int? {
        let n = query.count
        // Only prefixes of n - limit … n + limit characters can be close enough.
        let m = min(key.count, n + limit)
        guard m >= n - limit else { return nil }
        // Rows of the table: row i holds the distances of query[..<i] to every key[..<j].
        var before = [Int](repeating: 0, count: m + 1), previous = Array(0...m), current = [Int](repeating: 0, count: m + 1)
        for i in stride(from: 1, through: n, by: 1) {
            current[0] = i
            var best = i
            for j in stride(from: 1, through: m, by: 1) {
                var d = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (query[i - 1] == key[j - 1] ? 0 : 1))
                if i > 1, j > 1, query[i - 1] == key[j - 2], query[i - 2] == key[j - 1] { d = Swift.min(d, before[j - 2] + 1) }
                current[j] = d
                best = Swift.min(best, d)
            }
            if best > limit { return nil }  // every later row is at least this far
            (before, previous, current) = (previous, current, before)
        }
        let closest = previous[Swift.max(0, n - limit)...m].min()!
        return closest <= limit ? closest : nil
    }
}
