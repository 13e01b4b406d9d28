/// A compact site's one detail page, `city.html?id=N`, which shows any city from its data file (`CompactDataPage`).
struct CityViewerPage: PageKind {
    var name: String { "cityViewer" }
    var templates: [PageTemplate] { [.cityview] }
    var inSitemap: Bool { false }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        site.compact && formats.contains(.html) ? RouteList([.cityViewer]) : RouteList()
    }
}

extension Route {
    /// The compact site's one detail page.
    public static var cityViewer: Route { .page(.cityViewer) }
}

extension SiteRenderer {
    /// The page shows the city its URL names (`?id=N`) from that city's data file, so it holds only where they are.
    func cityViewer() -> Page {
        let head = PageHead(title: words["viewer.title"], description: words.say("viewer.description", ["title": title]))
        var context = common(.cityViewer, head)
        context.append(.dataFiles, number: SiteLayout.compactDataFiles(cities: catalog.count))
        context.append(.dataFolder, text: SiteLayout.relative(SiteLayout.compactDataFolder, from: layout.path(.cityViewer)))
        return render(.cityview, context, .cityViewer, head)
    }
}
