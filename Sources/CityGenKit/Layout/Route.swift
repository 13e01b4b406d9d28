/// A file of the built site, named by what it is. A page is named by its kind (`PageRoute`); every other file has
/// a case of its own. `SiteLayout` says where each goes and how pages link to each other.
public enum Route: Hashable, Sendable {
    /// A page of one of the site's page kinds (`PageKinds`).
    case page(PageRoute)
    /// A file copied verbatim from the templates (`style.css`, `search.js`).
    case asset(String)
    /// The search index's manifest, as JSON or as its script twin for `file://`.
    case indexManifest(IndexEncoding)
    /// Search index shard `n`, from 0.
    case indexShard(Int, IndexEncoding)
    /// Word index shard `n`, from 0 (SPEC §4b).
    case wordShard(Int, IndexEncoding)
    /// File `n` of the places that typo matches are looked for among, from 0 (SPEC §4c; with places).
    case typoShard(Int, IndexEncoding)
    /// File `n` of the top matches table, from 0 (SPEC §4c; with places).
    case topShard(Int, IndexEncoding)
    /// The favorites as index entries.
    case indexFavorites
    /// The world map: every city a dot.
    case worldMap
    /// Map `part` of the country with this code (`""` for none): 0 its main map, from 1 its outlying parts'
    /// (`CountryFrames`); its cities as dots, in its own window.
    case countryMap(code: String, part: Int = 0)
    /// The map of a first-level region (with places): its cities as dots, in its own window.
    case regionMap(PlaceRegion)
    /// The window of the map of the country with this code, for the home page's split view to place its locator
    /// marker: one small file a country, so the split view loads only the windows of the cities it shows.
    case mapWindow(code: String, IndexEncoding)
    /// `sitemap.xml`, the index of the sitemap files.
    case sitemapIndex
    /// Sitemap file `n`, from 1.
    case sitemap(Int)
    /// `robots.txt`, naming the sitemap (with a base URL only).
    case robots

    /// How an index file is stored: JSON for `fetch`, or a script that `file://` pages can load.
    public enum IndexEncoding: Sendable {
        case json, script
    }

    /// The page format, for pages; nil for every other file.
    public var format: PageFormat? {
        switch self {
        case .page(let page): page.format
        case .asset, .indexManifest, .indexShard, .wordShard, .topShard, .typoShard, .indexFavorites, .worldMap, .countryMap, .regionMap, .mapWindow, .sitemapIndex, .sitemap,
            .robots:
            nil
        }
    }

    /// The page this route names, if it is one.
    public var page: PageRoute? {
        if case .page(let page) = self { page } else { nil }
    }

    /// Whether it is a map image.
    var isMap: Bool {
        switch self {
        case .worldMap, .countryMap, .regionMap: true
        default: false
        }
    }
}

/// One page of the site: the kind it is of (`PageKind.name`), its format, and what picks it among its kind's
/// pages: a number (a page number, a city's id, a data file's number) and a key (a country code).
public struct PageRoute: Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let format: PageFormat
    public let number: Int
    public let key: String

    public init(_ kind: String, _ format: PageFormat, number: Int = 0, key: String = "") {
        self.kind = kind
        self.format = format
        self.number = number
        self.key = key
    }

    public var description: String { "\(kind)(\(key.isEmpty ? "" : key + ", ")\(number), \(format))" }
}
