import Foundation

/// `search/shards/<n>.json`: a consecutive run of the index's entries in SPEC §3 order.
public struct IndexShard: Sendable, Equatable, Codable {
    public var version = IndexManifest.formatVersion
    public var entries: [IndexEntry]

    public init(entries: [IndexEntry]) { self.entries = entries }

    /// The bytes of JSON that a shard with no entries takes; the writer's budget counts the rest.
    static let framingBytes = IndexShard(entries: []).json.utf8.count

    /// `{"version":1,"entries":[…]}` and a newline.
    public var json: String { Self.json(entries: entries.map(\.json)) }

    /// The JSON of a shard whose entries are already encoded.
    static func json(entries: [String]) -> String {
        "{\"version\":\(IndexManifest.formatVersion),\"entries\":[" + entries.joined(separator: ",") + "]}\n"
    }

    /// Reads a shard file, checking its version.
    public init(json data: Data, file: String) throws {
        self = try IndexManifest.decode(IndexShard.self, from: data, file: file)
    }
}
