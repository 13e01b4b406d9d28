import Foundation

/// Everything a build needs to know, the config file and the command line merged (`init(flags:)`), checked by
/// `validate()`. The options that shape the output are one value, `shape`, read as the options' own (`options.title`).
@dynamicMemberLookup
public struct BuildOptions: Sendable {
    /// The defaults, for the options, the help texts and `citygen init`.
    public enum Defaults {
        public static let output = "Output"
        public static let pageSize = 100
        public static let shardSize = 28 * 1024
        public static let minimumShardSize = 1024
    }

    /// What decides the site's bytes, besides the source, the templates and the favorites.
    public var shape = Shape()
    public var source: CitySource = .default
    public var output: URL = URL(fileURLWithPath: Defaults.output)
    /// The static host the site is built for: a build ends with `HostCheck` against its limits.
    public var host: HostProfile?
    /// A folder whose template files replace the defaults of the same name.
    public var templates: URL?
    /// How a URL source is fetched and cached, and what stands in for it when the network fails.
    public var loader = SourceLoader()
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
    /// GeoNames' alternate names table (`places: {names: …}`); nil: the one beside the geoname table.
    public var placeNames: CitySource?
    /// The YAML files of the site's words, by language code (`strings:`).
    public var strings: [String: URL] = [:]
    /// The config file that chose the language, when no flag did: a language with no words is its error.
    var languageConfigFile: String?
    /// Tests only: the `n`th file written fails as on a full disk.
    var failingWrite: Int?

    public init() {}

    /// An option that shapes the output, read and written through `shape`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Shape, Value>) -> Value {
        get { shape[keyPath: keyPath] }
        set { shape[keyPath: keyPath] = newValue }
    }

    /// Where the files go and how they link.
    public var layout: SiteLayout { SiteLayout(cityFolders: shape.cityFolders, baseURL: shape.baseURL?.absoluteString) }

    /// The formats, in the order they are written.
    var formatsInOrder: [PageFormat] { PageFormat.allCases.filter(shape.formats.contains) }

    /// The site's words in `language`, one of its languages.
    public func words(in language: String) throws -> Words {
        try Words(language: language, file: strings[language], configFile: languageConfigFile, item: shape.languages.count > 1 ? "languages" : "language")
    }

    /// Checks the values that have a range; a wrong one is `CityGenError.invalidOption`.
    public func validate() throws {
        for language in shape.languages { _ = try words(in: language) }
        if shape.cityFolders == .compact, shape.formats.contains(.markdown) {
            throw CityGenError.invalidOption(name: "formats", reason: "must be html alone for a compact site (it has no file per city to hold the Markdown)")
        }
        guard shape.pageSize >= 1 else { throw CityGenError.invalidOption(name: "page size", reason: "must be at least 1, not \(shape.pageSize)") }
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
        guard shape.shardSize >= Defaults.minimumShardSize else {
            throw CityGenError.invalidOption(name: "shard size", reason: "must be at least \(Defaults.minimumShardSize) bytes, not \(shape.shardSize)")
        }
    }

    /// A `.zim` holds the HTML site and nothing that loads from another host (zimcheck's "external dependence").
    private func validateZim() throws {
        guard shape.formats == [.html] else { throw CityGenError.invalidOption(name: "formats", reason: "must be html alone for a .zim (Kiwix shows HTML)") }
        guard shape.map != .embed else {
            throw CityGenError.invalidOption(name: "map", reason: "must be locator or none for a .zim: embed loads OpenStreetMap's viewer from another host")
        }
        guard shape.precompress.isEmpty else { throw CityGenError.invalidOption(name: "--precompress", reason: "must be none for a .zim (libzim compresses it)") }
    }

    /// Builds for `host`: its formats (HTML only on hosts), unless the config chose the formats, the precompressed
    /// files the host serves, and the compact site where the host takes few files.
    public mutating func use(_ host: HostProfile, keepingFormats: Bool) {
        self.host = host
        if !keepingFormats { shape.formats = host.formats }
        shape.precompress = host.precompress
        shape.cityFolders = host.cityFolders
        if let map = host.map { shape.map = map }
        if shape.groupings == nil { shape.groupings = host.groupings }
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
