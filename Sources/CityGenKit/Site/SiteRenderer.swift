import Foundation

/// Renders the pages of a `SitePlan`: Markdown from the templates, and HTML as that Markdown rendered by
/// cmark inside the layout. Pure: it returns text and never touches the file system.
struct SiteRenderer: Sendable {
    let catalog: CityCatalog
    let plan: SitePlan
    let templates: TemplateSet
    let title: String
    /// Catalog indices of the favorites.
    let favorites: Set<Int>
    /// Country names by code, where known.
    let countryNames: [String: String]
    /// The country pages.
    let countries: CountryPlan
    /// The nearest cities of each city, for detail pages.
    let nearest: NearestCities
    /// Where pages go and how they link.
    let layout: SiteLayout
    /// Catalog indices by city id, to render a `Route.city`.
    let indexByID: CityIDIndex
    /// `search/favorites.json`, inlined in the home page so the favorites filter loads nothing.
    let favoritesJSON: String
    /// `frame` of the detail pages, by format: all of them are as deep below `city/`, and link to nothing in it.
    let detailFrames: [PageFormat: TemplateContext]
    /// The world map and each country's map window.
    let maps: SiteMaps
    /// What detail pages show of the OpenStreetMap viewer.
    let mapMode: MapMode

    init(
        catalog: CityCatalog, plan: SitePlan, templates: TemplateSet, title: String, favorites: Set<Int> = [],
        layout: SiteLayout = SiteLayout(), favoritesJSON: String = "", nearest: NearestCities? = nil, mapMode: MapMode = .locator
    ) {
        self.nearest = nearest ?? NearestCities(catalog: catalog)
        self.catalog = catalog
        self.plan = plan
        self.templates = templates
        self.title = title
        self.favorites = favorites
        self.layout = layout
        self.favoritesJSON = favoritesJSON
        self.countryNames = CountryNames.names(for: Set(catalog.cities.lazy.map(\.country)))
        self.countries = CountryPlan(catalog: catalog, names: countryNames, pageSize: plan.pageSize)
        self.maps = SiteMaps(catalog: catalog, countries: countries)
        self.mapMode = mapMode
        self.indexByID = catalog.indicesByID()
        let id = catalog.cities.first?.id ?? 0
        self.detailFrames = Dictionary(
            uniqueKeysWithValues: PageFormat.allCases.map { ($0, Self.frame(.city(id: id, $0), layout: layout, title: title)) })
    }

    /// The UTF-8 text of the page at `route` (pages only: home, favorites, list, city and not-found pages);
    /// `texts` carries what a city's detail pages share from one format to the next.
    func page(_ route: Route, reusing texts: inout CityTexts?) -> [UInt8] {
        switch route {
        case .home(let format): home(format)
        case .favorites(let format): favoritesPage(format)
        case .list(let page, let format): list(page: page, format)
        case .city(let id, let format): city(at: indexByID[id]!, format, reusing: &texts)
        case .countryIndex(let format): countryIndex(format)
        case .country(let code, let page, let format): country(code, page: page, format)
        case .notFound: notFoundPage()
        case .cityViewer: cityViewer()
        default: preconditionFailure("\(route) is not a page")
        }
    }

    func home(_ format: PageFormat) -> [UInt8] {
        let route = Route.home(format)
        let links = layout.links(from: route)
        var initials = TemplateRows()
        for (n, initial) in plan.initials.enumerated() {
            initials.append(.label, text: initial.label)
            initials.append(.labelHTML, text: HTMLEscaping.escape(initial.label))
            let none = initial.label == SitePlan.otherScripts ? "No names in other scripts" : "No names start with \(initial.label)"
            initials.append(.noneHTML, text: HTMLEscaping.escape(none))
            initials.append(.separator, text: n < plan.initials.count - 1 ? " · " : "")
            if let first = initial.first { initials.append(.href, text: listRowHref(first, from: links)) }
            initials.endRow()
        }
        let description = "Search \(Digits.grouped(plan.cityCount)) places of the world by name and country, browse them "
            + "alphabetically or by country, and see each on a map."
        var context = common(route, pageTitle: title, description: description)
        context.append(.cityCount, text: Digits.grouped(plan.cityCount))
        context.append(.pageCount, text: Digits.grouped(plan.pageCount))
        context.append(.initials, rows: initials)
        context.append(.firstPage, text: layout.href(to: .list(page: 1, format), from: route))
        context.append(.favoriteCount, number: favorites.count)
        context.append(.favoritesHref, text: layout.href(to: .favorites(format), from: route))
        context.append(.countriesHref, text: layout.href(to: .countryIndex(format), from: route))
        context.append(.countryCount, text: Digits.grouped(countries.countries.count))
        context.append(.favoritesJSON, text: format == .html ? favoritesJSON : "")
        context.append(.indexHref, text: layout.indexFolderHref(from: route))
        if format == .html && catalog.count > 0 {
            context.append(.firstCity, object: firstCity(from: links))
        } else {
            context.append(.firstCity, flag: false)
        }
        let alt = "Map of the world with the \(Digits.grouped(plan.cityCount)) places of \(title) as dots, darker where they are denser"
        context.append(.worldMap, object: mapRow(.worldMap, maps.world, alt: alt, from: links))
        return render(.home, context, route)
    }

