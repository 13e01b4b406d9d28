/// `index.html` and `index.md`: the search UI, the jump index to the list pages, the world map (SPEC §5).
struct HomePage: PageKind {
    var name: String { "home" }
    var templates: [PageTemplate] { [.home, .largest, .listed] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList { onePage(in: formats, PageRoute.home) }

    /// It counts the favorites and inlines them for the search UI's filter.
    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] { site.formats.map(Route.home) }
}

extension Route {
    /// The home page.
    public static func home(_ format: PageFormat) -> Route { .page(.home(format)) }
}

extension SiteRenderer {
    func home(_ format: PageFormat) -> Page {
        let route = Route.home(format)
        let links = layout.links(from: route)
        var initials = TemplateRows()
        for (n, initial) in plan.initials.enumerated() {
            initials.append(.label, text: initial.label)
            initials.append(.noInitial, text: words.say("home.noInitial", ["initial": initial.label]))
            initials.append(.separator, text: n < plan.initials.count - 1 ? " · " : "")
            if let first = initial.first { initials.append(.href, text: listRowHref(first, from: links)) }
            initials.endRow()
        }
        let head = PageHead(
            title: nil,
            description: words.say("home.description", ["count": language.grouped(plan.cityCount)]))
        var context = common(route, head)
        appendCityURL(from: route, to: &context)
        context.append(.cityCount, text: language.grouped(plan.cityCount))
        context.append(.pageCount, text: language.grouped(plan.pageCount))
        context.append(.initials, rows: initials)
        context.append(.firstPage, text: layout.href(to: .list(page: 1, format), from: route))
        context.append(.favoriteCount, text: language.grouped(favorites.count))
        context.append(.favoritesHref, text: layout.href(to: .favorites(format), from: route))
        for plan in site.groupings where plan.written {
            guard let index = plan.grouping.index else { continue }
            context.append(index.homeHref, text: layout.href(to: .page(.groupIndex(folder: plan.grouping.folder, format)), from: route))
            context.append(index.homeCount, text: language.grouped(plan.groups.count))
        }
        if format == .html { context.append(.exploreHref, text: layout.href(to: .explore, from: route)) }
        context.append(.favoritesJSON, text: format == .html ? site.index.favoritesJSON : "")
        context.append(.indexHref, text: layout.indexFolderHref(from: route))
        if format == .html && catalog.count > 0 {
            context.append(.firstCity, object: firstCity(from: links))
        } else {
            context.append(.firstCity, flag: false)
        }
        let alt = words.say("home.worldMapAlt", ["count": language.grouped(plan.cityCount), "title": title])
        context.append(.worldMap, object: mapRow(.worldMap, maps.world, alt: alt, from: links))
        appendLargest(site.largest.world, from: links, to: &context)
        return render(.home, context, route, head, role: format == .html ? .main : .article)
    }

    /// The first city of the list, shown in the home page's detail panel before any search, so that the split
    /// view is never blank and the panel's heading never empty.
    private func firstCity(from links: SiteLayout.Links) -> TemplateRows {
        let texts = cityTexts(0)
        let city = catalog.cities[0], locator = maps.locator(of: city), marker = maps.marker(for: city, on: locator.window)
        var row = TemplateRows()
        appendMap(locator.route, locator.window, alt: words.say("city.mapAltOwnCountry", ["place": texts.label]), from: links, to: &row)
        row.append(.markerLeft, text: marker.left)
        row.append(.markerTop, text: marker.top)
        row.append(.label, text: texts.label)
        row.append(.coordinates, text: texts.coordinates)
        row.append(.facts, text: resultFacts(0))
        row.append(.osmURL, text: texts.osmURL)
        row.append(.href, text: links.href(to: .city(id: city.id, .html)))
        row.endRow()
        return row
    }
}
