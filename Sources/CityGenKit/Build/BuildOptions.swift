import Foundation

/// Everything a build needs to know, after the command line (and later the config file) have been read.
/// The defaults live here (`Defaults`), and `validate()` is the one check of the values.
public struct BuildOptions: Sendable {
    /// The defaults, for the options, the help texts and `citygen init`.
    public enum Defaults {
        public static let output = "Output"
        public static let title = "World Cities"
        public static let pageSize = 100
        public static let shardSize = 32 * 1024
        public static let minimumShardSize = 1024
    }

    public var source: CitySource = .default
    public var output: URL = URL(fileURLWithPath: Defaults.output)
    public var title: String = Defaults.title
    public var pageSize: Int = Defaults.pageSize
    public var formats: Set<PageFormat> = [.html, .markdown]
    /// The static host the site is built for: a build ends with `HostCheck` against its limits.
    public var host: HostProfile?
    /// Precompressed copies (`NAME.gz`, `NAME.br`) written beside each HTML, CSS, JS, JSON and XML file where smaller.
    public var precompress: [ContentEncoding] = []
    /// How detail pages are spread over folders (SPEC §5).
    public var cityFolders = SiteLayout.CityFolders.remainder(1000)
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
    /// When another build is writing the output folder: wait for it instead of failing.
    public var waitForLock = false
    /// Where to list the paths a build wrote (`+ path`) and removed (`- path`), for syncing uploads.
    public var changes: URL?
    /// Write the site into this `.tar`, `.tar.gz` or `.zip` file instead of the output folder.
    public var archive: URL?
    /// Seconds since 1970 for every archive entry (`ArchiveFormat.entryDate`).
    public var archiveDate = ArchiveFormat.entryDate(environment: ProcessInfo.processInfo.environment)
    /// Tests only: the `n`th file written fails as on a full disk.
    var failingWrite: Int?
    /// The largest search index shard, in bytes of JSON (SPEC §7: 32 KiB).
    public var shardSize = Defaults.shardSize
    /// What detail pages show of the OpenStreetMap viewer besides the locator map.
    public var map = MapMode.locator
    /// The site's language as ISO 639-3: a `.zim` file's `Language` and its full-text index's stemming.
    public var language = "eng"

    public init() {}

    /// Where the files go and how they link.
    public var layout: SiteLayout { SiteLayout(cityFolders: cityFolders, baseURL: baseURL?.absoluteString) }

    /// The formats, in the order they are written.
    var formatsInOrder: [PageFormat] { PageFormat.allCases.filter(formats.contains) }

    /// Checks the values that have a range; a wrong one is `CityGenError.invalidOption`.
    public func validate() throws {
        if cityFolders == .compact, formats.contains(.markdown) {
            throw CityGenError.invalidOption(name: "formats", reason: "must be html alone for a compact site (it has no file per city to hold the Markdown)")
        }
        guard pageSize >= 1 else { throw CityGenError.invalidOption(name: "page size", reason: "must be at least 1, not \(pageSize)") }
        if let archive {
            guard let format = ArchiveFormat(path: archive.path) else {
                throw CityGenError.invalidOption(name: "--archive", reason: "must end in \(ArchiveFormat.endings), not \"\(archive.lastPathComponent)\"")
            }
            if format == .zim { try validateZim() }
            let folder = output.standardizedFileURL.path + "/"
            guard !archive.standardizedFileURL.path.hasPrefix(folder) else {
                throw CityGenError.invalidOption(name: "--archive", reason: "must not be inside the output folder \(output.path)")
            }
            guard changes == nil else { throw CityGenError.invalidOption(name: "--changes", reason: "lists a folder build's changes; an archive holds every file") }
        }
        guard shardSize >= Defaults.minimumShardSize else {
            throw CityGenError.invalidOption(name: "shard size", reason: "must be at least \(Defaults.minimumShardSize) bytes, not \(shardSize)")
        }
    }

    /// A `.zim` holds the HTML site and nothing that loads from another host (zimcheck's "external dependence").
    private func validateZim() throws {
        guard formats == [.html] else { throw CityGenError.invalidOption(name: "formats", reason: "must be html alone for a .zim (Kiwix shows HTML)") }
        guard map != .embed else {
            throw CityGenError.invalidOption(name: "map", reason: "must be locator or none for a .zim: embed loads OpenStreetMap's viewer from another host")
        }
        guard precompress.isEmpty else { throw CityGenError.invalidOption(name: "--precompress", reason: "must be none for a .zim (libzim compresses it)") }
    }

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
        if let host = config.host { use(host, keepingFormats: config.formats != nil) }
        if let precompress = config.precompress { self.precompress = precompress }
        if let formats = config.formats { self.formats = formats }
        if let templates = config.templates { self.templates = resolve(templates) }
        if let baseURL = config.baseURL { self.baseURL = try Self.parseBaseURL(baseURL) }
        favorites = config.favorites
        if let map = config.map { self.map = map }
        if let language = config.language { self.language = language }
    }

    /// Builds for `host`: its formats (HTML only on hosts), unless the config chose the formats, the precompressed
    /// files the host serves, and the compact site where the host takes few files.
    public mutating func use(_ host: HostProfile, keepingFormats: Bool) {
        self.host = host
        if !keepingFormats { formats = host.formats }
        precompress = host.precompress
        cityFolders = host.cityFolders
        if let map = host.map { self.map = map }
    }

    /// Reads `--precompress`: a comma-separated list of `gzip` and `br`, or `none`.
    public static func parsePrecompress(_ text: String) throws -> [ContentEncoding] {
        if text == "none" { return [] }
        return try Set(text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let encoding = ContentEncoding(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw CityGenError.invalidOption(
                    name: "--precompress", reason: "unknown encoding \"\(name)\" (choose \(ContentEncoding.choices), a comma-separated list, or none)")
            }
            return encoding
        }).sorted()
    }

    /// Checks a `baseURL`: an absolute http(s) URL, kept with a trailing slash.
    public static func parseBaseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw CityGenError.invalidConfig(file: "", item: "baseURL", reason: "baseURL \"\(text)\" is not an absolute http(s) URL")
        }
        return url
    }
}
