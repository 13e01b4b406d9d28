/// One kind of file of the site, pages and every other file alike: which files a site has of it, whether every
/// language shares them, and which of them show the favorites (docs/design.md, "Kinds of file").
protocol OutputKind: Sendable {
    /// Whether the files are made once for every language of the site, by the root's language (maps, assets, the
    /// sitemap), not once in each language's folder.
    var shared: Bool { get }
    /// Its files in `site`, for pages in the formats `formats` (of the site's), in the order they are written.
    func routes(in site: Site, formats: [PageFormat]) -> RouteList
    /// Its files that a change of the favorites at catalog indices `indices` changes.
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route]
}

extension OutputKind {
    var shared: Bool { false }
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] { [] }
}

/// Every kind of file, in the order a site writes them: the search index's head, the maps, the split view's map
/// windows, the index's shards, every kind of page, then the assets and the sitemap.
enum OutputKinds {
    static let all: [any OutputKind] = [IndexHeadFiles(), MapImages(), MapTileFiles(), MapPointFiles(), MapWindowFiles(), IndexShardFiles()] + PageKinds.all + [AssetFiles(), SitemapFiles()]
}

/// The search index's favorites (which change with them) and its manifest, as JSON and as its script twin.
struct IndexHeadFiles: OutputKind {
    func routes(in site: Site, formats: [PageFormat]) -> RouteList { RouteList([.indexFavorites, .indexManifest(.json), .indexManifest(.script)]) }
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] { [.indexFavorites] }
}

/// The maps: the world's, each country's and its outlying parts', and with places each region's.
struct MapImages: OutputKind {
    var shared: Bool { true }
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        var routes = RouteList([.worldMap])
        routes.append(site.countryMaps)
        routes.append(site.regionMaps)
        return routes
    }
}

/// The ground tiles of the map to explore (HTML), those of sea alone left out, and its tiles of dots.
struct MapTileFiles: OutputKind {
    var shared: Bool { true }
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        RouteList(formats.contains(.html) ? MapTileSet.bundled.tiles.map(Route.mapTile) + site.density.tiles.keys.sorted().map(Route.mapDots) : [])
    }
}

/// The map to explore's points, in each language (HTML).
struct MapPointFiles: OutputKind {
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        guard formats.contains(.html) else { return RouteList() }
        var routes = RouteList()
        routes.append(count: site.points.leaves.count) { .mapPoints($0) }
        routes.append(count: MapPoints.idBuckets) { .mapPointIDs($0) }
        return routes
    }
}

/// The window of each country's maps, which the home page's split view places its locator marker by (HTML).
struct MapWindowFiles: OutputKind {
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        guard formats.contains(.html) else { return RouteList() }
        return RouteList(site.countries.groups.flatMap { [Route.mapWindow(code: $0.id, .json), .mapWindow(code: $0.id, .script)] })
    }
}

/// The search index's shards: prefix, word, typo and top matches files, each as JSON and as its script twin.
struct IndexShardFiles: OutputKind {
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        let index = site.index
        var routes = RouteList()
        routes.append(count: index.shards.count * 2) { .indexShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        routes.append(count: index.wordShards.count * 2) { .wordShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        routes.append(count: ((index.typos?.files.count ?? 0) + (index.typos?.buckets.buckets.count ?? 0)) * 2) { .typoShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        routes.append(count: index.topShards.count * 2) { .topShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        return routes
    }
}

/// The files copied from the templates (`style.css`, `search.js`) and the site's icon, which the HTML pages use.
struct AssetFiles: OutputKind {
    var shared: Bool { true }
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        RouteList(formats.contains(.html) ? TemplateSet.assets.map(Route.asset) + [.icon] : [])
    }
}

/// With a base URL and HTML pages: the sitemap's files, its index and `robots.txt`, which names it.
struct SitemapFiles: OutputKind {
    var shared: Bool { true }
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        guard formats.contains(.html), site.layout.baseURL != nil else { return RouteList() }
        var routes = RouteList()
        routes.append(count: Sitemap.fileCount(urls: site.sitemapURLCount)) { .sitemap($0 + 1) }
        routes.append([.sitemapIndex, .robots])
        return routes
    }
}
