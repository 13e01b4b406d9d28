import Foundation

/// The one search core in Swift: reads a built `search/` folder the way the browser client does (the manifest
/// once, then only the shards that hold a query's matches) and answers SPEC §4, §4b, then §4c. Used by
/// `citygen search` and the tests; the browser's `search.js` implements the same steps.
public final class SearchIndex {
    /// The built site's folder.
    public let site: URL
    let layout: SiteLayout
    public let manifest: IndexManifest
    /// `manifest.shards` and `manifest.words` as UTF-8.
    private let bounds: [[UInt8]], wordBounds: [[UInt8]]
    private var loaded: [Route: [IndexEntry]] = [:]
    /// Every file decoded so far, with its size, shared by the copies of this index (`afresh`), each of which counts
    /// what it reads as a client would.
    private let decoded: DecodedFiles
    /// The manifest's size in bytes.
    private let manifestBytes: Int
    /// Prefix shards read so far, in order: what a client would have downloaded.
    public private(set) var shardLoads: [Int] = []
    /// Word shards read so far, in order.
    public private(set) var wordShardLoads: [Int] = []
    /// Files of the typo places read so far, in order.
    public private(set) var typoLoads: [Int] = []
    /// Files of the top matches table read so far, in order.
    public internal(set) var topLoads: [Int] = []
    /// Bytes read so far, the manifest's included.
    public internal(set) var bytesRead = 0
    /// While a first page is read (`firstPage`): the shard files it has read, and the results it has.
    private var page: (reads: Int, shown: Int)?
    /// The other-name matches read since `firstPage` began that the query spells whole and that carry a population.
    private var spelledWhole: [IndexEntry] = []

    /// Opens the index of the site built in `site`.
    public init(site: URL, layout: SiteLayout = SiteLayout()) throws {
        self.site = site
        self.layout = layout
        let url = site.appendingPathComponent(layout.path(.indexManifest(.json)))
        let data = try Self.read(url, what: "search index (citygen build makes one)")
        manifest = try IndexManifest(json: data, file: url.path)
        bounds = manifest.shards.map { Array($0.utf8) }
        wordBounds = manifest.words.map { Array($0.utf8) }
        bytesRead = data.count
        manifestBytes = data.count
        decoded = DecodedFiles()
    }

    private init(copying other: SearchIndex) {
        (site, layout, manifest, bounds, wordBounds) = (other.site, other.layout, other.manifest, other.bounds, other.wordBounds)
        (decoded, manifestBytes, bytesRead) = (other.decoded, other.manifestBytes, other.manifestBytes)
    }

    /// This index as a page that has just opened it sees it: the manifest read, no other file (decoded files are
    /// not decoded again, but counted again).
    public func afresh() -> SearchIndex { SearchIndex(copying: self) }

    /// The files decoded by an index and its copies.
    private final class DecodedFiles {
        var files: [Route: (entries: [IndexEntry], bytes: Int)] = [:]
    }

    /// The first `limit` matches of `query` (SPEC §4, §4b, §4c); a query that folds to nothing gives the list's start.
    public func search(_ query: String, limit: Int = .max) throws -> [IndexEntry] {
        try searchBlocks(query, limit: limit).map(\.entry)
    }

    /// Which part of SPEC §4's sequence a result is in.
    public enum Block: String, Sendable {
        /// A §4 match (and every result of a query that folds to nothing).
        case prefix
        /// A §4b word match.
        case word
        /// A §4c match of another name (`IndexEntry.otherName` says which).
        case other
        /// A §4c typo match: a key of the city starts within an edit or two of the query.
        case typo
    }

    /// `search(query, limit:)`, each result with its block.
    public func searchBlocks(_ query: String, limit: Int = .max) throws -> [(entry: IndexEntry, block: Block)] {
        try searchBlocks(query, limit: limit, beyondSpelling: true).results
    }

    /// SPEC §7's first page of `query`, as a client shows it (`FirstPage`); `complete` when every §4 and §4b match is
    /// among them; `spelledWhole`: the other-name matches read whose name the query spells whole, with a population.
    public func firstPage(_ query: String) throws -> (results: [(entry: IndexEntry, block: Block)], complete: Bool, spelledWhole: [IndexEntry]) {
        page = (0, 0)
        defer { page = nil }
        let (results, complete) = try searchBlocks(query, limit: FirstPage.size, beyondSpelling: true)
        return (results, complete, spelledWhole)
    }

