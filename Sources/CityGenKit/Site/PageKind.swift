/// One kind of page of the site, an output kind rendered from a template: a type in `Site/Pages/` and a case of
/// `PageRoute`, listed in `PageKinds.all` (docs/design.md, "Kinds of file").
protocol PageKind: OutputKind {
    /// Its name, for messages and tests.
    var name: String { get }
    /// The Markdown templates its pages render, which `TemplateSet` loads.
    var templates: [PageTemplate] { get }
    /// Whether its HTML pages are listed in the sitemap.
    var inSitemap: Bool { get }
    /// Whether links from its pages are absolute (the 404 page is served at any path).
    var linksAbsolutely: Bool { get }
}

extension PageKind {
    var inSitemap: Bool { true }
    var linksAbsolutely: Bool { false }

    /// The routes of this kind's one page, `route(format)`, in each of `formats`.
    func onePage(in formats: [PageFormat], _ route: (PageFormat) -> PageRoute) -> RouteList {
        RouteList(formats.map { .page(route($0)) })
    }
}

/// Every kind of page, in the order a site lists them (and its sitemap, of those it holds).
enum PageKinds {
    static let all: [any PageKind] = [
        HomePage(), FavoritesPage(), ListPage(), CityViewerPage(), CompactDataPage(), CityPage(), GroupingPage(), NotFoundPage(), ExplorePage(),
    ]
}
