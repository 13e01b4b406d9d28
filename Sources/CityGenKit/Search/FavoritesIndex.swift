import Foundation

/// `search/favorites.json`: the favorites in list order, as index entries, for the favorites-only filter (also
/// inlined in `index.html`, so the filter loads nothing).
public struct FavoritesIndex: Sendable, Equatable, Decodable {
    public var version = IndexManifest.formatVersion
    public var fields = IndexEntry.fields
    public var favorites: [IndexEntry]

    public init(favorites: [IndexEntry]) { self.favorites = favorites }

    public var json: String {
        "{\"version\":\(version),\"fields\":[" + fields.map(JSONText.quoted).joined(separator: ",") + "],"
            + "\"favorites\":[" + favorites.map(\.json).joined(separator: ",") + "]}\n"
    }

    /// Reads a favorites file, checking its version.
    public init(json data: Data, file: String) throws {
        self = try IndexManifest.decode(FavoritesIndex.self, from: data, file: file)
    }
}
