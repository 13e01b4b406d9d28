/// The numbers that `citygen search` and the browser's script both search by (SPEC §4c, §7), written here once and
/// into the manifest (`contract`), which is where the script reads them.
public struct SearchContract: Sendable, Equatable, Codable {
    /// Results a page shows.
    public var page = 50
    /// What a first page reads, at most, once it has a result (`FirstPage`): two prefix shards' worth.
    public var firstBudget = 4
    /// What a prefix shard costs of `firstBudget`.
    public var prefixShardCost = 2
    /// What a word shard, half a prefix shard's size at most, costs of it.
    public var wordShardCost = 1
    /// Top matches a query shows.
    public var top = 5
    /// A query with at most this many §4 and §4b matches ranks its top matches from its first page.
    public var topLocal = 50
    /// A query with fewer matches than this looks for typo matches.
    public var typoThreshold = 5
    /// The edits a query may need: `typoEdits`, or `longTypoEdits` from `longQuery` characters on.
    public var typoEdits = 1
    public var longTypoEdits = 2
    public var longQuery = 8
    /// What an edit of the first character costs: people rarely get it wrong.
    public var firstCharacterCost = 2
    /// A folded query of this many characters or more reads its typo buckets; a shorter one the largest places.
    public var bucketQuery = 5

    /// The numbers this citygen searches by.
    public static let current = SearchContract()

    /// The edits a folded query of `count` characters may need.
    func edits(forQueryOf count: Int) -> Int { count >= longQuery ? longTypoEdits : typoEdits }

    /// The contract as the manifest holds it, its keys in declaration order.
    var json: String {
        let pairs: [(String, Int)] = [
            ("page", page), ("firstBudget", firstBudget), ("prefixShardCost", prefixShardCost), ("wordShardCost", wordShardCost),
            ("top", top), ("topLocal", topLocal), ("typoThreshold", typoThreshold), ("typoEdits", typoEdits),
            ("longTypoEdits", longTypoEdits), ("longQuery", longQuery), ("firstCharacterCost", firstCharacterCost),
            ("bucketQuery", bucketQuery),
        ]
        return "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
