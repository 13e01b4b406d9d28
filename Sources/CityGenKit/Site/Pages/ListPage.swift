/// `list/<n>`: the paginated alphabetical list of every city (SPEC §5).
struct ListPage: PageKind {
    var name: String { "list" }
    var templates: [PageTemplate] { [.list, .pager, .largest, .listed, .trail] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        var routes = RouteList()
        let pages = site.plan.pageCount
        for format in formats { routes.append(count: pages) { .list(page: $0 + 1, format) } }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.formats.flatMap { format in indices.map { .list(page: site.plan.page(ofCityAt: $0), format) } }
    }
}

extension Route {
    /// List page `page`, from 1.
    public static func list(page: Int, _ format: PageFormat) -> Route { .page(.list(page: page, format)) }
}

extension SiteRenderer {
    func list(page: Int, _ format: PageFormat) -> Page {
        let route = Route.list(page: page, format)
        let links = layout.links(from: route)
        let heading = words.say("list.heading", ["page": language.grouped(page), "pages": language.grouped(plan.pageCount)])
        let head = PageHead(title: heading, description: span(heading, plan.cities(onPage: page)))
        var context = common(route, head)
        context.append(.heading, text: heading)
        appendList(plan.cities(onPage: page), page: page, of: plan.pageCount, from: links, to: &context) { .list(page: $0, format) }
        appendTrail(trail(ofListPage: page, format), from: links, route, to: &context)
        return render(.list, context, route, head)
    }
}
