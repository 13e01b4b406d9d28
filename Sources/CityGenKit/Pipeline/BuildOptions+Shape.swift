import Foundation

extension BuildOptions {
    /// The options that shape the output, which with the source, the templates, the favorites and citygen itself
    /// decide every byte of the site: the fingerprint hashes its `canonicalJSON`, so a field added here is part of it.
    /// A `Set` field takes `@EncodedInOrder`: a set's own order changes from one process to the next.
    public struct Shape: Sendable, Equatable, Encodable {
        /// The site's title; nil: each language's own word for it (`site.title`: World Cities, Ciudades del mundo).
        public var title: String?
        /// The title in a language, where it differs from `title` (`title: {es: Ciudades, en: Cities}`).
        public var titles: [String: String] = [:]
        /// Cities per list page.
        public var pageSize = Defaults.pageSize
        @EncodedInOrder public var formats: Set<PageFormat> = [.html, .markdown]
        /// The site's public address; when set, `sitemap.xml` is written and `404.html` links home absolutely.
        public var baseURL: URL?
        /// The largest search index shard, in bytes of JSON (SPEC §7).
        public var shardSize = Defaults.shardSize
        /// Makes any invalid record fatal instead of skipped.
        public var strict = false
        /// How detail pages are spread over folders (SPEC §5).
        public var cityFolders = SiteLayout.CityFolders.remainder(1000)
        /// What detail pages show of the OpenStreetMap viewer besides the locator map.
        public var map = MapMode.locator
        /// The groupings whose pages are written (`groupings:`); nil: those the data has.
        public var groupings: [String]?
        /// Precompressed copies (`NAME.gz`, `NAME.br`) written beside each HTML, CSS, JS, JSON and XML file where smaller.
        public var precompress: [ContentEncoding] = []
        /// The site's languages (BCP 47), the root's first; each other one in a folder of its own (SPEC §5 "Language").
        public var languages = ["en"]
        /// The GeoNames files whose places are joined to the cities, or none.
        public var places = PlacesSource.default

        public init() {}

        /// The root's language.
        public var language: String {
            get { languages[0] }
            set { languages = [newValue] }
        }

        /// The title in `language`: its own, else the root language's, else `title`; nil where none is given, for
        /// the language's own word.
        public func title(in language: String) -> String? { titles[language] ?? titles[languages[0]] ?? title }

        /// One serialization of every field, the same for equal values in any process: JSON with sorted keys.
        public var canonicalJSON: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                return String(decoding: try encoder.encode(self), as: UTF8.self)
            } catch {
                // Every field is text, a number, a flag or an enumeration: none can fail to encode.
                preconditionFailure("build options that do not encode as JSON: \(error)")
            }
        }
    }
}

/// A set of cases that encodes as a list in the order of `allCases`, so that equal sets encode alike.
@propertyWrapper
public struct EncodedInOrder<Element: CaseIterable & Hashable & Encodable & Sendable>: Sendable, Equatable, Encodable {
    public var wrappedValue: Set<Element>

    public init(wrappedValue: Set<Element>) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Element.allCases.filter(wrappedValue.contains))
    }
}

extension PageFormat: Encodable {}
extension MapMode: Encodable {}
extension ContentEncoding: Encodable {}

extension SiteLayout.CityFolders: Encodable {
    /// As written in Swift (`remainder(1000)`): one text that tells every case and its count apart.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(describing: self))
    }
}
