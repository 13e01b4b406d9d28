/// A compact site's one detail page, `city.html?id=N`, which shows any city from its data file (`CompactDataPage`).
struct CityViewerPage: PageKind {
    var name: String { "cityViewer" }
    var templates: [PageTemplate] { [.cityview] }
    var inSitemap: Bool { false }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        site.compact && formats.contains(.html) ? RouteList([.cityViewer]) : RouteList()
    }

    func path(_ page: PageRoute, in layout: SiteLayout) -> String { "city.html" }

    func render(_ page: PageRoute, with renderer: SiteRenderer, reusing texts: inout SiteRenderer.CityTexts?) -> Page {
        renderer.cityViewer()
    }
}

extension Route {
    /// The compact site's one detail page.
    public static var cityViewer: Route { CityViewerPage().route(.html) }
}

extension SiteRenderer {
    /// `city.html` of a compact site: it shows the city its URL names (`?id=N`) from that city's data file.
    func cityViewer() -> Page {
        let route = Route.cityViewer
        let head = PageHead(title: "City", description: "One place of \(title), with its map and the nearest places.")
        var context = common(route, head)
        context.append(.dataFiles, number: SiteLayout.compactDataFiles(cities: catalog.count))
        context.append(.dataFolder, text: SiteLayout.relative(SiteLayout.compactDataFolder, from: layout.path(route)))
        return render(.cityview, context, route, head)
    }
}
