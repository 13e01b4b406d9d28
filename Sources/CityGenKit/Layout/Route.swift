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
    /// A ground tile of the map to explore (`MapTileSet`).
    case mapTile(MapTile)
    /// Leaf `n` of the map to explore's points, and bucket `n` of their ids (`MapPoints`): scripts, for `file://` too.
    case mapPoints(Int), mapPointIDs(Int)
    /// A tile of the cities as dots at the map to explore's smallest zooms (`MapDensity`).
    case mapDots(MapTile)
    /// The windows of the maps of the country with this code, for the home page's split view: one small file a country.
    case mapWindow(code: String, IndexEncoding)
    /// `sitemap.xml`, the index of the sitemap files.
    case sitemapIndex
    /// Sitemap file `n`, from 1.
    case sitemap(Int)
    /// `robots.txt`, naming the sitemap (with a base URL only).
    case robots
    /// `favicon.ico`, the site's icon (`SiteIcon`), at the root where clients look for it unasked.
    case icon

    /// How an index file is stored: JSON for `fetch`, or a script that `file://` pages can load.
    public enum IndexEncoding: Sendable {
        case json, script
    }

    /// The page format, for pages; nil for every other file.
    public var format: PageFormat? { page?.format }

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

/// One page of the site: its kind, and what picks it among the kind's pages, typed. A case is a kind of page, so a
/// new case does not compile until each switch on pages (`kind`, `format`, `SiteLayout.appendPath`, …) has it.
public enum PageRoute: Hashable, Sendable {
    case home(PageFormat)
    case favorites(PageFormat)
    /// List page `page`, from 1.
    case list(page: Int, PageFormat)
    /// A compact site's one detail page, `city.html?id=N` (HTML).
    case cityViewer
    /// A compact site's data file `n`, from 0 (HTML).
    case cityData(file: Int)
    /// The detail page of the city with this id.
    case city(id: Int, PageFormat)
    /// The index of the grouping whose pages are in `folder` (`country/index`).
    case groupIndex(folder: String, PageFormat)
    /// Page `page` (from 1) of the group in `folders` (each a safe name, `GroupingPlan.Group.folders`) of the grouping
    /// whose pages are in `folder`.
    case group(folder: String, [String], page: Int, PageFormat)
    /// `404.html`.
    case notFound
    /// `map.html`, the map to explore (HTML).
    case explore

    public var format: PageFormat {
        switch self {
        case .home(let format), .favorites(let format), .list(_, let format), .city(_, let format), .groupIndex(_, let format),
            .group(_, _, _, let format):
            format
        case .cityViewer, .cityData, .notFound, .explore: .html
        }
    }

    /// The kind of page it is.
    var kind: any PageKind {
        switch self {
        case .home: HomePage()
        case .favorites: FavoritesPage()
        case .list: ListPage()
        case .cityViewer: CityViewerPage()
        case .cityData: CompactDataPage()
        case .city: CityPage()
        case .groupIndex, .group: GroupingPage()
        case .notFound: NotFoundPage()
        case .explore: ExplorePage()
        }
    }
}
