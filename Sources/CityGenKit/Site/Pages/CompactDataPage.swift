/// A compact site's data file `city/<n>.js`: the detail pages of the cities whose id leaves `n` divided by the number
/// of such files, as `CityViewerPage` shows them.
struct CompactDataPage: PageKind {
    var name: String { "cityData" }
    var templates: [PageTemplate] { [.city] }
    var inSitemap: Bool { false }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        var routes = RouteList()
        if site.compact && formats.contains(.html) { routes.append(count: site.compactData.count, Route.cityData) }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.compact ? indices.map { .cityData(SiteLayout.compactDataFile(of: site.catalog.cities[$0].id, cities: site.catalog.count)) } : []
    }

    /// Data file `n`.
    static func render(_ n: Int, with renderer: SiteRenderer) -> Page {
        let bytes = Array(Self.script(n, cities: renderer.site.compactData[n], renderer: renderer).utf8)
        return Page(bytes: bytes, metadata: .init(title: "", description: "", language: renderer.site.settings.language.iso639_3, role: .data))
    }

    /// Data file `n`: for each of `cities`, its page title and its detail page's `<main>`, with links from `city.html`,
    /// as a script for `file://`: `citygenCities(n, {"id": [title, html]})`.
    private static func script(_ n: Int, cities: [Int], renderer: SiteRenderer) -> String {
        var js = "citygenCities(\(n),{"
        for (k, index) in cities.enumerated() {
            let texts = renderer.cityTexts(index)
            var bytes: [UInt8] = []
            renderer.templates.appendHTML(.city, renderer.cityContext(texts, [.html]), to: &bytes)
            let html = String(decoding: bytes, as: UTF8.self)
            js += (k == 0 ? "" : ",\n") + "\"\(renderer.catalog.cities[index].id)\":["
                + JSONText.quotedForScriptFile(texts.pageTitle) + "," + JSONText.quotedForScriptFile(html) + "]"
        }
        return js + "});\n"
    }
}

extension Route {
    /// The compact site's data file `n`, from 0.
    public static func cityData(_ n: Int) -> Route { .page(.cityData(file: n)) }
}