    /// The first city of the list, shown in the home page's detail panel before any search, so that the split
    /// view is never blank and the panel's heading never empty.
    private func firstCity(from links: SiteLayout.Links) -> TemplateRows {
        var memo: CityTexts?
        let texts = cityTexts(0, reusing: &memo)
        let city = catalog.cities[0], marker = maps.marker(for: city)
        var row = TemplateRows()
        appendMap(.countryMap(code: city.country), maps.windows[city.country]!, alt: "\(texts.label) on the map of its country", from: links, to: &row)
        row.append(.markerLeft, text: marker.left)
        row.append(.markerTop, text: marker.top)
        row.append(.labelHTML, text: HTMLEscaping.escape(texts.label))
        row.append(.coordinates, text: texts.coordinates)
        row.append(.osmURLHTML, text: HTMLEscaping.escape(texts.osmURL))
        row.append(.hrefHTML, text: HTMLEscaping.escape(links.href(to: .city(id: city.id, .html))))
        row.endRow()
        return row
    }

    /// The two pagers of a list page: landmarks with different names (axe's `landmark-unique`); none on a list of
    /// one page.
    static let pagerLabels: (top: TemplateValue, bottom: TemplateValue) = (
        .object([.pagerLabel: "Pages"]), .object([.pagerLabel: "Pages, end of the list"])
    )

    func list(page: Int, _ format: PageFormat) -> [UInt8] {
        let route = Route.list(page: page, format)
        let links = layout.links(from: route)
        let heading = "Cities, page \(Digits.grouped(page)) of \(Digits.grouped(plan.pageCount))"
        var context = common(route, pageTitle: "\(heading) · \(title)", description: span(heading, plan.cities(onPage: page)))
        context.append(.heading, text: heading)
        appendList(plan.cities(onPage: page), page: page, of: plan.pageCount, from: links, to: &context) { .list(page: $0, format) }
        return render(.list, context, route)
    }

    /// The index of countries: name, code and number of cities of each, in order of the name.
    func countryIndex(_ format: PageFormat) -> [UInt8] {
        let route = Route.countryIndex(format)
        let links = layout.links(from: route)
        var rows = TemplateRows()
        for country in countries.countries {
            rows.append(.name, text: country.name)
            rows.append(.count, text: Digits.grouped(country.cities.count))
            rows.append(.cities, text: country.cities.count == 1 ? "city" : "cities")
            rows.append(.href, text: links.href(to: .country(code: country.code, page: 1, format)))
            if !country.code.isEmpty { rows.append(.code, text: country.code) }
            rows.endRow()
        }
        var context = common(
            route, pageTitle: "Countries · \(title)",
            description: "The \(Digits.grouped(countries.countries.count)) countries and territories of \(title), with the number of places in each.")
        context.append(.countries, rows: rows)
        context.append(.countryCount, text: Digits.grouped(rows.count))
        context.append(.listHref, text: links.href(to: .list(page: 1, format)))
        return render(.countries, context, route)
    }

    /// Page `page` of the cities of the country `code`, with the rows and pager of a list page.
    func country(_ code: String, page: Int, _ format: PageFormat) -> [UInt8] {
        let route = Route.country(code: code, page: page, format)
        let country = countries.country(code)!
        let links = layout.links(from: route)
        let pages = countries.pageCount(country)
        let named = country.code.isEmpty ? country.name : "\(country.name) (\(country.code))"
        let heading = "\(named): cities, page \(Digits.grouped(page)) of \(Digits.grouped(pages))"
        let onPage = countries.cities(of: country, onPage: page)
        var context = common(route, pageTitle: "\(heading) · \(title)", description: span(heading, onPage))
        context.append(.heading, text: heading)
        if page == 1 {
            let alt = "Map of \(named): its \(Digits.grouped(country.cities.count)) \(country.cities.count == 1 ? "place" : "places") as dots"
            context.append(.countryMap, object: mapRow(.countryMap(code: code), maps.windows[code]!, alt: alt, from: links))
        }
        appendList(onPage, page: page, of: pages, from: links, to: &context) { .country(code: code, page: $0, format) }
        return render(.list, context, route)
    }

