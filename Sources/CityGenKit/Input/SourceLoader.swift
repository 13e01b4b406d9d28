import Foundation

/// Reads a `CitySource` (SPEC §1); a URL through the cache (docs/design.md, "Load"). When the network fails: the
/// cached copy, then the bundled snapshot, each with a warning; with `allowsFallback` off, `sourceUnavailable`.
public struct SourceLoader: Sendable {
    /// The defaults, for the help texts and `citygen init`.
    public enum Defaults {
        /// Hours a cached copy is used without asking the server.
        public static let maximumAgeHours = 24
    }

    public var cache: SourceCache
    /// A cached copy younger than this is used without asking the server.
    public var maximumAge = TimeInterval(Defaults.maximumAgeHours * 3600)
    /// Download even when the cached copy is fresh (unconditionally).
    public var refresh = false
    /// Never touch the network: the cache, then the bundled snapshot.
    public var offline = false
    public var allowsFallback = true
    public var downloader = Downloader()

    public init(cache: SourceCache = SourceCache(folder: SourceCache.defaultFolder)) {
        self.cache = cache
    }

    public func load(
        _ source: CitySource, log: @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws -> LoadedSource {
        switch source {
        case .file(let path):
            return LoadedSource(data: try Self.read(path: path), origin: path, warnings: [], kind: .file)
        case .remote(let url):
            return try await loadRemote(url, log: log, progress: progress)
        }
    }

    private func loadRemote(
        _ url: URL, log: @Sendable (String) -> Void, progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws -> LoadedSource {
        // The check reads the download anyway: a good one is used as read, not read again.
        var downloaded: Data?
        let outcome = try await read(url, invalidity: { file in
            let data = try Self.read(path: file.path)
            let invalid = Self.invalidity(of: data)
            if invalid == nil { downloaded = data }
            return invalid
        }, log: log, progress: progress)
        switch outcome {
        case .file(let cached):
            let data = try (cached.kind == .download ? downloaded : nil) ?? Self.read(path: cached.file.path)
            if cached.isTemporary { try? FileManager.default.removeItem(at: cached.file) }
            return LoadedSource(data: data, origin: cached.origin, warnings: cached.warnings, kind: cached.kind, fetchedAt: cached.fetchedAt)
        case .unavailable(let problem):
            let snapshot = try Self.bundledSnapshot()
            return LoadedSource(
                data: try Self.read(path: snapshot.path), origin: "bundled snapshot (\(snapshot.lastPathComponent))",
                warnings: [
                    "could not download \(url.absoluteString) (\(problem)); "
                        + "using the snapshot bundled with citygen, which may be older"
                ], kind: .bundled)
        }
    }

    /// Why a downloaded body cannot be the city list (truncated, an HTML error page, not an array), or nil.
    static func invalidity(of data: Data) -> String? {
        var json = data
        if Gzip.isCompressed(data) {
            guard let inflated = try? Gzip.decompress(data) else { return "the download is corrupt gzip data" }
            json = inflated
        }
        if let error = JSONSyntax.firstError(in: json) { return "the download is not valid JSON: \(error)" }
        let first = json.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        return first == UInt8(ascii: "[") ? nil : "the download is not a JSON array"
    }

    /// The copy of the data set that ships inside citygen as the last fallback.
    public static func bundledSnapshot() throws -> URL {
        guard let url = Bundle.module.url(forResource: "cities.json", withExtension: "gz") else {
            throw CityGenError.sourceUnavailable(url: "", reason: "the bundled snapshot cities.json.gz is missing from citygen's resources")
        }
        return url
    }

    static func read(path: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CityGenError.missingInput(what: "source file", path: path, reason: nil)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw CityGenError.missingInput(what: "source file", path: path, reason: error.localizedDescription)
        }
    }

    static func describe(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
