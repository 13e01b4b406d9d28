import Foundation

/// Everything a build needs to know, after the command line (and later the config file) have been read.
public struct BuildOptions: Sendable {
    public var source: CitySource = .default
    public var output: URL = URL(fileURLWithPath: "Output")
    public var title: String = "World Cities"
    public var pageSize: Int = 100
    public var formats: Set<PageFormat> = [.html, .markdown]
    /// A folder whose template files replace the defaults of the same name.
    public var templates: URL?
    /// Makes any invalid record fatal instead of skipped.
    public var strict = false
    /// How a URL source is fetched and cached, and what stands in for it when the network fails.
    public var loader = SourceLoader()
    /// The site's public address; when set, `sitemap.xml` is written and `404.html` links home absolutely.
    public var baseURL: URL?
    public var favorites: [FavoriteReference] = []
    /// Write into an output folder that holds files citygen did not make.
    public var force = false
    /// The largest search index shard, in bytes of JSON (SPEC §7: 32 KiB).
    public var shardSize = SearchIndexWriter.defaultShardSize

    public init() {}

    /// The options a config file gives; relative paths in it are relative to the file's folder.
    public init(config: SiteConfig, folder: URL) throws {
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        }
        if let source = config.source {
            let parsed = CitySource(argument: source)
            if case .file(let path) = parsed { self.source = .file(resolve(path).path) } else { self.source = parsed }
        }
        if let output = config.output { self.output = resolve(output) }
        if let title = config.title { self.title = title }
        if let pageSize = config.pageSize { self.pageSize = pageSize }
        if let formats = config.formats { self.formats = formats }
        if let templates = config.templates { self.templates = resolve(templates) }
        if let baseURL = config.baseURL { self.baseURL = try Self.parseBaseURL(baseURL) }
        favorites = config.favorites
    }

    /// Checks a `baseURL`: an absolute http(s) URL, kept with a trailing slash.
    public static func parseBaseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw InvalidDataError("baseURL \"\(text)\" is not an absolute http(s) URL")
        }
        return url
    }
}