    /// `searchBlocks(query, limit:)`, and whether every §4 and §4b match is among them; without §4c's other-name and
    /// typo matches unless `beyondSpelling`.
    private func searchBlocks(
        _ query: String, limit: Int, beyondSpelling: Bool
    ) throws -> (results: [(entry: IndexEntry, block: Block)], complete: Bool) {
        let query = SearchQuery(query, manifest: manifest)
        spelledWhole = []
        if query.listsAll { return (try entries(from: 0, limit: limit).map { ($0, .prefix) }, false) }
        // Whether a query has typo matches depends on how many others it has, whatever the limit.
        let wanted = beyondSpelling ? max(limit, Self.typoThreshold) : limit
        var results: [IndexEntry] = []
        var end = RunEnd.ended
        for prefix in query.prefixes where results.count < wanted && end != .stopped {
            end = try collect(prefix: prefix, into: &results, limit: wanted)
        }
        var blocks = results.map { ($0, Block.prefix) }
        var complete = false
        if results.count < wanted, end != .stopped {
            end = try collectWordMatches(query.folded, into: &blocks, limit: wanted, otherNames: beyondSpelling)
            complete = end == .ended
        }
        if beyondSpelling, end != .stopped, blocks.count < Self.typoThreshold {
            blocks += try typoMatches(query.folded, listed: Set(blocks.map(\.0.id))).map { ($0, .typo) }
        }
        return (Array(blocks.prefix(limit)), complete)
    }

    /// How the walk of a run ended.
    private enum RunEnd {
        /// At the run's end.
        case ended
        /// With enough results.
        case full
        /// Before a shard file that a first page may not read.
        case stopped
    }

    /// A query with fewer matches than this (SPEC §4, §4b and §4c's other names) goes on with its typo matches.
    static let typoThreshold = SearchContract.current.typoThreshold

    /// SPEC §4c's typo matches of the folded query among the typo places, but those `listed`: cities with a key of
    /// which a prefix is within `TypoDistance.allowed` edits of it.
    private func typoMatches(_ folded: [UInt8], listed: Set<Int>) throws -> [IndexEntry] {
        let query = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        guard let typos = manifest.typos, typos.mayMatch(query) else { return [] }
        let buckets = typos.bucketFiles(query)
        let limit = TypoDistance.allowed(query)
        var found: [(distance: Int, prefix: Int, entry: IndexEntry)] = [], seen = listed
        for n in buckets ?? Array(0..<typos.files) {
            // A place may be in both buckets a query reads.
            for entry in try load(.typoShard(n, .json)) where seen.insert(entry.id).inserted {
                // The name of a key is the key without its country, if it has one.
                let tab = entry.key.firstIndex(of: SearchKey.separator)
                let country = tab.map { String(decoding: entry.key[($0 + 1)...], as: UTF8.self).unicodeScalars.count } ?? 0
                let keys = [Array(SearchKey.spec(fromIndex: entry.key))] + WordKeys.keys(indexKey: entry.key)
                let closest = keys.lazy.compactMap { key -> (distance: Int, whole: Bool)? in
                    let key = Array(String(decoding: key, as: UTF8.self).unicodeScalars)
                    return TypoDistance.closeness(query, toPrefixOf: key, limit: limit, whole: country > 0 ? key.count - country - 1 : key.count)
                }.min { ($0.distance, $0.whole ? 0 : 1) < ($1.distance, $1.whole ? 0 : 1) }
                if let closest { found.append((closest.distance, closest.whole ? 0 : 1, entry)) }
            }
        }
        // SPEC §4c: closest, a name spelled whole before one begun, largest, then §3 (the key, the name, the id).
        return found.sorted {
            let (a, b) = (($0.distance, $0.prefix, -($0.entry.population ?? 0)), ($1.distance, $1.prefix, -($1.entry.population ?? 0)))
            return a != b ? a < b : $0.entry.precedes($1.entry)
        }.map(\.entry)
    }

