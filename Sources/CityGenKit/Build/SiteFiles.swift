/// The bytes of every file of a build, by route: pages from the renderer, the search index from its writer,
/// the sitemap, the assets. Pure, and safe to call from several threads.
struct SiteFiles: Sendable {
    let layout: SiteLayout
    let renderer: SiteRenderer
    let index: SearchIndexWriter
    let shards: [SearchIndexWriter.Shard]
    let wordShards: [SearchIndexWriter.Shard]
    let words: WordKeys
    let manifestJSON: String
    let favoritesJSON: String
    /// The pages a sitemap lists (when there is a base URL).
    let sitemapPages: RouteList

    /// A compact site's data files: the catalog indices of the cities in each, in list order.
    let compactData: [[Int]]
    /// Every file the build writes, in order.
    let routes: RouteList
    let formats: [PageFormat]
    /// The map images, once `drawMaps` has drawn them (else each is drawn when asked for).
    private(set) var mapImages: [Route: [UInt8]] = [:]

    init(
        layout: SiteLayout, catalog: CityCatalog, plan: SitePlan, templates: TemplateSet, title: String, favorites: Set<Int>,
        nearest: NearestCities, formats: [PageFormat], shardSize: Int, mapMode: MapMode = .locator
    ) {
        let index = SearchIndexWriter(catalog: catalog, shardSize: shardSize)
        // The two indexes are cut at once, one on each core: each measures every row's JSON.
        let (shards, (words, wordShards)) = Parallel.both({ index.shards() }) {
            let words = WordKeys(catalog: catalog)
            return (words, index.wordShards(words))
        }
        let favoritesJSON = index.favorites(favorites).json
        self.layout = layout
        self.formats = formats
        self.index = index
        self.shards = shards
        self.wordShards = wordShards
        self.words = words
        self.manifestJSON = index.manifest(shards, words: words, wordShards: wordShards, layout: layout).json
        self.favoritesJSON = favoritesJSON
        self.renderer = SiteRenderer(
            catalog: catalog, plan: plan, templates: templates, title: title, favorites: favorites, layout: layout,
            favoritesJSON: favoritesJSON, nearest: nearest, mapMode: mapMode)
        let countries = renderer.countries
        let contents = SiteLayout.Contents(
            formats: formats, listPages: plan.pageCount, cityIDs: catalog.cities.map(\.id),
            countries: countries.countries.map { ($0.code, countries.pageCount($0)) }, shardCount: shards.count,
            wordShardCount: wordShards.count, assets: TemplateSet.assets)
        self.routes = layout.routes(contents)
        var compactData: [[Int]] = []
        if layout.cityFolders == .compact, formats.contains(.html) {
            let count = SiteLayout.compactDataFiles(cities: catalog.count)
            compactData = Array(repeating: [], count: count)
            for (index, city) in catalog.cities.enumerated() { compactData[SiteLayout.compactDataFile(of: city.id, cities: catalog.count)].append(index) }
        }
        self.compactData = compactData
        self.sitemapPages = layout.baseURL == nil ? RouteList() : layout.sitemapPages(contents)
    }

    /// Draws every map image on all cores, so that the build's steps show what the maps cost and the renderers
    /// then only copy them.
    mutating func drawMaps() {
        let routes = [Route.worldMap] + renderer.countries.countries.map { .countryMap(code: $0.code) }
        let images = Parallel.map(0..<routes.count, chunk: 1) { [self] in drawMap(routes[$0]) }
        mapImages = Dictionary(uniqueKeysWithValues: zip(routes, images))
    }

    private func drawMap(_ route: Route) -> [UInt8] {
        switch route {
        case .countryMap(let code): renderer.maps.countryPNG(renderer.countries.country(code)!, renderer.catalog)
        default: renderer.maps.worldPNG(renderer.catalog)
        }
    }

