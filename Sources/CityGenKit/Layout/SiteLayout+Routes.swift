/// The files of a build: what `SiteLayout` lists for a build's contents, each once.
extension SiteLayout {
    /// What a build holds, as far as its list of files goes.
    public struct Contents: Sendable {
        public var formats: [PageFormat]
        public var listPages: Int
        /// The cities' ids, in list order.
        public var cityIDs: [Int]
        /// Each country's code and number of pages, in the order of the country index.
        public var countries: [(code: String, pages: Int)]
        public var shardCount: Int
        public var wordShardCount: Int
        public var assets: [String]

        public init(
            formats: [PageFormat], listPages: Int, cityIDs: [Int], countries: [(code: String, pages: Int)] = [], shardCount: Int,
            wordShardCount: Int = 0, assets: [String]
        ) {
            self.wordShardCount = wordShardCount
            self.formats = formats
            self.listPages = listPages
            self.cityIDs = cityIDs
            self.countries = countries
            self.shardCount = shardCount
            self.assets = assets
        }
    }

    /// Every file of a build, each once: what it plans, writes and records, in that order.
    public func routes(_ contents: Contents) -> RouteList {
        var routes = RouteList([.indexFavorites, .indexManifest(.json), .indexManifest(.script), .worldMap])
        routes.append(contents.countries.map { .countryMap(code: $0.code) })
        if contents.formats.contains(.html) { routes.append([.mapWindows(.json), .mapWindows(.script)]) }
        routes.append(count: contents.shardCount * 2) { .indexShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        routes.append(count: contents.wordShardCount * 2) { .wordShard($0 / 2, $0 % 2 == 0 ? .json : .script) }
        for format in contents.formats {
            routes.append([.home(format), .favorites(format)])
            routes.append(listPages(contents, format))
            if cityFolders == .compact && format == .html {
                routes.append([.cityViewer])
                routes.append(count: Self.compactDataFiles(cities: contents.cityIDs.count), Route.cityData)
            }
            routes.append(countryPages(contents, format))
        }
        // The detail pages, each city's formats one after the other: what they share is made once for both.
        let detailFormats = contents.formats.filter { !(cityFolders == .compact && $0 == .html) }
        let ids = contents.cityIDs
        routes.append(count: ids.count * detailFormats.count) { .city(id: ids[$0 / detailFormats.count], detailFormats[$0 % detailFormats.count]) }
        if contents.formats.contains(.html) {
            routes.append(contents.assets.map(Route.asset) + [.notFound])
            if baseURL != nil {
                routes.append(count: Sitemap.fileCount(urls: sitemapPages(contents).count)) { .sitemap($0 + 1) }
                routes.append([.sitemapIndex, .robots])
            }
        }
        return routes
    }

    /// The HTML pages a sitemap lists, in order.
    public func sitemapPages(_ contents: Contents) -> RouteList {
        var pages = RouteList([.home(.html), .favorites(.html)])
        pages.append(listPages(contents, .html))
        if cityFolders != .compact { pages.append(cityPages(contents, .html)) }
        pages.append(countryPages(contents, .html))
        return pages
    }

    private func listPages(_ contents: Contents, _ format: PageFormat) -> RouteList {
        var pages = RouteList()
        pages.append(count: max(1, contents.listPages)) { .list(page: $0 + 1, format) }
        return pages
    }

    private func cityPages(_ contents: Contents, _ format: PageFormat) -> RouteList {
        let ids = contents.cityIDs
        var pages = RouteList()
        pages.append(count: ids.count) { .city(id: ids[$0], format) }
        return pages
    }

    /// The number of data files of a compact site: about 100 cities each, at most 2,000 (a full site: 2,000 files
    /// of about 105 cities). A city's URL does not name its file, so this may change with the data.
    public static func compactDataFiles(cities: Int) -> Int { max(1, min(2_000, (cities + 99) / 100)) }

    private func countryPages(_ contents: Contents, _ format: PageFormat) -> RouteList {
        RouteList([.countryIndex(format)] + contents.countries.flatMap { country in (1...country.pages).map { .country(code: country.code, page: $0, format) } })
    }
}
