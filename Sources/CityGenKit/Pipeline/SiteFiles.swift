/// The bytes of every file of a site, by route: pages from their kinds through the renderer, the search index, the
/// maps, the sitemap, the assets. Pure, and safe to call from several threads.
final class SiteFiles: Sendable {
    let site: Site
    let renderer: SiteRenderer

    init(site: Site, templates: TemplateSet) {
        self.site = site
        self.renderer = SiteRenderer(site: site, templates: templates)
    }

    var layout: SiteLayout { site.layout }
    /// Every file the build writes, in order.
    var routes: RouteList { site.routes }

    /// One file of the site: its path, its bytes, and what it says of itself when it is a page.
    struct File {
        let path: String
        let bytes: [UInt8]
        let page: Page.Metadata?
    }

    private func drawMap(_ route: Route) -> [UInt8] {
        switch route {
        case .countryMap(let code, let part): site.maps.countryPNG(site.countries.group(id: code)!, part: part, site.catalog)
        case .regionMap(let region): site.maps.regionPNG(region, cities: site.regions.group(id: region.groupID)!.cities, site.catalog)
        default: site.maps.worldPNG(site.catalog)
        }
    }

    /// The bytes of the file at `route`.
    func contents(_ route: Route) -> [UInt8] { file(route).bytes }

    /// Whether `a` and `b` are made in one call: a city's formats, which share its texts.
    static func madeTogether(_ a: Route, _ b: Route) -> Bool {
        guard case .page(.city(let x, _)) = a, case .page(.city(let y, _)) = b else { return false }
        return x == y
    }

    /// The file at `route`.
    func file(_ route: Route) -> (bytes: [UInt8], page: Page.Metadata?) {
        let index = site.index
        let bytes: [UInt8]
        switch route {
        case .page(let page):
            let rendered = renderer.page(page)
            return (rendered.bytes, rendered.metadata)
        case .indexManifest(.json): bytes = Array(index.manifestJSON.utf8)
        case .indexManifest(.script): bytes = script(route, Array(index.manifestJSON.utf8))
        case .indexShard(let n, .json): bytes = index.writer.json(index.shards[n])
        case .indexShard(let n, .script): bytes = script(route, index.writer.json(index.shards[n]))
        case .wordShard(let n, .json): bytes = index.writer.wordJSON(index.wordShards[n], index.wordRows)
        case .wordShard(let n, .script): bytes = script(route, index.writer.wordJSON(index.wordShards[n], index.wordRows))
        case .typoShard(let n, .json): bytes = index.typoJSON(n)
        case .typoShard(let n, .script): bytes = script(route, index.typoJSON(n))
        case .topShard(let n, .json): bytes = index.topJSON(n)
        case .topShard(let n, .script): bytes = script(route, index.topJSON(n))
        case .indexFavorites: bytes = Array(index.favoritesJSON.utf8)
        case .asset(let name): bytes = name == "search.js" ? renderer.searchScript : renderer.templates.assets[name] ?? []
        case .sitemap(let n): bytes = Array(sitemap(n).utf8)
        case .sitemapIndex:
            bytes = Array(Sitemap.index(of: (1...Sitemap.fileCount(urls: site.sitemapURLCount)).compactMap { layout.url(.sitemap($0)) }).utf8)
        case .robots: bytes = Array("User-agent: *\nAllow: /\nSitemap: \(layout.url(.sitemapIndex) ?? "")\n".utf8)
        case .worldMap, .countryMap, .regionMap: bytes = drawMap(route)
        case .icon: bytes = SiteIcon.ico
        case .mapTile(let tile): bytes = MapTileSet.bundled.png(tile) ?? []
        case .mapDots(let tile): bytes = site.density.tiles[tile] ?? []
        case .mapPoints(let n): bytes = site.points.script(n, catalog: site.catalog, places: site.places, labels: site.placeLabels)
        case .mapPointIDs(let n): bytes = site.points.idScript(n, catalog: site.catalog)
        case .mapWindow(let code, .json): bytes = site.maps.windowJSON(code, layout)
        case .mapWindow(let code, .script): bytes = script(route, site.maps.windowJSON(code, layout))
        }
        return (bytes, nil)
    }

    /// The files at `routes` (routes `madeTogether`, or one), whose paths are `paths` (`layout.path`, which callers have
    /// made already), each with its precompressed copies in `encodings` where smaller, in path order (`a.html`,
    /// `a.html.br`, `a.html.gz`): what a folder and an archive write of them.
    func withVariants(_ routes: [Route], at paths: [String], _ encodings: [ContentEncoding]) -> [File] {
        let pages = routes.compactMap(\.page)
        let made = routes.count > 1 && pages.count == routes.count ? renderer.pages(pages).map { ($0.bytes, $0.metadata) } : routes.map(file)
        return zip(made, paths).flatMap { made, path in
            [File(path: path, bytes: made.0, page: made.1)]
                + ContentEncoding.variants(of: path, made.0, encodings).map { File(path: $0.path, bytes: $0.bytes, page: nil) }
        }
    }

    /// `withVariants` of one route.
    func withVariants(_ route: Route, at path: String, _ encodings: [ContentEncoding]) -> [File] {
        withVariants([route], at: [path], encodings)
    }

    /// Sitemap file `n`: every page of the sitemap, and on a site in several languages each in every language, with
    /// its translations.
    private func sitemap(_ n: Int) -> String {
        let pages = site.sitemapPages, translations = site.settings.translations, layout = layout
        guard !translations.isEmpty else { return Sitemap.file(n, of: pages.lazy.map { layout.url($0) ?? "" }) }
        return Sitemap.file(n, count: site.sitemapURLCount) { i in
            let page = pages[i / translations.count]
            let alternates = translations.map { Sitemap.Alternate(hreflang: $0.language.code, href: $0.layout.url(page) ?? "") }
            return (alternates[i % translations.count].href, alternates + [Sitemap.Alternate(hreflang: "x-default", href: alternates[0].href)])
        }
    }

    private func script(_ route: Route, _ json: [UInt8]) -> [UInt8] {
        SearchIndexWriter.script(name: layout.indexName(route), json: json)
    }
}
