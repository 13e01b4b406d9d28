import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The raw bytes of a source, where they really came from, and anything the user should know about that.
public struct LoadedSource: Sendable {
    public let data: Data
    /// What was read: the URL, the path, or the bundled snapshot.
    public let origin: String
    public let warnings: [String]
}

/// Reads a `CitySource`. A download that fails falls back to the snapshot bundled with citygen, with a
/// warning, so a build works offline.
public struct SourceLoader: Sendable {
    /// Seconds a download may take before it counts as failed.
    public var timeout: TimeInterval
    /// Whether a failed download may fall back to the bundled snapshot.
    public var allowsFallback: Bool

    public init(timeout: TimeInterval = 30, allowsFallback: Bool = true) {
        self.timeout = timeout
        self.allowsFallback = allowsFallback
    }

    public func load(_ source: CitySource) async throws -> LoadedSource {
        switch source {
        case .file(let path):
            return LoadedSource(data: try Self.read(path: path), origin: path, warnings: [])
        case .remote(let url):
            do {
                return LoadedSource(data: try await download(url), origin: url.absoluteString, warnings: [])
            } catch {
                let reason = Self.describe(error)
                guard allowsFallback else {
                    throw SourceUnavailableError("could not download \(url.absoluteString): \(reason)")
                }
                let snapshot = try Self.bundledSnapshot()
                return LoadedSource(
                    data: try Self.read(path: snapshot.path),
                    origin: "bundled snapshot (\(snapshot.lastPathComponent))",
                    warnings: [
                        "could not download \(url.absoluteString) (\(reason)); "
                            + "using the snapshot bundled with citygen (209,579 cities), which may be older"
                    ]
                )
            }
        }
    }

    /// A network error in words, without Foundation's dump of its user info.
    static func describe(_ error: Error) -> String {
        if error is HTTPStatusError { return "\(error)" }
        return (error as NSError).localizedDescription
    }

    /// The copy of the data set that ships inside citygen as the last fallback.
    public static func bundledSnapshot() throws -> URL {
        guard let url = Bundle.module.url(forResource: "cities.json", withExtension: "gz") else {
            throw SourceUnavailableError("the bundled snapshot cities.json.gz is missing from citygen's resources")
        }
        return url
    }

    static func read(path: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MissingInputError("source file \(path) does not exist")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw MissingInputError("source file \(path) cannot be read: \(error.localizedDescription)")
        }
    }

    private struct HTTPStatusError: Error, CustomStringConvertible {
        let status: Int
        var description: String { "HTTP status \(status)" }
    }

    private func download(_ url: URL) async throws -> Data {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let (data, response) = try await URLSession.shared.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw HTTPStatusError(status: http.statusCode)
        }
        return data
    }
}
