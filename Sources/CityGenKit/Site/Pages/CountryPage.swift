/// `country/<CC>/<n>`: one country's cities in SPEC §3 order, its map on the first page (SPEC §5).
struct CountryPage: PageKind {
    var name: String { "country" }
    var templates: [PageTemplate] { [.list, .pager] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        let countries = site.countries
        var routes = RouteList()
        for format in formats {
            for country in countries.countries {
                routes.append(count: countries.pageCount(country)) { [code = country.code] in .country(code: code, page: $0 + 1, format) }
            }
        }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.formats.flatMap { format in
            indices.map { index in
                let place = site.countries.place(ofCityAt: index)
                return .country(code: place.country.code, page: place.page, format)
            }
        }
    }
}

extension Route {
    /// Page `page` (from 1) of the cities of the country with this code (`""` for none).
    public static func country(code: String, page: Int, _ format: PageFormat) -> Route { .page(.country(code: code, page: page, format)) }
}

extension SiteRenderer {
    /// Page `page` of the cities of the country `code`, with the rows and pager of a list page.
    func country(_ code: String, page: Int, _ format: PageFormat) -> Page {
        let route = Route.country(code: code, page: page, format)
        let country = countries.country(code)!
        let links = layout.links(from: route)
        let pages = countries.pageCount(country)
        let named = country.code.isEmpty ? country.name : "\(country.name) (\(country.code))"
        let heading = words.say("country.heading", ["country": named, "page": language.grouped(page), "pages": language.grouped(pages)])
        let onPage = countries.cities(of: country, onPage: page)
        let head = PageHead(title: heading, description: span(heading, onPage))
        var context = common(route, head)
        context.append(.heading, text: heading)
        if page == 1 {
            let alt = words.say("country.mapAlt", count: country.cities.count, ["country": named, "count": language.grouped(country.cities.count)])
            context.append(.countryMap, object: mapRow(.countryMap(code: code), maps.mainWindow(code)!, alt: alt, from: links))
            appendLargest(site.largest.byCountry[code] ?? [], from: links, to: &context)
            appendRegions(ofCountry: code, from: links, to: &context)
        }
        appendList(onPage, page: page, of: pages, from: links, to: &context) { .country(code: code, page: $0, format) }
        appendTrail(trail(ofCountry: code, page: page, format), from: links, route, to: &context)
        return render(.list, context, route, head)
    }
}
