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
    func contents(_ route: Route) -> [UInt8] {
        var texts: SiteRenderer.CityTexts?
        return file(route, reusing: &texts).bytes
    }

    /// The file at `route`; `texts` carries what the detail pages of one city share, for a caller that renders the
    /// routes in order (each city's formats are next to each other).
    func file(_ route: Route, reusing texts: inout SiteRenderer.CityTexts?) -> (bytes: [UInt8], page: Page.Metadata?) {
        let index = site.index
        let bytes: [UInt8]
        switch route {
        case .page(let page):
            let rendered = renderer.page(page, reusing: &texts)
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
        case .mapWindow(let code, .json): bytes = site.maps.windowJSON(code, layout)
        case .mapWindow(let code, .script): bytes = script(route, site.maps.windowJSON(code, layout))
        }
        return (bytes, nil)
    }

    /// The file at `route`, whose path is `path` (`layout.path(route)`, which callers have made already), with its
    /// precompressed copies in `encodings` where smaller, in path order (`a.html`, `a.html.br`, `a.html.gz`): what a
    /// folder and an archive write of a route.
    func withVariants(_ route: Route, at path: String, _ encodings: [ContentEncoding], reusing texts: inout SiteRenderer.CityTexts?) -> [File] {
        let made = file(route, reusing: &texts)
        return [File(path: path, bytes: made.bytes, page: made.page)]
            + ContentEncoding.variants(of: path, made.bytes, encodings).map { File(path: $0.path, bytes: $0.bytes, page: nil) }
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
