/// One kind of page of the site: which pages a site has of it, where each goes, which of them show the favorites,
/// and how one renders. A new kind of page is a type of this protocol (in `Site/Pages/`), its template, and its line
/// in `PageKinds.all`: the routes, the sitemap, incremental builds and archives all ask the kinds.
protocol PageKind: Sendable {
    /// Its name in routes (`PageRoute.kind`).
    var name: String { get }
    /// The Markdown templates its pages render, which `TemplateSet` loads.
    var templates: [PageTemplate] { get }
    /// Whether its HTML pages are listed in the sitemap.
    var inSitemap: Bool { get }
    /// Whether links from its pages are absolute (the 404 page is served at any path).
    var linksAbsolutely: Bool { get }
    /// Its pages in `site` in the formats `formats` (of the site's), in the order they are written.
    func routes(in site: Site, formats: [PageFormat]) -> RouteList
    /// Appends the file of `page`, relative to the output folder, by the rules of `layout`, to `out`: as bytes,
    /// since pages link to pages of other kinds by the hundred thousand.
    func appendPath(_ page: PageRoute, in layout: SiteLayout, to out: inout [UInt8])
    /// Its pages that a change of the favorites at catalog indices `indices` changes: those that mark one of them,
    /// and those that list the favorites at all.
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route]
    /// The page `page`, rendered; `texts` carries what a city's pages share from one format to the next.
    func render(_ page: PageRoute, with renderer: SiteRenderer, reusing texts: inout SiteRenderer.CityTexts?) -> Page
}

extension PageKind {
    var inSitemap: Bool { true }
    var linksAbsolutely: Bool { false }
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] { [] }

    /// The file of `page`, relative to the output folder (`appendPath`).
    func path(_ page: PageRoute, in layout: SiteLayout) -> String {
        var path: [UInt8] = []
        appendPath(page, in: layout, to: &path)
        return String(decoding: path, as: UTF8.self)
    }

    /// The route of this kind's page in `format` picked by `number` and `key`.
    func route(_ format: PageFormat, number: Int = 0, key: String = "") -> Route {
        .page(PageRoute(name, format, number: number, key: key))
    }

    /// The routes of this kind's one page in each of `formats`.
    func onePage(in formats: [PageFormat]) -> RouteList {
        RouteList(formats.map { route($0) })
    }
}

/// Every kind of page, in the order a site lists them (and its sitemap, of those it holds).
enum PageKinds {
    static let all: [any PageKind] = [
        HomePage(), FavoritesPage(), ListPage(), CityViewerPage(), CompactDataPage(), CityPage(), CountryIndexPage(), CountryPage(),
        RegionPage(), NotFoundPage(),
    ]

    /// The names of `all`, in its order.
    private static let names = all.map(\.name)

    /// The kind of `page`, asked for every link: a scan of ten short names, each compared in place.
    static func kind(of page: PageRoute) -> any PageKind {
        guard let index = names.firstIndex(of: page.kind) else { preconditionFailure("no page kind \(page.kind)") }
        return all[index]
    }
}
