import Foundation

/// `search/manifest.json`: what a client reads first (format in docs/formats.md, "The search index").
public struct IndexManifest: Sendable, Equatable, Decodable {
    /// The index format this citygen writes and reads; a client refuses any other.
    public static let formatVersion = 8

    public var version = IndexManifest.formatVersion
    /// The language (BCP 47) of the site, in which `citygen search` writes what tells look-alikes apart.
    public var language: String?
    /// Number of cities in the index.
    public var count: Int
    public var fields = IndexEntry.fields
    /// The folded country codes present, in order: a query's country part that starts none is not looked up.
    public var countries: [String]
    /// The cities whose name folds to nothing, found by their country alone (no shard is read for them).
    public var unnamed: [IndexEntry]
    /// URL patterns of the site, relative to its root (`SiteLayout.urlTemplates`).
    public var urls: [String: String]
    /// The country codes present whose folder (`{country}` in `urls["maps"]`) is not the code itself.
    public var folders: [String: String] = [:]
    /// For each folded name W that a shard bound starts with, followed by a space or the tab: the folded countries
    /// of the cities named exactly W, so that `W rest` reads no shard for a run `W\trest` that cannot exist.
    public var exact: [String: [String]]
    /// Each shard's lower bound: every key in shard n is ≥ `shards[n]` and < `shards[n + 1]`.
    public var shards: [String]
    /// Each word shard's lower bound (SPEC §4b, and §4c's other names).
    public var words: [String]
    /// With places, the files of the places that typo matches are looked for among (SPEC §4c).
    public var typos: Typos?
    /// The numbers both sides search by: the script reads them here.
    public var contract = SearchContract.current

    /// What a client knows of the typo places before it reads them.
    public struct Typos: Sendable, Equatable, Codable {
        /// How many files.
        public var files: Int
        /// Every character of the §4 keys of their places and of the buckets', in scalar order: a query with more
        /// characters outside them than the edits it may have cannot be close to any key, and reads none of the files.
        public var letters: String
        /// The length of their longest key, in characters: a longer query, by more than its edits, reads none either.
        public var longest: Int
        /// The names of the buckets (`TypoBuckets`), two characters each, in order: bucket `b` is file `files + b`.
        public var buckets: String?
        /// The heavy names (`TypoBuckets`), two characters each.
        public var heavy: String?

        /// The files of the buckets a folded query reads; nil for one shorter than `TypoPlaces.bucketQueryLength`.
        public func bucketFiles(_ query: [Unicode.Scalar]) -> [Int]? {
            guard let buckets, query.count >= TypoPlaces.bucketQueryLength else { return nil }
            let pairs = { (text: String) in
                let scalars = Array(text.unicodeScalars)
                return stride(from: 0, to: scalars.count - 1, by: 2).map { Array(scalars[$0...$0 + 1]) }
            }
            let names = pairs(buckets), wanted = TypoBuckets.names(query: query, heavy: Set(pairs(heavy ?? "")))
            return names.indices.filter { wanted.contains(names[$0]) }.map { files + $0 }
        }

        /// Whether a folded query may have typo matches at all.
        public func mayMatch(_ query: [Unicode.Scalar]) -> Bool {
            let edits = TypoDistance.allowed(query)
            let known = Set(letters.unicodeScalars)
            return query.count <= longest + edits && query.filter { !known.contains($0) }.count <= edits
        }
    }
    /// With places, the first query of each file of the top matches table (SPEC §4c).
    public var top: [String]?

    public init(
        count: Int, countries: [String], unnamed: [IndexEntry], urls: [String: String], exact: [String: [String]], shards: [String],
        words: [String]
    ) {
        self.count = count
        self.countries = countries
        self.unnamed = unnamed
        self.urls = urls
        self.exact = exact
        self.shards = shards
        self.words = words
    }

    public var json: String {
        let quoted = { (texts: [String]) in texts.map(JSONText.quoted).joined(separator: ",") }
        let pairs = { (map: [String: String]) in
            map.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { "\(JSONText.quoted($0.key)):\(JSONText.quoted($0.value))" }
        }
        let (urls, folders) = (pairs(self.urls), pairs(self.folders))
        let exact = self.exact.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { "\(JSONText.quoted($0.key)):[\(quoted($0.value))]" }
        return "{\"version\":\(version)," + (language.map { "\"language\":\(JSONText.quoted($0))," } ?? "") + "\"contract\":\(contract.json),\"count\":\(count),\"fields\":[\(quoted(fields))],\"countries\":[\(quoted(countries))],"
            + "\"unnamed\":[" + unnamed.map(\.json).joined(separator: ",") + "],"
            + "\"urls\":{" + urls.joined(separator: ",") + "},\"folders\":{" + folders.joined(separator: ",") + "},\"exact\":{" + exact.joined(separator: ",") + "},"
            + "\"shards\":[\(quoted(shards))],\"words\":[\(quoted(words))]" + (top.map { ",\"top\":[\(quoted($0))]" } ?? "")
            + (typos.map { ",\"typos\":{\"files\":\($0.files),\"letters\":\(JSONText.quoted($0.letters)),\"longest\":\($0.longest)"
                + ($0.buckets.map { ",\"buckets\":\(JSONText.quoted($0))" } ?? "") + ($0.heavy.map { ",\"heavy\":\(JSONText.quoted($0))" } ?? "") + "}" } ?? "")
            + "}\n"
    }

    /// Reads a manifest file, checking its version.
    public init(json data: Data, file: String) throws {
        self = try Self.decode(IndexManifest.self, from: data, file: file)
    }

    /// Decodes an index file of this format version; anything else is `CityGenError.invalidIndex`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
        let decoder = JSONDecoder()
        guard let versioned = try? decoder.decode(Versioned.self, from: data) else {
            throw CityGenError.invalidIndex(file: file, reason: "not a citygen index file")
        }
        guard versioned.version == formatVersion else {
            throw CityGenError.invalidIndex(file: file, reason: "index format \(versioned.version); this citygen reads \(formatVersion)")
        }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw CityGenError.invalidIndex(file: file, reason: "malformed (\(Self.describe(error)))")
        }
    }

    /// Any index file's first question: which format version it is.
    private struct Versioned: Decodable { let version: Int }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
