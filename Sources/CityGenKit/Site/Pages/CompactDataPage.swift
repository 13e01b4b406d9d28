/// A compact site's data file `city/<n>.js`: the detail pages of the cities whose id leaves `n` divided by the number
/// of such files, as `CityViewerPage` shows them.
struct CompactDataPage: PageKind {
    let name = "cityData"
    let templates: [PageTemplate] = [.city]
    let inSitemap = false

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        var routes = RouteList()
        if site.compact && formats.contains(.html) { routes.append(count: site.compactData.count, Route.cityData) }
        return routes
    }

    func path(_ page: PageRoute, in layout: SiteLayout) -> String { "\(SiteLayout.compactDataFolder)\(page.number).js" }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.compact ? indices.map { .cityData(SiteLayout.compactDataFile(of: site.catalog.cities[$0].id, cities: site.catalog.count)) } : []
    }

    func render(_ page: PageRoute, with renderer: SiteRenderer, reusing texts: inout SiteRenderer.CityTexts?) -> Page {
        let bytes = Array(renderer.compactDataFile(page.number, cities: renderer.site.compactData[page.number]).utf8)
        return Page(bytes: bytes, metadata: .init(title: "", description: "", language: renderer.site.settings.language, role: .data))
    }
}

extension Route {
    /// The compact site's data file `n`, from 0.
    public static func cityData(_ n: Int) -> Route { CompactDataPage().route(.html, number: n) }
}
