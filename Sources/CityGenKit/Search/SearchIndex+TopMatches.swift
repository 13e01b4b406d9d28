import Foundation

/// SPEC §4c's top matches and the favorites filter, from the built index as a client reads them.
extension SearchIndex {
    /// SPEC §4c's top matches of `query` (none without places or for a query that folds to nothing): from its first
    /// page for a query with few matches, else from its row of the top matches table.
    public func topMatches(_ query: String) throws -> [IndexEntry] {
        try topMatches(query, of: firstPage(query))
    }

    /// The top matches of `query` from its first `page` (`firstPage`), as a client finds them once it has read it:
    /// the page's files are not read again.
    public func topMatches(
        _ query: String, of page: (results: [(entry: IndexEntry, block: Block)], complete: Bool, spelledWhole: [IndexEntry])
    ) throws -> [IndexEntry] {
        let folded = SearchQuery(query).folded
        guard let bounds = manifest.top, !folded.isEmpty else { return [] }
        let exact = page.results.filter { $0.block == .prefix || $0.block == .word }.map(\.entry)
        if !page.complete, !bounds.isEmpty {
            let key = String(decoding: folded, as: UTF8.self)
            let n = max(0, bounds.indices.partitionPoint { ByteString.compare(Array(bounds[$0].utf8), folded) <= 0 } - 1)
            let url = site.appendingPathComponent(layout.path(.topShard(n, .json)))
            let data = try Self.read(url, what: "top matches (rebuild the site)")
            bytesRead += data.count
            topLoads.append(n)
            if let row = try TopShard(json: data, file: url.path).top.first(where: { $0.query == key }) { return row.entries }
        }
        return Self.ranked(exact.prefix(TopMatches.localLimit) + page.spelledWhole)
    }

    /// The entries with a population, largest first, then in §3 order; at most `TopMatches.limit`, each city once.
    static func ranked(_ entries: some Sequence<IndexEntry>) -> [IndexEntry] {
        var seen = Set<Int>()
        // Each with its folded name and country, folded once: §3's order after the population.
        let populated = entries.filter { $0.population != nil && seen.insert($0.id).inserted }
            .map { ($0, Array(Fold.fold($0.name).utf8), Array(Fold.fold($0.country).utf8)) }
        return populated.sorted { x, y in
            let (a, b) = (x.0, y.0)
            if a.population != b.population { return a.population! > b.population! }
            if x.1 != y.1 { return ByteString.compare(x.1, y.1) < 0 }
            if x.2 != y.2 { return ByteString.compare(x.2, y.2) < 0 }
            if a.name != b.name { return a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars) }
            return a.id < b.id
        }.prefix(TopMatches.limit).map(\.0)
    }

    /// Favorites matching `query` (all of them when it folds to nothing), prefix matches then word matches.
    public func favorites(matching query: String, limit: Int = .max) throws -> [IndexEntry] {
        let url = site.appendingPathComponent(layout.path(.indexFavorites))
        let data = try Self.read(url, what: "favorites index")
        bytesRead += data.count
        let all = try FavoritesIndex(json: data, file: url.path).favorites
        let folded = Array(Fold.fold(query).utf8)
        let prefix = all.filter { SearchKey.spec(fromIndex: $0.key).starts(with: folded) }
        guard !folded.isEmpty else { return Array(prefix.prefix(limit)) }
        let words = all.enumerated().compactMap { position, entry -> (key: [UInt8], position: Int, entry: IndexEntry)? in
            guard !SearchKey.spec(fromIndex: entry.key).starts(with: folded) else { return nil }
            return WordKeys.keys(indexKey: entry.key).filter { $0.starts(with: folded) }.min { ByteString.compare($0, $1) < 0 }
                .map { ($0, position, entry) }
        }.sorted { ByteString.compare($0.key, $1.key) < 0 || ($0.key == $1.key && $0.position < $1.position) }
        return Array((prefix + words.map(\.entry)).prefix(limit))
    }
}
