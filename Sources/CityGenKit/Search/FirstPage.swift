/// SPEC §7's first page of a query's results: what a client shows first, read from shard files (prefix index and word
/// index together) worth at most `budget` once it has a result to show, so that the manifest, those files and one file
/// of the top matches table stay within a first query's 80 KiB. The rest comes with the next page.
enum FirstPage {
    /// What a first page reads, at most, once it has a result: two prefix shards' bytes, in word shards (half a prefix
    /// shard's size at most), so that a run of word keys past its second file still fills the page.
    static let budget = SearchContract.current.firstBudget

    /// What reading the file of `route` costs of the budget.
    static func cost(_ route: Route) -> Int {
        if case .wordShard = route { SearchContract.current.wordShardCost } else { SearchContract.current.prefixShardCost }
    }
    /// Results a page shows.
    static let size = SearchContract.current.page

    /// The queries whose first page may stop before it has read all their matches: those whose run goes on past a
    /// shard's lower bound (the prefixes of the bounds, of either index), and those whose exact-name run (`name\tCC`)
    /// and name run lie in two shards (a name that a bound starts with before a tab or space, a space, then a prefix
    /// of one of its countries in `exact`). Folded, as queries are; a few more than stop, never fewer.
    static func mayStop(shardBounds: [String], wordBounds: [String], exact: [String: [String]]) -> Set<[UInt8]> {
        var queries = Set<[UInt8]>()
        func insertPrefixes(of key: [UInt8]) {
            guard !key.isEmpty else { return }
            // Where a query can end: at a character's end, never after a space (a folded query is trimmed).
            for end in 1...key.count where end == key.count || key[end] & 0xC0 != 0x80 {
                let query = key[..<end].map { $0 == SearchKey.separator ? 0x20 : $0 }
                if query.first != 0x20, query.last != 0x20 { queries.insert(query) }
            }
        }
        for bound in wordBounds { insertPrefixes(of: Array(bound.utf8)) }
        for bound in shardBounds {
            let key = Array(bound.utf8)
            insertPrefixes(of: key)
            for (offset, byte) in key.enumerated() where byte == 0x20 || byte == SearchKey.separator {
                let name = Array(key[..<offset])
                for country in exact[String(decoding: name, as: UTF8.self)] ?? [] {
                    insertPrefixes(of: name + [0x20] + Array(country.utf8))
                }
            }
        }
        return queries
    }
}
