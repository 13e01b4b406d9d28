/// `favorites.html` and `favorites.md`: the config's favorites in SPEC §3 order (SPEC §6).
struct FavoritesPage: PageKind {
    var name: String { "favorites" }
    var templates: [PageTemplate] { [.favorites] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList { onePage(in: formats, PageRoute.favorites) }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] { site.formats.map(Route.favorites) }
}

extension Route {
    /// The favorites page.
    public static func favorites(_ format: PageFormat) -> Route { .page(.favorites(format)) }
}

extension SiteRenderer {
    func favoritesPage(_ format: PageFormat) -> Page {
        let route = Route.favorites(format)
        let links = layout.links(from: route)
        var rows = TemplateRows()
        for index in favorites.sorted() {
            appendRow(index, from: links, to: &rows)
            rows.appendText(.listHref) { appendListRowHref(index, from: links, to: &$0) }
            rows.append(.listPage, text: language.grouped(plan.page(ofCityAt: index)))
            rows.endRow()
        }
        let head = PageHead(title: words["favorites.heading"], description: words.say("favorites.description", ["title": title]))
        var context = common(route, head)
        appendCityURL(from: route, to: &context)
        context.append(.favorites, rows: rows)
        if rows.count > 0 {
            context.append(.favoritesText, text: words.say("favorites.count", count: rows.count, ["count": language.grouped(rows.count)]))
        }
        return render(.favorites, context, route, head)
    }
}
