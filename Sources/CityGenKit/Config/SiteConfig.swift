import Foundation
import Yams

/// The contents of `citygen.yml` (SPEC §6). Every key is optional; command-line flags override them.
public struct SiteConfig: Sendable, Equatable {
    public static let fileName = "citygen.yml"
    public static let keys = ["source", "output", "title", "baseURL", "pageSize", "formats", "host", "precompress", "templates", "favorites", "map", "language", "languages", "strings", "places", "groupings"]

    public var source: String?
    public var output: String?
    public var title: String?
    public var baseURL: String?
    public var pageSize: Int?
    public var formats: Set<PageFormat>?
    /// The static host the site is built for (`HostProfile`): its formats unless `formats` says otherwise.
    public var host: HostProfile?
    /// As `--precompress`: the precompressed copies to write, instead of the host's choice.
    public var precompress: [ContentEncoding]?
    public var templates: String?
    public var favorites: [FavoriteReference] = []
    /// As `--map`: what detail pages show of the OpenStreetMap viewer.
    public var map: MapMode?
    /// The groupings whose pages are written (`country`, `region`, `timeZone`); nil: those the data has.
    public var groupings: [String]?
    /// The site's languages (BCP 47; `eng` means `en`), the root's first: from `language`, or from `languages`.
    public var languages: [String]?
    /// The root's language.
    public var language: String? { languages?.first }
    /// `title` as a map: the title in each language it names (a language it does not name has the root's).
    public var titles: [String: String] = [:]
    /// A YAML file of the site's words for a language, by its code (paths as written, relative to the file).
    public var strings: [String: String] = [:]
    /// `places:` as written (paths relative to the file): none, or the GeoNames files it names.
    public var placesSetting: PlacesSource.Setting?
    /// The GeoNames files `places:` means (paths as written), or none.
    public var places: PlacesSource? { placesSetting?.source }
    /// `places: {names: …}`: GeoNames' alternate names table, for a site in another language than English.
    public var placeNames: CitySource?
    /// The file's path as given, for errors found after it was read.
    public var file = SiteConfig.fileName

    public init() {}

