import Foundation

/// The raw bytes of a source, where they really came from, and anything the user should know about that.
public struct LoadedSource: Sendable {
    /// Where the bytes were read from.
    public enum Kind: String, Sendable, Codable {
        case file, download, cache, bundled
    }

    public var data: Data
    /// What was read: the URL, the path, the cached copy or the bundled snapshot.
    public let origin: String
    public let warnings: [String]
    public var kind: Kind = .file
    /// When a download or cached copy was fetched from the server.
    public var fetchedAt: Date?
}
