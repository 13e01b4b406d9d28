import Foundation
import Yams

/// The contents of `citygen.yml` (SPEC §6). Every key is optional; command-line flags override them.
public struct SiteConfig: Sendable, Equatable {
    public static let fileName = "citygen.yml"
    public static let keys = ["source", "output", "title", "baseURL", "pageSize", "formats", "host", "precompress", "templates", "favorites", "map", "language"]

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
    /// The site's language as ISO 639-3 (`eng`): a `.zim` file's `Language` and full-text index.
    public var language: String?

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

    /// The first mapping key in `node` that is not a scalar, depth first.
    private static func firstNonTextKey(in node: Node) -> Node? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if key.scalar == nil { return key }
                if let found = firstNonTextKey(in: value) { return found }
            }
        case .sequence(let sequence):
            for item in sequence { if let found = firstNonTextKey(in: item) { return found } }
        default: break
        }
        return nil
    }

    public init(yaml text: String, fileName: String = SiteConfig.fileName) throws {
        let document: Any?
        do {
            // Yams' `load` traps on a mapping key that is not text (`[0o]: x`, found by fuzzing): checked first.
            if let node = try Yams.compose(yaml: text), let key = Self.firstNonTextKey(in: node) {
                throw CityGenError.invalidConfig(
                    file: fileName, item: nil, reason: "line \((key.mark?.line).map(String.init) ?? "?"): a key must be text")
            }
            document = try Yams.load(yaml: text)
        } catch let error as CityGenError {
            throw error
        } catch {
            throw CityGenError.invalidConfig(file: fileName, item: nil, reason: "not valid YAML: \(error)")
        }
        guard let document else { return }  // an empty file is an empty config
        guard let mapping = document as? [String: Any] else {
            throw CityGenError.invalidConfig(file: fileName, item: nil, reason: "expected a mapping of keys (\(Self.keys.joined(separator: ", ")))")
        }
        for key in mapping.keys.sorted() where !Self.keys.contains(key) {
            let hint = Self.keys.first { $0.lowercased() == key.lowercased() }.map { " (did you mean \($0)?)" } ?? ""
            throw CityGenError.invalidConfig(
                file: fileName, item: key, reason: "unknown key\(hint); known keys: \(Self.keys.joined(separator: ", "))")
        }
        func string(_ key: String) throws -> String? {
            guard let value = mapping[key] else { return nil }
            guard let text = value as? String else { throw CityGenError.invalidConfig(file: fileName, item: key, reason: "must be a string") }
            return text
        }
        source = try string("source")
        output = try string("output")
        title = try string("title")
        baseURL = try string("baseURL")
        templates = try string("templates")
        if let value = mapping["pageSize"] {
            guard let size = value as? Int else {
                throw CityGenError.invalidConfig(file: fileName, item: "pageSize", reason: "must be a whole number")
            }
            pageSize = size
        }
        if let value = mapping["formats"] {
            guard let names = value as? [String], !names.isEmpty else {
                throw CityGenError.invalidConfig(file: fileName, item: "formats", reason: "must be a list of html and/or markdown")
            }
            formats = Set(try names.map { name in
                guard let format = PageFormat(rawValue: name) else {
                    throw CityGenError.invalidConfig(file: fileName, item: "formats", reason: "unknown format \"\(name)\" (use html and/or markdown)")
                }
                return format
            })
        }
        if let name = try string("host") {
            do {
                host = try HostProfile.named(name)
            } catch {
                throw CityGenError.invalidConfig(file: fileName, item: "host", reason: "unknown host \"\(name)\" (choose one of \(HostProfile.choices))")
            }
        }
        if let value = mapping["precompress"] {
            guard let names = value as? [String] else {
                throw CityGenError.invalidConfig(file: fileName, item: "precompress", reason: "must be a list of gzip and/or br ([] for none)")
            }
            do {
                precompress = names.isEmpty ? [] : try BuildOptions.parsePrecompress(names.joined(separator: ","))
            } catch {
                throw CityGenError.invalidConfig(
                    file: fileName, item: "precompress", reason: "must be a list of gzip and/or br, not [\(names.joined(separator: ", "))]")
            }
        }
        if let name = try string("map") {
            guard let mode = MapMode(rawValue: name) else {
                throw CityGenError.invalidConfig(file: fileName, item: "map", reason: "must be one of \(MapMode.choices), not \"\(name)\"")
            }
            map = mode
        }
        if let code = try string("language") {
            guard code.count == 3, code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                throw CityGenError.invalidConfig(file: fileName, item: "language", reason: "must be an ISO 639-3 code of three lower-case letters (eng), not \"\(code)\"")
            }
            language = code
        }
        if let value = mapping["favorites"] {
            guard let items = value as? [Any] else {
                throw CityGenError.invalidConfig(file: fileName, item: "favorites", reason: "must be a list of city ids or \"Name, CC\" strings")
            }
            favorites = try items.enumerated().map { index, item in
                if let id = item as? Int { return .id(id) }
                if let name = item as? String { return .name(name) }
                throw CityGenError.invalidConfig(
                    file: fileName, item: "favorites item \(index + 1)", reason: "neither a city id nor a \"Name, CC\" string")
            }
        }
    }
}
