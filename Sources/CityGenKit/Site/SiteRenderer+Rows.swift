/// What list, country and favorites pages share: their rows, the links to a city's row, the pager.
extension SiteRenderer {
    /// Appends to `rows` what a list row shows of the city at `index`, without ending the row.
    func appendRow(_ index: Int, from page: SiteLayout.Links, to rows: inout TemplateRows) {
        let city = catalog.cities[index]
        let format = page.page.format!
        rows.append(.id, number: city.id)
        // The row shows the coordinates beside the label: a label told apart by them does not repeat them.
        if site.labelShowsCoordinates(index) {
            rows.append(.label, text: city.label)
        } else {
            site.withLabel(index) { rows.append(.label, bytes: $0) }
        }
        rows.appendText(.coordinates) { language.appendCoordinates(latitude: city.latitude, longitude: city.longitude, to: &$0) }
        rows.appendText(.href) { page.appendHref(to: .city(id: city.id, format), to: &$0) }
        rows.append(.favorite, flag: favorites.contains(index))
        if format == .html { rows.append(.cityData, bytes: cityData(index)) }
    }

    /// The rows of the cities at `indices`, as `appendRow` makes them.
    func rows(_ indices: some Sequence<Int>, from page: SiteLayout.Links) -> TemplateRows {
        var rows = TemplateRows()
        for index in indices {
            appendRow(index, from: page, to: &rows)
            rows.endRow()
        }
        return rows
    }

    /// What a favorite toggle saves of the city at `index`, escaped for a single-quoted HTML attribute: `[id,"name","CC",lat,lon]`,
    /// or the whole index entry where the city has a distinction (its region's name, or a number), so that saved
    /// favorites show it too.
    func cityData(_ index: Int) -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(96)
        if catalog.distinctions[index] != nil {
            site.index.writer.pageEntry(index, withRegion: false).appendJSON(to: &json)
        } else {
            let city = catalog.cities[index]
            IndexEntry.appendShortJSON(id: city.id, name: city.name, country: city.country, latitude: city.latitude, longitude: city.longitude, to: &json)
        }
        return SingleQuotedAttributeEscaping.escape(json)
    }

    /// The link from `page` to the row of the city at `index` on its list page (the row's anchor in HTML).
    func listRowHref(_ index: Int, from page: SiteLayout.Links) -> String {
        var href: [UInt8] = []
        appendListRowHref(index, from: page, to: &href)
        return String(decoding: href, as: UTF8.self)
    }

    /// Appends `listRowHref(index, from: page)` to `out`.
    func appendListRowHref(_ index: Int, from page: SiteLayout.Links, to out: inout [UInt8]) {
        let format = page.page.format!
        page.appendHref(to: .list(page: plan.page(ofCityAt: index), format), cell: format == .html ? catalog.cities[index].id : nil, to: &out)
    }

    /// Appends the link from `page` to the row of the city at `index` on its country's page to `out`.
    func appendCountryRowHref(_ index: Int, from page: SiteLayout.Links, to out: inout [UInt8]) {
        let format = page.page.format!
        guard site.countries.written, let place = site.countries.place(ofCityAt: index) else { return }
        page.appendHref(to: site.countries.route(place.group, page: place.page, format), cell: format == .html ? catalog.cities[index].id : nil, to: &out)
    }

    /// Links of a paginated list's navigation: first, previous, nearby numbers, next, last; `route` names page n.
    func pager(current: Int, last: Int, _ route: (Int) -> Route) -> TemplateRows {
        let links = layout.links(from: route(current))
        var items: [(label: String, page: Int?)] = []
        if current > 1 { items += [(words["pager.first"], 1), (words["pager.previous"], current - 1)] }
        let nearby = max(1, current - 2)...min(last, current + 2)
        if nearby.lowerBound > 1 { items.append(("…", nil)) }
        items += nearby.map { (language.grouped($0), $0 == current ? nil : $0) }
        if nearby.upperBound < last { items.append(("…", nil)) }
        if current < last { items += [(words["pager.next"], current + 1), (words["pager.last"], last)] }
        var rows = TemplateRows()
        let currentLabel = language.grouped(current)
        for (offset, item) in items.enumerated() {
            rows.append(.label, text: item.label)
            rows.append(.separator, text: offset < items.count - 1 ? " · " : "")
            if let page = item.page { rows.append(.href, text: links.href(to: route(page))) }
            if item.page == nil, item.label == currentLabel { rows.append(.current, flag: true) }
            rows.endRow()
        }
        return rows
    }
}