    /// The catalog indices of the cities that are favorites in one of `previousIDs` (ids) and `favorites` (indices)
    /// but not in the other.
    func changedFavorites(from previousIDs: [Int], to favorites: Set<Int>) -> Set<Int> {
        let previous = Set(previousIDs.compactMap { renderer.indexByID[$0] })
        return previous.symmetricDifference(favorites)
    }

    /// Every file that shows whether one of the cities at `indices` is a favorite (its rows on list, country and
    /// favorites pages, its detail page), and those that show the favorites at all (home, favorites page and
    /// index): the files a change of the favorites can change. Nothing else reads `favorites`.
    func routes(showingFavoritesOf indices: Set<Int>) -> Set<Route> {
        var routes: Set<Route> = [.indexFavorites]
        for format in formats {
            routes.formUnion([.home(format), .favorites(format)])
            for index in indices {
                let place = renderer.countries.place(ofCityAt: index)
                routes.formUnion([
                    .list(page: renderer.plan.page(ofCityAt: index), format), .country(code: place.country.code, page: place.page, format),
                    layout.file(ofCity: renderer.catalog.cities[index].id, format, cities: renderer.catalog.count),
                ])
            }
        }
        return routes
    }

    /// The bytes of the file at `route`.
    func contents(_ route: Route) -> [UInt8] {
        var texts: SiteRenderer.CityTexts?
        return contents(route, reusing: &texts)
    }

    /// The bytes of the file at `route`; `texts` carries what the detail pages of one city share, for a caller that
    /// renders the routes in order (each city's formats are next to each other).
    func contents(_ route: Route, reusing texts: inout SiteRenderer.CityTexts?) -> [UInt8] {
        switch route {
        case .indexManifest(.json): Array(manifestJSON.utf8)
        case .indexManifest(.script): script(route, Array(manifestJSON.utf8))
        case .indexShard(let n, .json): index.json(shards[n])
        case .indexShard(let n, .script): script(route, index.json(shards[n]))
        case .wordShard(let n, .json): index.wordJSON(wordShards[n], words)
        case .wordShard(let n, .script): script(route, index.wordJSON(wordShards[n], words))
        case .indexFavorites: Array(favoritesJSON.utf8)
        case .asset(let name): renderer.templates.assets[name] ?? []
        case .sitemap(let n): Array(Sitemap.file(n, of: sitemapPages.lazy.map { layout.url($0) ?? "" }).utf8)
        case .sitemapIndex:
            Array(Sitemap.index(of: (1...Sitemap.fileCount(urls: sitemapPages.count)).compactMap { layout.url(.sitemap($0)) }).utf8)
        case .robots: Array("User-agent: *\nAllow: /\nSitemap: \(layout.url(.sitemapIndex) ?? "")\n".utf8)
        case .cityData(let n): Array(renderer.compactDataFile(n, cities: compactData[n]).utf8)
        case .worldMap, .countryMap: mapImages[route] ?? drawMap(route)
        case .mapWindows(.json): renderer.maps.windowsJSON(layout)
        case .mapWindows(.script): script(route, renderer.maps.windowsJSON(layout))
        case .home, .favorites, .list, .city, .cityViewer, .countryIndex, .country, .notFound: renderer.page(route, reusing: &texts)
        }
    }

    /// The file at `route` with its precompressed copies in `encodings` where smaller, in path order (`a.html`,
    /// `a.html.br`, `a.html.gz`): what a folder and an archive write of a route.
    func withVariants(_ route: Route, _ encodings: [ContentEncoding], reusing texts: inout SiteRenderer.CityTexts?) -> [(path: String, bytes: [UInt8])] {
        let path = layout.path(route), bytes = contents(route, reusing: &texts)
        return [(path, bytes)] + ContentEncoding.variants(of: path, bytes, encodings)
    }

    private func script(_ route: Route, _ json: [UInt8]) -> [UInt8] {
        SearchIndexWriter.script(name: layout.indexName(route), json: json)
    }
}
