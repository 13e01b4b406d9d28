import Foundation

/// The one merge of the options: the defaults, overridden by `citygen.yml`, overridden by the flags, with the rules
/// that tie options together (a host's choices, a `.zim` is for Kiwix) applied on the way.
extension BuildOptions {
    /// What `citygen build`'s command line says, as typed: nil, or false, where it says nothing.
    public struct Flags: Sendable, Equatable {
        /// A config file to read instead of `citygen.yml` in the working directory.
        public var config: String?
        public var source: String?
        public var loader = SourceLoader.Flags()
        public var output: String?
        public var title: String?
        public var pageSize: Int?
        public var templates: String?
        public var baseURL: String?
        public var shardSize: Int?
        public var archive: String?
        public var host: String?
        public var precompress: String?
        public var map: String?
        public var changes: String?
        /// `none`, or the geoname table's URL or path.
        public var places: String?
        /// The site's language (`--language`), over the file's.
        public var language: String?
        public var strict = false
        public var force = false
        public var wait = false

        public init() {}
    }

    /// The options of a command line: `flags` over the config file it names, else over `citygen.yml` in the
    /// working directory when there is one. A config file named but missing is `CityGenError.missingInput`.
    public init(flags: Flags) throws {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = flags.config.map { URL(fileURLWithPath: $0) } ?? workingDirectory.appendingPathComponent(SiteConfig.fileName)
        var config: SiteConfig?
        if flags.config != nil || FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw CityGenError.missingInput(what: "config file", path: url.path, reason: nil)
            }
            config = try SiteConfig(contentsOf: url)
        }
        try self.init(config: config, folder: url.deletingLastPathComponent(), flags: flags)
    }

    /// The defaults, then what `config` says (its relative paths are relative to `folder`), then `flags`. The
    /// file's host chooses under the file's own values; a host on the command line (`--host`, or Kiwix for a
    /// `.zim` archive) chooses over them, but for the formats: those the file names are kept.
    public init(config: SiteConfig?, folder: URL, flags: Flags = Flags()) throws {
        self.init()
        if let config { try apply(config, folder: folder) }
        if let host = try Self.host(flags: flags, configHost: config?.host) {
            use(host, keepingFormats: config?.formats != nil)
        }
        try apply(flags, configuredPlaces: config?.placesSetting?.resolvingPaths { Self.resolve($0, in: folder).path })
    }

    /// The host the command line builds for: the one it names; else, unless the file names one, Kiwix for a `.zim`.
    static func host(flags: Flags, configHost: HostProfile?) throws -> HostProfile? {
        if let name = flags.host { return try HostProfile.named(name) }
        guard configHost == nil, let archive = flags.archive, ArchiveFormat(path: archive) == .zim else { return nil }
        return .kiwix
    }

    /// The values `config` gives.
    private mutating func apply(_ config: SiteConfig, folder: URL) throws {
        func resolve(_ path: String) -> URL { Self.resolve(path, in: folder) }
        if let source = config.source {
            let parsed = CitySource(argument: source)
            if case .file(let path) = parsed { self.source = .file(resolve(path).path) } else { self.source = parsed }
        }
        if let output = config.output { self.output = resolve(output) }
        if let title = config.title { shape.title = title }
        shape.titles = config.titles
        if let pageSize = config.pageSize { shape.pageSize = pageSize }
        if let host = config.host { use(host, keepingFormats: config.formats != nil) }
        if let precompress = config.precompress { shape.precompress = precompress }
        if let formats = config.formats { shape.formats = formats }
        if let templates = config.templates { self.templates = resolve(templates) }
        if let baseURL = config.baseURL { shape.baseURL = try Self.parseBaseURL(baseURL) }
        favorites = config.favorites
        if let map = config.map { shape.map = map }
        if let groupings = config.groupings { shape.groupings = groupings }
        if let languages = config.languages {
            shape.languages = languages
            languageConfigFile = config.file
        }
        for (code, path) in config.strings { strings[code] = resolve(path) }
        if let places = config.placesSetting { shape.places = places.resolvingPaths { resolve($0).path }.source }
        if let names = config.placeNames {
            if case .file(let path) = names { placeNames = .file(resolve(path).path) } else { placeNames = names }
        }
    }

    /// `path` of a config file in `folder`: relative paths are relative to the file's folder.
    private static func resolve(_ path: String, in folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }

    /// The values the flags give; their paths are as typed, relative to the working directory. `--places` names
    /// the geoname table, and the other two files are those of `configuredPlaces` (the file's) when it names them.
    private mutating func apply(_ flags: Flags, configuredPlaces: PlacesSource.Setting?) throws {
        if let precompress = flags.precompress { shape.precompress = try Self.parsePrecompress(precompress) }
        if let map = flags.map { shape.map = try MapMode.parse(map, item: "--map") }
        if let source = flags.source { self.source = CitySource(argument: source) }
        loader.apply(flags.loader)
        if let output = flags.output { self.output = URL(fileURLWithPath: output) }
        if let title = flags.title {
            shape.title = title
            shape.titles = [:]
        }
        if let pageSize = flags.pageSize { shape.pageSize = pageSize }
        if let templates = flags.templates { self.templates = URL(fileURLWithPath: templates) }
        if let baseURL = flags.baseURL { shape.baseURL = try Self.parseBaseURL(baseURL) }
        if let shardSize = flags.shardSize { shape.shardSize = shardSize }
        if flags.strict { shape.strict = true }
        if flags.force { force = true }
        if flags.wait { waitForLock = true }
        if let archive = flags.archive { self.archive = URL(fileURLWithPath: archive) }
        if let changes = flags.changes { self.changes = URL(fileURLWithPath: changes) }
        if let text = flags.language {
            guard let code = SiteLanguage.code(text) else {
                throw CityGenError.invalidOption(name: "--language", reason: "must be a language code (BCP 47: en, es, pt-BR), not \"\(text)\"")
            }
            shape.language = code
            languageConfigFile = nil
        }
        if let places = flags.places { shape.places = try PlacesSource.parse(flag: places, configured: configuredPlaces) }
    }
}
