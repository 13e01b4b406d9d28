/// What pages show of GeoNames' places (SPEC §5): a detail page's facts, the largest places.
extension SiteRenderer {
    /// Appends the facts GeoNames gives of the city at `index` to a detail page's context: its region's name,
    /// population, elevation, time zone, and whether it is a capital or a region's seat.
    func appendPlace(_ index: Int, to context: inout TemplateContext) {
        guard let places = site.places, places.isJoined(index) else { return }
        let region = site.regions.place(ofCityAt: index)
        if let region { context.append(.regionName, text: region.group.name) }
        if let population = places.population(index) { context.appendText(.population) { language.appendGrouped(population, to: &$0) } }
        if let elevation = places.elevation(index) { context.appendText(.elevation) { language.appendGrouped(elevation, to: &$0) } }
        if let zone = places.timeZoneNumber(index) {
            context.append(.timeZone, text: places.timeZones[zone])
            context.append(.timeZoneName, text: site.timeZoneNames[zone])
        }
        if places.isCapital(index) {
            let country = site.countryNames[catalog.cities[index].country] ?? catalog.cities[index].country
            context.append(.placeRole, text: words.say("city.capitalOf", ["country": country]))
        } else if places.isRegionSeat(index), let region {
            context.append(.placeRole, text: words.say("city.seatOf", ["region": region.group.name]))
        }
    }

    /// Appends the link from `links`' page to the row of the city at `index` on its region's page (its anchor in HTML).
    func appendRegionHref(_ index: Int, from links: SiteLayout.Links, to context: inout TemplateContext) {
        guard site.places?.isJoined(index) == true, site.regions.written, let region = site.regions.place(ofCityAt: index) else { return }
        let format = links.page.format!
        context.appendText(.regionHref) {
            links.appendHref(to: site.regions.route(region.group, page: region.page, format), cell: format == .html ? catalog.cities[index].id : nil, to: &$0)
        }
    }

    /// What a search result says of the city at `index` besides its label, as the script's `facts` does: its population.
    func resultFacts(_ index: Int) -> String {
        site.places?.population(index).map { words.say("search.population", ["count": language.grouped($0)]) } ?? ""
    }

    /// Appends the largest places among `indices` (largest first), each a link with its population.
    func appendLargest(_ indices: [Int], from links: SiteLayout.Links, to context: inout TemplateContext) {
        guard let places = site.places, !indices.isEmpty else { return }
        let format = links.page.format!
        var rows = TemplateRows()
        for (n, index) in indices.enumerated() {
            let href = links.href(to: .city(id: catalog.cities[index].id, format))
            rows.append(.label, text: site.label(index))
            rows.append(.href, text: href)
            rows.appendText(.population) { language.appendGrouped(places.population(index) ?? 0, to: &$0) }
            rows.append(.number, number: n + 1)
            rows.endRow()
        }
        context.append(.hasLargest, flag: true)
        context.append(.largestCities, rows: rows)
    }
}
