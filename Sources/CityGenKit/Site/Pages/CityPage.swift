/// `city/…/<id>`: one detail page per city (SPEC §5); on a compact site only in Markdown, the HTML being
/// `CityViewerPage` over `CompactDataPage`.
struct CityPage: PageKind {
    var name: String { "city" }
    var templates: [PageTemplate] { [.city, .trail] }

    /// The formats a site has a file per city in.
    private func detailFormats(_ site: Site, _ formats: [PageFormat]) -> [PageFormat] {
        formats.filter { !(site.layout.cityFolders == .compact && $0 == .html) }
    }

    /// Each city's formats one after the other: what they share is made once for both.
    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        let formats = detailFormats(site, formats), catalog = site.catalog
        var routes = RouteList()
        routes.append(count: catalog.count * formats.count) { .city(id: catalog.cities[$0 / formats.count].id, formats[$0 % formats.count]) }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        detailFormats(site, site.formats).flatMap { format in indices.map { .city(id: site.catalog.cities[$0].id, format) } }
    }
}

extension Route {
    /// The detail page of the city with this id.
    public static func city(id: Int, _ format: PageFormat) -> Route { .page(.city(id: id, format)) }

    /// The id of the city whose detail page this is, if it is one.
    public var cityID: Int? {
        if case .page(.city(let id, _)) = self { id } else { nil }
    }
}