    /// Appends what a template gets of a map image to `row`: its link from the page, size, and alt text (escaped
    /// for HTML too).
    func appendMap(_ route: Route, _ window: MapWindow, alt: String, from links: SiteLayout.Links, to row: inout TemplateRows) {
        row.append(.mapHref, text: links.href(to: route))
        row.append(.mapWidth, number: window.width)
        row.append(.mapHeight, number: window.height)
        row.append(.mapAlt, text: alt)
        row.append(.mapAltHTML, text: HTMLEscaping.escape(alt))
    }

    /// A map image as an object of its own (`appendMap`).
    private func mapRow(_ route: Route, _ window: MapWindow, alt: String, from links: SiteLayout.Links) -> TemplateRows {
        var row = TemplateRows()
        appendMap(route, window, alt: alt, from: links, to: &row)
        row.endRow()
        return row
    }

    /// Appends what every list page (`list.md.mustache`) shows: the rows of `cities` and, when there is more than
    /// one page, the two pagers of page `page` of `pages`, whose page n is `route(n)`.
    private func appendList(
        _ cities: some Sequence<Int>, page: Int, of pages: Int, from links: SiteLayout.Links, to context: inout TemplateContext, _ route: (Int) -> Route
    ) {
        context.append(.cities, rows: rows(cities, from: links))
        context.append(.pager, rows: pager(current: page, last: pages, route))
        context.append(.pagerTop, pages > 1 ? Self.pagerLabels.top : false)
        context.append(.pagerBottom, pages > 1 ? Self.pagerLabels.bottom : false)
    }

    /// A list page's description: its heading and the first and last city it shows.
    private func span<Indices: Collection<Int>>(_ heading: String, _ indices: Indices) -> String {
        guard let first = indices.first, let last = indices.reversed().first else { return heading + "." }
        return "\(heading): from \(catalog.label(first)) to \(catalog.label(last))."
    }

    /// What every page's templates get: titles, description, the format, and the links every page has; with a
    /// base URL, the page's canonical URL.
    func common(_ page: Route, pageTitle: String, description: String) -> TemplateContext {
        let frame =
            if case .city = page, let detailFrame = detailFrames[page.format!] { detailFrame } else { Self.frame(page, layout: layout, title: title) }
        var context = frame
        context.reserveCapacity(entries: 64, bytes: 4096)
        context.append(.pageTitle, text: pageTitle)
        context.append(.description, text: description)
        if page != .notFound, let url = layout.url(page) { context.append(.canonical, text: url) }
        return context
    }

    /// What `common` gives every page of `page`'s folder: the site's title, the links to the root, home, the
    /// stylesheet and the search script.
    static func frame(_ page: Route, layout: SiteLayout, title: String) -> TemplateContext {
        let format = page.format!
        let links = layout.links(from: page)
        let root = layout.root(from: page)
        var context = TemplateContext()
        context.append(.siteTitle, text: title)
        context.append(.root, text: root)
        context.append(.ext, text: format.fileExtension)
        context.append(.html, flag: format == .html)
        context.append(.homeHref, text: links.href(to: .home(format)))
        context.append(.stylesheetHref, text: links.href(to: .asset("style.css")))
        context.append(.searchScriptHref, text: links.href(to: .asset("search.js")))
        context.append(.cityURL, text: root + layout.cityURLTemplate)
        return context
    }

    func render(_ template: PageTemplate, _ context: consuming TemplateContext, _ page: Route) -> [UInt8] {
        wrap(templates.markdown(template, context), context, page.format!)
    }

    /// The page for `markdown`: as is in Markdown; rendered by cmark inside the layout in HTML.
    func wrap(_ markdown: [UInt8], _ layoutContext: consuming TemplateContext, _ format: PageFormat) -> [UInt8] {
        guard format == .html else { return markdown }
        layoutContext.appendText(.body) { CommonMark.appendHTML(from: markdown, to: &$0) }
        return templates.page(layoutContext)
    }

}
