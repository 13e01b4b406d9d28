import Foundation

/// Reads a built `search/` folder the way the browser client does: the manifest once, then only the shards
/// that hold a query's matches. Used by `citygen search` and by the tests of the index's bounds.
public final class SearchIndex {
    /// One result row: what a result shows, and its key.
    public struct Entry: Sendable, Equatable {
        public let id: Int
        public let name: String
        public let country: String
        public let latitude: Double
        public let longitude: Double
        /// `fold(name) + "\t" + fold(country)`.
        public let key: [UInt8]

        /// `Name, CC`, or the name alone when the country is empty.
        public var label: String { country.isEmpty ? name : "\(name), \(country)" }

        /// SPEC §4's search key: `fold(name) + " " + fold(country)`, trimmed.
        var searchKey: [UInt8] {
            let text = String(decoding: key, as: UTF8.self).replacingOccurrences(of: "\t", with: " ")
            return Array(text.trimmingCharacters(in: .whitespaces).utf8)
        }
    }

    public let folder: URL
    /// Each shard's lower bound: every key in shard n is ≥ bounds[n] and < bounds[n + 1].
    let bounds: [[UInt8]]
    let countries: Set<[UInt8]>
    /// The cities whose name folds to nothing, which the manifest lists so that no shard is read for them.
    let unnamed: [Entry]
    public let manifestBytes: Int
    private var loaded: [Int: [Entry]] = [:]
    /// Shards read so far, in order, and their bytes: what a client would have downloaded.
    public private(set) var shardLoads: [Int] = []
    public private(set) var bytesRead = 0

    /// Opens the index in `folder` (the site's `search/`).
    public init(folder: URL) throws {
        self.folder = folder
        let url = folder.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MissingInputError("no search index at \(folder.path) (build the site first: citygen build)")
        }
        guard let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = manifest["version"] as? Int, let rows = manifest["shards"] as? [String],
            let countries = manifest["countries"] as? [String]
        else { throw InvalidDataError("\(url.path) is not a citygen search manifest") }
        guard version == SearchIndexWriter.formatVersion else {
            throw InvalidDataError("\(url.path) has index format \(version); this citygen reads \(SearchIndexWriter.formatVersion)")
        }
        self.bounds = rows.map { Array($0.utf8) }
        self.countries = Set(countries.map { Array($0.utf8) })
        self.unnamed = try Self.parseEntries(data, key: "unnamed", file: url.path)
        self.manifestBytes = data.count
        self.bytesRead = data.count
    }

    public var shardCount: Int { bounds.count }

    /// The first `limit` matches of `query` in SPEC order. A query that is empty or only white space gives the
    /// start of the list (as the search box does); one that folds to nothing otherwise matches nothing.
    public func search(_ query: String, limit: Int = .max) throws -> [Entry] {
        if query.allSatisfy(\.isWhitespace) { return try entries(from: 0, limit: limit) }
        var results: [Entry] = []
        for prefix in SearchQuery(query, countries: countries).prefixes {
            try collect(prefix: prefix, into: &results, limit: limit)
            if results.count >= limit { break }
        }
        return results
    }

    /// Favorites matching `query` (all of them for an empty query), from `favorites.json`: no shard is read.
    public func favorites(matching query: String, limit: Int = .max) throws -> [Entry] {
        let url = folder.appendingPathComponent("favorites.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MissingInputError("no favorites file at \(url.path)")
        }
        bytesRead += data.count
        let all = try Self.parseEntries(data, key: "favorites", file: url.path)
        if query.allSatisfy(\.isWhitespace) { return Array(all.prefix(limit)) }
        let folded = Array(Fold.fold(query).utf8)
        guard !folded.isEmpty else { return [] }
        return Array(all.lazy.filter { $0.searchKey.starts(with: folded) }.prefix(limit))
    }

    /// Appends the run of entries whose key starts with `prefix`.
    private func collect(prefix: [UInt8], into results: inout [Entry], limit: Int) throws {
        if prefix.first == SearchKey.separator {
            results += unnamed.lazy.filter { $0.key.starts(with: prefix) }.prefix(limit - results.count)
            return
        }
        // The last shard whose lower bound is not above the prefix holds the run's start, if there is a run.
        var low = 0, high = bounds.count
        while low < high {
            let mid = (low + high) / 2
            if ByteString.compare(bounds[mid], prefix) <= 0 { low = mid + 1 } else { high = mid }
        }
        var shard = max(0, low - 1)
        var start = true
        while shard < bounds.count, results.count < limit {
            let entries = try load(shard)
            var i = 0
            if start {
                var j = entries.count
                while i < j {
                    let mid = (i + j) / 2
                    if ByteString.compare(entries[mid].key, prefix) < 0 { i = mid + 1 } else { j = mid }
                }
                start = false
            }
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
        }
    }

    private func entries(from start: Int, limit: Int) throws -> [Entry] {
        var results: [Entry] = []
        var shard = start
        while shard < bounds.count, results.count < limit {
            results += try load(shard).prefix(limit - results.count)
            shard += 1
        }
        return results
    }

    private func load(_ shard: Int) throws -> [Entry] {
        if let entries = loaded[shard] { return entries }
        let url = folder.appendingPathComponent("shards/\(shard).json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MissingInputError("search shard \(url.path) is missing (rebuild the site)")
        }
        let entries = try Self.parseEntries(data, key: "entries", file: url.path)
        loaded[shard] = entries
        shardLoads.append(shard)
        bytesRead += data.count
        return entries
    }

    static func parseEntries(_ data: Data, key: String, file: String) throws -> [Entry] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rows = object[key] as? [[Any]]
        else { throw InvalidDataError("\(file) is not a citygen index file") }
        return try rows.map { row in
            guard row.count == 6, let id = row[0] as? Int, let name = row[1] as? String, let country = row[2] as? String,
                let lat = (row[3] as? NSNumber)?.doubleValue, let lon = (row[4] as? NSNumber)?.doubleValue,
                let key = row[5] as? String
            else { throw InvalidDataError("\(file): an entry is malformed") }
            return Entry(id: id, name: name, country: country, latitude: lat, longitude: lon, key: Array(key.utf8))
        }
    }
}
