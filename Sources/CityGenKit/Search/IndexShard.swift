import Foundation

/// `search/shards/<n>.json`: a consecutive run of the index's entries in SPEC §3 order.
public struct IndexShard: Sendable, Equatable, Decodable {
    public var version = IndexManifest.formatVersion
    public var entries: [IndexEntry]

    public init(entries: [IndexEntry]) { self.entries = entries }

    /// The bytes of JSON that a shard with no entries takes; the writer's budget counts the rest.
    static let framingBytes = IndexShard(entries: []).json.utf8.count

    /// `{"version":1,"entries":[…]}` and a newline.
    public var json: String { String(decoding: Self.json(rows: entries.indices) { entries[$0].appendJSON(to: &$1) }, as: UTF8.self) }

    /// The JSON of a shard of `rows`, each appended by `appendRow` (a row, and the shard so far).
    static func json(rows: Range<Int>, _ appendRow: (Int, inout [UInt8]) -> Void) -> [UInt8] {
        var json = Array("{\"version\":\(IndexManifest.formatVersion),\"entries\":[".utf8)
        json.reserveCapacity(BuildOptions.Defaults.shardSize + 64)
        for row in rows {
            if row != rows.lowerBound { json.append(UInt8(ascii: ",")) }
            appendRow(row, &json)
        }
        json += "]}\n".utf8
        return json
    }

    /// Reads a shard file, checking its version.
    public init(json data: Data, file: String) throws {
        self = try IndexManifest.decode(IndexShard.self, from: data, file: file)
    }
}

/// `search/top/<n>.json`: a run of the top matches table (SPEC §4c), each row a query and its top matches.
public struct TopShard: Sendable, Decodable {
    public struct Row: Sendable, Decodable {
        public let query: String
        public let entries: [IndexEntry]

        public init(from decoder: Decoder) throws {
            var row = try decoder.unkeyedContainer()
            query = try row.decode(String.self)
            entries = try row.decode([IndexEntry].self)
        }
    }

    public var version: Int
    public var top: [Row]

    /// The bytes of JSON that a file with no rows takes.
    static let framingBytes = "{\"version\":\(IndexManifest.formatVersion),\"top\":[]}\n".utf8.count

    /// Reads a top matches file, checking its version.
    public init(json data: Data, file: String) throws {
        self = try IndexManifest.decode(TopShard.self, from: data, file: file)
    }
}