    /// Appends the word matches of `folded` (SPEC §4b) that `results` lack, then (with `otherNames`) its other-name
    /// matches (§4c): each city once, from the one run of the word index, where other names wait for its end.
    private func collectWordMatches(
        _ folded: [UInt8], into results: inout [(IndexEntry, Block)], limit: Int, otherNames: Bool
    ) throws -> RunEnd {
        var seen = Set(results.map(\.0.id))
        var others: [IndexEntry] = []
        let end = try walkRun(folded, bounds: wordBounds, shard: { .wordShard($0, .json) }) { entry in
            if let otherName = entry.otherName {
                if otherNames { others.append(entry) }
                if entry.population != nil, entry.key == folded || Array(Fold.fold(otherName).utf8) == folded { spelledWhole.append(entry) }
            } else if seen.insert(entry.id).inserted {
                results.append((entry, .word))
                page?.shown = results.count
            }
            return results.count < limit
        }
        guard end == .ended else { return end }
        for entry in others where results.count < limit && seen.insert(entry.id).inserted { results.append((entry, .other)) }
        return end
    }

    /// Appends the run of entries whose key starts with `prefix`; says how its walk ended.
    private func collect(prefix: [UInt8], into results: inout [IndexEntry], limit: Int) throws -> RunEnd {
        if prefix.first == SearchKey.separator {
            results += manifest.unnamed.lazy.filter { $0.key.starts(with: prefix) }.prefix(limit - results.count)
            page?.shown = results.count
            return results.count < limit ? .ended : .full
        }
        return try walkRun(prefix, bounds: bounds, shard: { .indexShard($0, .json) }) { entry in
            results.append(entry)
            page?.shown = results.count
            return results.count < limit
        }
    }

    /// Whether the search may read the file of `route` now: not in a first page with a result whose reads would pass
    /// `FirstPage.budget`. Counts the read.
    private func mayRead(_ route: Route) -> Bool {
        guard var page, loaded[route] == nil else { return true }
        if page.shown > 0, page.reads + FirstPage.cost(route) > FirstPage.budget { return false }
        page.reads += FirstPage.cost(route)
        self.page = page
        return true
    }

    /// Hands `take` the entries whose key starts with `prefix`, in order, from the shards with these lower `bounds`,
    /// while it returns true, reading a shard only when the run goes on into it.
    private func walkRun(_ prefix: [UInt8], bounds: [[UInt8]], shard route: (Int) -> Route, take: (IndexEntry) -> Bool) throws -> RunEnd {
        guard !bounds.isEmpty else { return .ended }
        // The last shard whose bound is not above the prefix holds the run's start; of equal bounds, the first.
        var shard = max(0, bounds.indices.partitionPoint { ByteString.compare(bounds[$0], prefix) <= 0 } - 1)
        while shard > 0, bounds[shard] == prefix, bounds[shard - 1] == prefix { shard -= 1 }
        guard mayRead(route(shard)) else { return .stopped }
        var entries = try load(route(shard))
        var i = entries.indices.partitionPoint { ByteString.compare(entries[$0].key, prefix) < 0 }
        while true {
            while i < entries.count, entries[i].key.starts(with: prefix) {
                guard take(entries[i]) else { return .full }
                i += 1
            }
            if i < entries.count { return .ended }  // the run ended inside this shard
            // A bound above the prefix that does not start with it is above every key that does.
            shard += 1
            guard shard < bounds.count, bounds[shard].starts(with: prefix) else { return .ended }
            guard mayRead(route(shard)) else { return .stopped }
            entries = try load(route(shard))
            i = 0
        }
    }

    private func entries(from start: Int, limit: Int) throws -> [IndexEntry] {
        var results: [IndexEntry] = []
        var shard = start
        while shard < bounds.count, results.count < limit {
            results += try load(.indexShard(shard, .json)).prefix(limit - results.count)
            shard += 1
        }
        return results
    }

    /// A prefix, word or typo shard's entries, read once.
    private func load(_ route: Route) throws -> [IndexEntry] {
        if let entries = loaded[route] { return entries }
        let file: (entries: [IndexEntry], bytes: Int)
        if let known = decoded.files[route] {
            file = known
        } else {
            let url = site.appendingPathComponent(layout.path(route))
            let data = try Self.read(url, what: "search shard (rebuild the site)")
            file = (try IndexShard(json: data, file: url.path).entries, data.count)
            decoded.files[route] = file
        }
        let entries = file.entries
        loaded[route] = entries
        switch route {
        case .indexShard(let n, _): shardLoads.append(n)
        case .wordShard(let n, _): wordShardLoads.append(n)
        case .typoShard(let n, _): typoLoads.append(n)
        default: break
        }
        bytesRead += file.bytes
        return entries
    }

    static func read(_ url: URL, what: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CityGenError.missingInput(what: what, path: url.path, reason: nil)
        }
        return data
    }
}
