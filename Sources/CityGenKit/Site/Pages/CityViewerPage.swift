/// A compact site's one detail page, `city.html?id=N`, which shows any city from its data file (`CompactDataPage`).
struct CityViewerPage: PageKind {
    var name: String { "cityViewer" }
    var templates: [PageTemplate] { [.cityview] }
    var inSitemap: Bool { false }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        site.compact && formats.contains(.html) ? RouteList([.cityViewer]) : RouteList()
    }

    func appendPath(_ page: PageRoute, in layout: SiteLayout, to out: inout [UInt8]) { out += "city.html".utf8 }

    /// The page shows the city its URL names (`?id=N`) from that city's data file, so it holds only where they are.
    func render(_ page: PageRoute, with renderer: SiteRenderer, reusing texts: inout SiteRenderer.CityTexts?) -> Page {
        let words = renderer.words
        let head = SiteRenderer.PageHead(title: words["viewer.title"], description: words.say("viewer.description", ["title": renderer.title]))
        var context = renderer.common(.cityViewer, head)
        context.append(.dataFiles, number: SiteLayout.compactDataFiles(cities: renderer.catalog.count))
        context.append(.dataFolder, text: SiteLayout.relative(SiteLayout.compactDataFolder, from: renderer.layout.path(.cityViewer)))
        return renderer.render(.cityview, context, .cityViewer, head)
    }
}

extension Route {
    /// The compact site's one detail page.
    public static var cityViewer: Route { CityViewerPage().route(.html) }
}
