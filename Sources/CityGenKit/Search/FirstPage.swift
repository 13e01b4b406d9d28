/// SPEC §7's first page of a query's results, read from shard files worth at most `budget` once it has a result
/// (docs/design.md, "The first page"), so that a first query stays within 80 KiB.
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

    /// The folded queries whose first page may stop before it has read all their matches: those whose run goes on
    /// past a shard's bound, and those whose exact-name run (`name\tCC`) and name run lie in two shards (per `exact`).
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