    /// Reads and checks a config file. Unknown keys and values of the wrong type are errors that name them.
    public init(contentsOf url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw CityGenError.missingInput(what: "config file", path: url.path, reason: error.localizedDescription)
        }
        try self.init(yaml: text, fileName: url.path)
    }

    /// The first node in `node` that Yams' `load` would trap on, depth first, and why: a mapping key that is not a
    /// scalar, or a base-60 integer.
    private static func firstUnloadable(in node: Node) -> (node: Node, reason: String)? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if key.scalar == nil { return (key, "a key must be text") }
                if let found = firstUnloadable(in: key) ?? firstUnloadable(in: value) { return found }
            }
        case .sequence(let sequence):
            for item in sequence { if let found = firstUnloadable(in: item) { return found } }
        case .scalar(let scalar):
            // YAML 1.1's base-60 integers (`1:30`) overflow Yams' conversion, which traps: no setting takes one.
            if Resolver.default.resolveTag(of: node) == .int, scalar.string.contains(":") { return (node, "\(scalar.string) is a base-60 number in YAML 1.1; quote it") }
        default: break
        }
        return nil
    }

    public init(yaml text: String, fileName: String = SiteConfig.fileName) throws {
        file = fileName
        guard let mapping = try Self.mapping(yaml: text, fileName: fileName) else { return }  // an empty file is an empty config
        let values = Values(mapping: mapping, fileName: fileName)
        try readTexts(values)
        try readChoices(values)
        try readLists(values)
        try readPlaces(values)
    }

    /// The file's top-level mapping, its keys checked against `keys`; nil for an empty file.
    private static func mapping(yaml text: String, fileName: String) throws -> [String: Any]? {
        let document: Any?
        do {
            // Yams' `load` traps on a mapping key that is not text (`[0o]: x`) and on a base-60 integer too large (`1:1:…`),
            // both found by fuzzing: checked first.
            if let node = try Yams.compose(yaml: text), let found = Self.firstUnloadable(in: node) {
                throw CityGenError.invalidConfig(
                    file: fileName, item: nil, reason: "line \((found.node.mark?.line).map(String.init) ?? "?"): \(found.reason)")
            }
            document = try Yams.load(yaml: text)
        } catch let error as CityGenError {
            throw error
        } catch {
            throw CityGenError.invalidConfig(file: fileName, item: nil, reason: "not valid YAML: \(error)")
        }
        guard let document else { return nil }
        guard let mapping = document as? [String: Any] else {
            throw CityGenError.invalidConfig(file: fileName, item: nil, reason: "expected a mapping of keys (\(Self.keys.joined(separator: ", ")))")
        }
        for key in mapping.keys.sorted() where !Self.keys.contains(key) {
            let hint = Self.keys.first { $0.lowercased() == key.lowercased() }.map { " (did you mean \($0)?)" } ?? ""
            throw CityGenError.invalidConfig(
                file: fileName, item: key, reason: "unknown key\(hint); known keys: \(Self.keys.joined(separator: ", "))")
        }
        return mapping
    }

    /// The values of a config file's mapping, and the error that names one.
    private struct Values {
        let mapping: [String: Any]
        let fileName: String

        func error(_ key: String, _ reason: String) -> CityGenError { .invalidConfig(file: fileName, item: key, reason: reason) }

        func string(_ key: String) throws -> String? {
            guard let value = mapping[key] else { return nil }
            guard let text = value as? String else { throw error(key, "must be a string") }
            return text
        }
    }

    /// Paths, texts and numbers.
    private mutating func readTexts(_ values: Values) throws {
        source = try values.string("source")
        output = try values.string("output")
        try readTitle(values)
        baseURL = try values.string("baseURL")
        templates = try values.string("templates")
        if let value = values.mapping["pageSize"] {
            guard let size = value as? Int else { throw values.error("pageSize", "must be a whole number") }
            pageSize = size
        }
        try readLanguages(values)
        if let value = values.mapping["strings"] {
            guard let files = value as? [String: Any] else { throw values.error("strings", "must be a map from a language code to a YAML file ({fr: mots.yml})") }
            for (key, file) in files {
                guard let code = SiteLanguage.code(key) else { throw values.error("strings.\(key)", "is not a language code (BCP 47: fr, pt-BR)") }
                guard let path = file as? String else { throw values.error("strings.\(key)", "must be the path of a YAML file") }
                strings[code] = path
            }
        }
    }

    /// `title`: one text, or a map from a language code to the title in it.
    private mutating func readTitle(_ values: Values) throws {
        guard let value = values.mapping["title"] else { return }
        if let text = value as? String {
            title = text
            return
        }
        guard let map = value as? [String: Any], !map.isEmpty else { throw values.error("title", "must be a string, or a map from a language code to a string") }
        for (key, text) in map {
            guard let code = SiteLanguage.code(key) else { throw values.error("title.\(key)", "is not a language code (BCP 47: en, es, pt-BR)") }
            guard let text = text as? String else { throw values.error("title.\(key)", "must be a string") }
            titles[code] = text
        }
    }

    /// `language` (one code) or `languages` (a list, the root's first), each code checked; one listed twice is an error.
    private mutating func readLanguages(_ values: Values) throws {
        if let text = try values.string("language") {
            guard let code = SiteLanguage.code(text) else {
                throw values.error("language", "must be a language code (BCP 47: en, es, pt-BR), not \"\(text)\"")
            }
            languages = [code]
        }
        guard let value = values.mapping["languages"] else { return }
        if languages != nil { throw values.error("languages", "and language are two ways to say one thing: keep one") }
        guard let items = value as? [Any], !items.isEmpty else { throw values.error("languages", "must be a list of language codes ([es, en]), the root's first") }
        var codes: [String] = []
        for item in items {
            guard let text = item as? String ?? (item as? Int).map(String.init), let code = SiteLanguage.code(text) else {
                throw values.error("languages", "must be a list of language codes (BCP 47: en, es, pt-BR), not \"\(item)\"")
            }
            if codes.contains(code) { throw values.error("languages", "lists \(code) twice") }
            codes.append(code)
        }
        languages = codes
    }

    /// Values chosen from a list: the host, the map, the precompressed copies.
    private mutating func readChoices(_ values: Values) throws {
        if let name = try values.string("host") {
            do {
                host = try HostProfile.named(name)
            } catch {
                throw values.error("host", "unknown host \"\(name)\" (choose one of \(HostProfile.choices))")
            }
        }
        if let name = try values.string("map") {
            guard let mode = MapMode(rawValue: name) else { throw values.error("map", "must be one of \(MapMode.choices), not \"\(name)\"") }
            map = mode
        }
        if let value = values.mapping["precompress"] {
            guard let names = value as? [String] else { throw values.error("precompress", "must be a list of gzip and/or br ([] for none)") }
            do {
                precompress = names.isEmpty ? [] : try BuildOptions.parsePrecompress(names.joined(separator: ","))
            } catch {
                throw values.error("precompress", "must be a list of gzip and/or br, not [\(names.joined(separator: ", "))]")
            }
        }
    }

    /// The formats and the favorites.
    private mutating func readLists(_ values: Values) throws {
        if let value = values.mapping["formats"] {
            guard let names = value as? [String], !names.isEmpty else { throw values.error("formats", "must be a list of html and/or markdown") }
            formats = Set(try names.map { name in
                guard let format = PageFormat(rawValue: name) else { throw values.error("formats", "unknown format \"\(name)\" (use html and/or markdown)") }
                return format
            })
        }
        if let value = values.mapping["groupings"] {
            let names = Grouping.all.map(\.name).joined(separator: ", ")
            guard let items = value as? [String] else { throw values.error("groupings", "must be a list of \(names) ([] for none)") }
            for item in items where Grouping.named(item) == nil { throw values.error("groupings", "unknown grouping \"\(item)\" (choose among \(names))") }
            groupings = items
        }
        if let value = values.mapping["favorites"] {
            guard let items = value as? [Any] else { throw values.error("favorites", "must be a list of city ids or \"Name, CC\" strings") }
            favorites = try items.enumerated().map { index, item in
                if let id = item as? Int { return .id(id) }
                if let name = item as? String { return .name(name) }
                throw values.error("favorites item \(index + 1)", "neither a city id nor a \"Name, CC\" string")
            }
        }
    }

    /// `places:`: `none`, the geoname table's URL or path, or a mapping that names the GeoNames files (`cities`, …).
    private mutating func readPlaces(_ values: Values) throws {
        guard let value = values.mapping["places"] else { return }
        let keys = ["cities", "admin1", "countries", "names"]
        let expected = "must be none, \(PlacesSource.expected), or {\(keys.map { "\($0): …" }.joined(separator: ", "))}, each \(PlacesSource.expected)"
        func location(_ value: Any, item: String) throws -> CitySource {
            guard let text = value as? String else { throw values.error(item, "must be \(PlacesSource.expected)") }
            if let problem = PlacesSource.problem(with: text) { throw values.error(item, "must be \(PlacesSource.expected), \(problem)") }
            return CitySource(argument: text)
        }
        if let text = value as? String {
            if text == "none" {
                placesSetting = PlacesSource.Setting.none
                return
            }
            if let problem = PlacesSource.problem(with: text) { throw values.error("places", "\(expected); \(problem)") }
            placesSetting = .files(cities: CitySource(argument: text), admin1: nil, countries: nil)
            return
        }
        guard let files = value as? [String: Any] else { throw values.error("places", expected) }
        for key in files.keys.sorted() where !keys.contains(key) {
            throw values.error("places.\(key)", "unknown key; known keys: \(keys.joined(separator: ", "))")
        }
        var named: [String: CitySource] = [:]
        for key in files.keys.sorted() { named[key] = try location(files[key]!, item: "places.\(key)") }
        placeNames = named["names"]
        placesSetting = .files(cities: named["cities"], admin1: named["admin1"], countries: named["countries"])
    }
}
