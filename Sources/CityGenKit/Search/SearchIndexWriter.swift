/// Writes the sharded prefix index of SPEC §7 (format in README, "Search index").
///
/// Shards are consecutive runs of the SPEC order, each at most `shardSize` bytes of JSON; a run of equal keys
/// is never split, so a shard's first key is greater than everything before it. The manifest lists each
/// shard's first and last key and size, so a client finds the shard of any prefix by binary search, often
/// proves a prefix has no match without loading anything, and loads the shards it needs only.
public struct SearchIndexWriter: Sendable {
    public static let formatVersion = 1
    public static let defaultShardSize = 32 * 1024

    public let catalog: CityCatalog
    public let shardSize: Int

    public init(catalog: CityCatalog, shardSize: Int = SearchIndexWriter.defaultShardSize) {
        self.catalog = catalog
        self.shardSize = shardSize
    }

    /// One shard: which cities, and its JSON.
    public struct Shard: Sendable {
        public let range: Range<Int>
        public let json: String
    }

    static let shardPrefix = "{\"version\":\(formatVersion),\"entries\":["
    static let shardSuffix = "]}\n"

    /// The key of the city at `index`.
    func key(_ index: Int) -> [UInt8] {
        SearchKey.make(name: catalog.foldedNames[index], country: catalog.foldedCountries[index])
    }

    /// `[id,"name","country",lat,lon,"key"]`.
    func entry(_ index: Int) -> String {
        let entry = JSONText.entry(catalog.cities[index])
        return entry.dropLast() + "," + JSONText.quoted(String(decoding: key(index), as: UTF8.self)) + "]"
    }

    /// The shards in order. A run of equal keys larger than `shardSize` makes one larger shard.
    public func shards() -> [Shard] {
        let budget = shardSize - Self.shardPrefix.utf8.count - Self.shardSuffix.utf8.count
        var shards: [Shard] = []
        var start = 0
        var entries: [String] = []
        var bytes = 0
        var index = 0
        while index < catalog.count {
            // The run of cities with this key: they go into one shard together.
            let runKey = key(index)
            var end = index + 1
            while end < catalog.count, key(end) == runKey { end += 1 }
            let run = (index..<end).map(entry)
            let runBytes = run.reduce(0) { $0 + $1.utf8.count + 1 }
            if !entries.isEmpty, bytes + runBytes > budget {
                shards.append(Shard(range: start..<index, json: Self.shardPrefix + entries.joined(separator: ",") + Self.shardSuffix))
                start = index
                entries = []
                bytes = 0
            }
            entries += run
            bytes += runBytes
            index = end
        }
        if !entries.isEmpty || shards.isEmpty {
            shards.append(Shard(range: start..<catalog.count, json: Self.shardPrefix + entries.joined(separator: ",") + Self.shardSuffix))
        }
        return shards
    }

    /// The manifest for `shards`.
    public func manifest(_ shards: [Shard]) -> String {
        let countries = Set(catalog.foldedCountries).sorted { ByteString.compare($0, $1) < 0 }
        let rows = shards.map { shard -> String in
            guard !shard.range.isEmpty else { return "[\"\",\"\",0,\(shard.json.utf8.count)]" }
            let first = JSONText.quoted(String(decoding: key(shard.range.lowerBound), as: UTF8.self))
            let last = JSONText.quoted(String(decoding: key(shard.range.upperBound - 1), as: UTF8.self))
            return "[\(first),\(last),\(shard.range.count),\(shard.json.utf8.count)]"
        }
        return "{\"version\":\(Self.formatVersion),\"count\":\(catalog.count),"
            + "\"fields\":[\"id\",\"name\",\"country\",\"lat\",\"lon\",\"key\"],"
            + "\"countries\":[" + countries.map { JSONText.quoted(String(decoding: $0, as: UTF8.self)) }.joined(separator: ",") + "],"
            + "\"shards\":[" + rows.joined(separator: ",") + "]}\n"
    }

    /// The script twin of a JSON file, for pages opened from `file://`, where `fetch` of local files is
    /// blocked: `citygenIndex(<name>, <json>);`.
    public static func script(name: String, json: String) -> String {
        "citygenIndex(\(JSONText.quoted(name)),\(json.hasSuffix("\n") ? String(json.dropLast()) : json));\n"
    }
}
