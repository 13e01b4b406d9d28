/// A file of the built site, named by what it is. `SiteLayout` is the one place that says where each goes
/// and how pages link to each other.
public enum Route: Hashable, Sendable {
    case home(PageFormat)
    case favorites(PageFormat)
    /// List page `page`, from 1.
    case list(page: Int, PageFormat)
    /// The detail page of the city with this id.
    case city(id: Int, PageFormat)
    /// The compact site's one detail page, `city.html?id=N`, which shows any city from its data file.
    case cityViewer
    /// The compact site's data file `n` (from 0): the detail pages of the cities whose id leaves `n` divided by
    /// the number of such files.
    case cityData(Int)
    /// The list of countries.
    case countryIndex(PageFormat)
    /// Page `page` (from 1) of the cities of the country with this code (`""` for none).
    case country(code: String, page: Int, PageFormat)
    /// `404.html`, served by static hosts for any missing path.
    case notFound
    /// A file copied verbatim from the templates (`style.css`, `search.js`).
    case asset(String)
    /// The search index's manifest, as JSON or as its script twin for `file://`.
    case indexManifest(IndexEncoding)
    /// Search index shard `n`, from 0.
    case indexShard(Int, IndexEncoding)
    /// Word index shard `n`, from 0 (SPEC §4b).
    case wordShard(Int, IndexEncoding)
    /// The favorites as index entries.
    case indexFavorites
    /// The world map: every city a dot.
    case worldMap
    /// The map of the country with this code (`""` for none): its cities as dots, in its own window.
    case countryMap(code: String)
    /// Each country map's window, for the home page's split view to place its locator marker.
    case mapWindows(IndexEncoding)
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
        case .home(let format), .favorites(let format), .list(_, let format), .city(_, let format), .countryIndex(let format),
            .country(_, _, let format):
            format
        case .notFound, .cityViewer: .html
        default: nil
        }
    }
}
