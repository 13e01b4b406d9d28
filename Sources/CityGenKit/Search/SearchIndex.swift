import Foundation

/// The one search core in Swift: reads a built `search/` folder the way the browser client does (the manifest
/// once, then only the shards that hold a query's matches) and answers SPEC §4. Used by `citygen search` and by
/// the tests of the index's bounds; the browser's `search.js` implements the same steps.
public final class SearchIndex {
    /// The built site's folder.
    public let site: URL
    private let layout: SiteLayout
    public let manifest: IndexManifest
    /// `manifest.shards` as UTF-8.
    private let bounds: [[UInt8]]
    private var loaded: [Int: [IndexEntry]] = [:]
    /// Shards read so far, in order: what a client would have downloaded.
    public private(set) var shardLoads: [Int] = []
    /// Bytes read so far, the manifest's included.
    public private(set) var bytesRead = 0

    /// Opens the index of the site built in `site`.
    public init(site: URL, layout: SiteLayout = SiteLayout()) throws {
        self.site = site
        self.layout = layout
        let url = site.appendingPathComponent(layout.path(.indexManifest(.json)))
        let data = try Self.read(url, what: "search index (citygen build makes one)")
        manifest = try IndexManifest(json: data, file: url.path)
        bounds = manifest.shards.map { Array($0.utf8) }
        bytesRead = data.count
    }

    /// The first `limit` matches of `query` in SPEC order. A query that folds to nothing gives the start of the
    /// list (SPEC §4).
    public func search(_ query: String, limit: Int = .max) throws -> [IndexEntry] {
        let query = SearchQuery(query, manifest: manifest)
        if query.listsAll { return try entries(from: 0, limit: limit) }
        var results: [IndexEntry] = []
        for prefix in query.prefixes where results.count < limit {
            try collect(prefix: prefix, into: &results, limit: limit)
        }
        return results
    }

    /// Favorites matching `query` (all of them when it folds to nothing), from `favorites.json`: no shard is read.
    public func favorites(matching query: String, limit: Int = .max) throws -> [IndexEntry] {
        let url = site.appendingPathComponent(layout.path(.indexFavorites))
        let data = try Self.read(url, what: "favorites index")
        bytesRead += data.count
        let all = try FavoritesIndex(json: data, file: url.path).favorites
        let folded = Array(Fold.fold(query).utf8)
        return Array(all.lazy.filter { SearchKey.spec(fromIndex: $0.key).starts(with: folded) }.prefix(limit))
    }

    /// Appends the run of entries whose key starts with `prefix`.
    private func collect(prefix: [UInt8], into results: inout [IndexEntry], limit: Int) throws {
        if prefix.first == SearchKey.separator {
            results += manifest.unnamed.lazy.filter { $0.key.starts(with: prefix) }.prefix(limit - results.count)
            return
        }
        // The last shard whose lower bound is not above the prefix holds the run's start, if there is a run.
        var shard = max(0, bounds.indices.partitionPoint { ByteString.compare(bounds[$0], prefix) <= 0 } - 1)
        var entries = try load(shard)
        var i = entries.indices.partitionPoint { ByteString.compare(entries[$0].key, prefix) < 0 }
        while results.count < limit {
            while i < entries.count, entries[i].key.starts(with: prefix) {
                guard results.count < limit else { return }
                results.append(entries[i])
                i += 1
            }
            if i < entries.count { return }  // the run ended inside this shard
            // The next shard can hold more of the run only if its lower bound starts with the prefix:
            // a bound above the prefix that does not start with it is above every key that does.
            shard += 1
            guard shard < bounds.count, bounds[shard].starts(with: prefix) else { return }
            entries = try load(shard)
            i = 0
        }
    }

    private func entries(from start: Int, limit: Int) throws -> [IndexEntry] {
        var results: [IndexEntry] = []
        var shard = start
        while shard < bounds.count, results.count < limit {
            results += try load(shard).prefix(limit - results.count)
            shard += 1
        }
        return results
    }

    private func load(_ shard: Int) throws -> [IndexEntry] {
        if let entries = loaded[shard] { return entries }
        let url = site.appendingPathComponent(layout.path(.indexShard(shard, .json)))
        let data = try Self.read(url, what: "search shard (rebuild the site)")
        let entries = try IndexShard(json: data, file: url.path).entries
        loaded[shard] = entries
        shardLoads.append(shard)
        bytesRead += data.count
        return entries
    }

    private static func read(_ url: URL, what: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CityGenError.missingInput(what: what, path: url.path, reason: nil)
        }
        return data
    }
}
