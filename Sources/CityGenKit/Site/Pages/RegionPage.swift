/// `region/<CC>/<code>/<n>`: with places, one first-level region's cities in SPEC §3 order, its map, its largest
/// places and a link to its country (SPEC §5).
struct RegionPage: PageKind {
    var name: String { "region" }
    var templates: [PageTemplate] { [.list, .pager] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        let regions = site.regions
        var routes = RouteList()
        for format in formats {
            for region in regions.regions {
                routes.append(count: regions.pageCount(region)) { [region = region.region] in .region(region, page: $0 + 1, format) }
            }
        }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.formats.flatMap { format in
            indices.compactMap { index in site.regions.place(ofCityAt: index).map { .region($0.region.region, page: $0.page, format) } }
        }
    }
}

extension Route {
    /// Page `page` (from 1) of the cities of `region`.
    public static func region(_ region: PlaceRegion, page: Int, _ format: PageFormat) -> Route {
        .page(.region(region, page: page, format))
    }
}

extension SiteRenderer {
    /// Page `page` of the cities of `region`, with the rows and pager of a list page; the first also lists its
    /// largest places.
    func region(_ place: PlaceRegion, page: Int, _ format: PageFormat) -> Page {
        let route = Route.region(place, page: page, format)
        let region = site.regions.region(place)!
        let links = layout.links(from: route)
        let pages = site.regions.pageCount(region)
        let countryName = site.countries.country(place.country)?.name ?? place.country
        let heading = words.say(
            "region.heading", ["region": region.name, "country": countryName, "page": language.grouped(page), "pages": language.grouped(pages)])
        let onPage = site.regions.cities(of: region, onPage: page)
        let head = PageHead(title: heading, description: span(heading, onPage))
        var context = common(route, head)
        context.append(.heading, text: heading)
        if page == 1 {
            appendRegionMap(region, countryName: countryName, from: links, to: &context)
            appendLargest(site.largest.byRegion[place] ?? [], from: links, to: &context)
        }
        appendList(onPage, page: page, of: pages, from: links, to: &context) { .region(place, page: $0, format) }
        appendTrail(trail(ofRegion: place, name: region.name, page: page, format), from: links, route, to: &context)
        return render(.list, context, route, head)
    }

    /// Appends `regionMap`: the region's own map.
    private func appendRegionMap(_ region: RegionPlan.Region, countryName: String, from links: SiteLayout.Links, to context: inout TemplateContext) {
        guard let window = maps.regionWindows[region.region] else { return }
        let count = region.cities.count
        let alt = words.say("region.mapAlt", count: count, ["region": region.name, "country": countryName, "count": language.grouped(count)])
        context.append(.regionMap, object: mapRow(.regionMap(region.region), window, alt: alt, from: links))
    }
}
