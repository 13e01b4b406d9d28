/// `country/index`: every country code present, with its English name and number of cities (SPEC §5).
struct CountryIndexPage: PageKind {
    var name: String { "countryIndex" }
    var templates: [PageTemplate] { [.countries] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList { onePage(in: formats, PageRoute.countryIndex) }
}

extension Route {
    /// The list of countries.
    public static func countryIndex(_ format: PageFormat) -> Route { .page(.countryIndex(format)) }
}

extension SiteRenderer {
    /// The index of countries: name, code and number of cities of each, in order of the name.
    func countryIndex(_ format: PageFormat) -> Page {
        let route = Route.countryIndex(format)
        let links = layout.links(from: route)
        var rows = TemplateRows()
        for country in countries.countries {
            rows.append(.name, text: country.name)
            rows.append(.count, text: language.grouped(country.cities.count))
            rows.append(.cities, text: words.say("count.city", count: country.cities.count))
            rows.append(.href, text: links.href(to: .country(code: country.code, page: 1, format)))
            if !country.code.isEmpty { rows.append(.code, text: country.code) }
            rows.endRow()
        }
        let head = PageHead(
            title: words["countries.heading"],
            description: words.say("countries.description", ["count": language.grouped(countries.countries.count), "title": title]))
        var context = common(route, head)
        context.append(.countries, rows: rows)
        context.append(.countryCount, text: language.grouped(rows.count))
        context.append(.listHref, text: links.href(to: .list(page: 1, format)))
        return render(.countries, context, route, head)
    }
}
