import Foundation

/// The local copy of downloaded sources: one folder per URL with the body and its metadata (docs/formats.md,
/// "The caches"), both replaced atomically, and only by a complete download that passed its check.
public struct SourceCache: Sendable {
    /// What is known about a cached body.
    public struct Entry: Codable, Sendable, Equatable {
        public var url: String
        public var etag: String?
        public var lastModified: String?
        /// When the body was last confirmed by the server (a download or a 304).
        public var fetchedAt: Date
        public var size: Int
        /// Hex SHA-256 of the body.
        public var sha256: String
    }

    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// `$XDG_CACHE_HOME/citygen`, or `~/.cache/citygen`.
    public static var defaultFolder: URL {
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("citygen")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/citygen")
    }

    func entryFolder(for url: URL) -> URL {
        folder.appendingPathComponent(String(SHA256Digest.hex(of: Data(url.absoluteString.utf8)).prefix(16)))
    }

    /// Where the body for `url` is kept (whether or not it is there).
    func body(for url: URL) -> URL { entryFolder(for: url).appendingPathComponent("body") }

    /// The cached body and metadata for `url`, when both are there and the body has the size recorded (its
    /// checksum is not read again: a body may be a 1.6 GB table).
    public func lookup(_ url: URL) -> (entry: Entry, body: URL)? {
        let entryFolder = entryFolder(for: url)
        let body = self.body(for: url)
        guard let metadata = FileManager.default.contents(atPath: entryFolder.appendingPathComponent("meta.json").path),
            let entry = try? Self.decoder.decode(Entry.self, from: metadata), entry.url == url.absoluteString,
            let attributes = try? FileManager.default.attributesOfItem(atPath: body.path),
            (attributes[.size] as? NSNumber)?.intValue == entry.size
        else { return nil }
        return (entry, body)
    }

    /// Moves `download` (a verified body) into the cache for `url`, with its metadata.
    @discardableResult
    public func store(_ download: URL, for url: URL, etag: String?, lastModified: String?, at date: Date) throws -> Entry {
        let entryFolder = entryFolder(for: url)
        try FileManager.default.createDirectory(at: entryFolder, withIntermediateDirectories: true)
        let (size, sha256) = try Self.digest(of: download)
        // Whole seconds, as the ISO 8601 metadata keeps them: the entry returned is the entry stored.
        let entry = Entry(url: url.absoluteString, etag: etag, lastModified: lastModified,
            fetchedAt: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), size: size, sha256: sha256)
        // Metadata last: a body without matching metadata is never used (its size or URL would not match).
        guard rename(download.path, body(for: url).path) == 0 else {
            throw CityGenError.writeFailed(path: entryFolder.path, reason: String(cString: strerror(errno)))
        }
        try write(entry, to: entryFolder)
        return entry
    }

    /// Records that the server confirmed the cached body (a 304) at `date`.
    public func touch(_ entry: Entry, for url: URL, at date: Date) throws {
        var entry = entry
        entry.fetchedAt = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        try write(entry, to: entryFolder(for: url))
    }

    private func write(_ entry: Entry, to entryFolder: URL) throws {
        let temporary = entryFolder.appendingPathComponent(".meta.json.tmp")
        try Self.encoder.encode(entry).write(to: temporary)
        guard rename(temporary.path, entryFolder.appendingPathComponent("meta.json").path) == 0 else {
            throw CityGenError.writeFailed(path: entryFolder.path, reason: String(cString: strerror(errno)))
        }
    }

    /// The size and hex SHA-256 of `file`, read a buffer at a time: a body may be a 1.6 GB GeoNames table.
    private static func digest(of file: URL) throws -> (size: Int, sha256: String) {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let digest = SHA256Digest()
        var size = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            digest.update(bytes: chunk)
            size += chunk.count
        }
        return (size, digest.finalizeHex())
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
