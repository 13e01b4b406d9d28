/// SPEC §4c's typo distance: how far a folded query is from the closest prefix of a key (optimal string alignment,
/// by Unicode scalar), as `search.js` computes it; an edit of the first character costs 2, as Meilisearch counts it.
enum TypoDistance {
    /// The edits a query may need: 1, or 2 for a query of 8 characters or more (`SearchContract`).
    static func allowed(_ query: [Unicode.Scalar]) -> Int { SearchContract.current.edits(forQueryOf: query.count) }

    /// The least distance between `query` and a prefix of `key`, when it is at most `limit`; nil otherwise.
    static func distance(_ query: [Unicode.Scalar], toPrefixOf key: [Unicode.Scalar], limit: Int) -> Int? {
        closeness(query, toPrefixOf: key, limit: limit, whole: key.count)?.distance
    }

    /// `distance`, and whether the first `whole` characters of the key (the name without its country) are as close:
    /// of two keys as close, the one the query spells whole comes first (`kuskh` means Kushk before Kushiro).
    static func closeness(_ query: [Unicode.Scalar], toPrefixOf key: [Unicode.Scalar], limit: Int, whole: Int) -> (distance: Int, whole: Bool)? {
        let n = query.count
        // Only prefixes of n - limit … n + limit characters can be close enough.
        let m = min(key.count, n + limit)
        guard m >= n - limit else { return nil }
        // Rows of the table: row i holds the distances of query[..<i] to every key[..<j].
        // An edit at the first position of either costs `first`.
        let first = SearchContract.current.firstCharacterCost
        var before = [Int](repeating: 0, count: m + 1), previous = (0...m).map { $0 == 0 ? 0 : $0 - 1 + first }
        var current = [Int](repeating: 0, count: m + 1)
        for i in stride(from: 1, through: n, by: 1) {
            current[0] = i - 1 + first
            var best = current[0]
            for j in stride(from: 1, through: m, by: 1) {
                let edit = i == 1 || j == 1 ? first : 1
                var d = Swift.min(
                    previous[j] + (i == 1 ? first : 1), current[j - 1] + (j == 1 ? first : 1),
                    previous[j - 1] + (query[i - 1] == key[j - 1] ? 0 : edit))
                if i > 1, j > 1, query[i - 1] == key[j - 2], query[i - 2] == key[j - 1] {
                    d = Swift.min(d, before[j - 2] + (i == 2 || j == 2 ? first : 1))
                }
                current[j] = d
                best = Swift.min(best, d)
            }
            if best > limit { return nil }  // every later row is at least this far
            (before, previous, current) = (previous, current, before)
        }
        let closest = previous[Swift.max(0, n - limit)...m].min()!
        guard closest <= limit else { return nil }
        return (closest, (n - limit...m).contains(whole) && previous[whole] == closest)
    }
}
