/// The detail page of one city (SPEC §5): facts, map, neighbours in the list, namesakes, rendered from
/// `city.md.mustache` with the context that `cityContext` documents, like every other page.
extension SiteRenderer {
    /// Namesakes shown on a detail page; a larger group links to the list page where it starts.
    static let namesakeLimit = 20

    /// What a detail page shows in one format: its `CityTexts` and its links.
    struct CityFacts {
        let city: City
        let texts: CityTexts
        /// What its favorite toggle saves (`SiteRenderer.cityData`), in HTML.
        let cityData: [UInt8]
        let route: Route
        let links: SiteLayout.Links
        let countryName: String?
        let favorite: Bool
        let listPage: Int
        /// The name of its region, with places.
        let region: String?

        var format: PageFormat { route.format! }
        /// The city's label, with its distinction where another city has the same label.
        var label: String { texts.label }
        /// Other cities with the same folded name, and how many of them `namesakes` leaves out.
        var namesakeCount: Int { texts.run.count - 1 }
        var namesakesMore: Int { texts.run.count - 1 - texts.namesakes.count }
    }

    /// What a detail page shows in every format, computed once a city: labels, coordinates, distances, namesakes. A
    /// class: each page's facts hold it, and a struct of this many strings and arrays cost a retain each to copy.
    final class CityTexts: Sendable {
        let index: Int
        let label: String
        /// The title and description of its pages; `pageTitle` is the title with the site's name.
        let head: PageHead
        let pageTitle: String
        let latitude: String, longitude: String, dms: String, coordinates: String
        let osmURL: String, embedURL: String
        /// The catalog indices of the cities before and after it in the list.
        let previous: Int?, next: Int?
        /// The run of cities with the same folded name, the city's own included.
        let run: Range<Int>
        let namesakes: [(index: Int, coordinates: String, countryName: String)]
        /// The nearest other cities: distance in km to one decimal, compass direction ("" for the same coordinates).
        let nearby: [(index: Int, distance: String, direction: String)]

        init(
            index: Int, label: String, head: PageHead, pageTitle: String, latitude: String, longitude: String, dms: String,
            coordinates: String, osmURL: String, embedURL: String, previous: Int?, next: Int?, run: Range<Int>,
            namesakes: [(index: Int, coordinates: String, countryName: String)], nearby: [(index: Int, distance: String, direction: String)]
        ) {
            (self.index, self.label, self.head, self.pageTitle) = (index, label, head, pageTitle)
            (self.latitude, self.longitude, self.dms, self.coordinates) = (latitude, longitude, dms, coordinates)
            (self.osmURL, self.embedURL, self.previous, self.next, self.run) = (osmURL, embedURL, previous, next, run)
            (self.namesakes, self.nearby) = (namesakes, nearby)
        }
    }

    /// The detail pages of the city at `index` in `formats`.
    func city(at index: Int, _ formats: [PageFormat]) -> [Page] {
        let texts = cityTexts(index)
        return formats.map { city(cityFacts(texts, $0)) }
    }

    private func city(_ facts: CityFacts) -> Page {
        let index = facts.texts.index, format = facts.format
        var context = cityContext(facts)
        if format == .html {
            let crumbs = trail(ofCityAt: index, format)
            let sourceName = site.places?.sourceNames[index]
            context.appendText(.jsonLD) { out in
                appendJSONLD(crumbs, type: "WebPage", url: layout.url(facts.route), from: facts.links, to: &out) {
                    Self.appendPlace(facts, sourceName: sourceName, to: &$0)
                }
            }
        }
        return render(.city, context, facts.route, facts.texts.head)
    }

    /// The texts of the city at `index`.
    func cityTexts(_ index: Int) -> CityTexts {
        let city = catalog.cities[index]
        let label = site.label(index)
        let lat = Coordinate.format(city.latitude), lon = Coordinate.format(city.longitude)
        let coordinates = language.coordinates(latitude: city.latitude, longitude: city.longitude)
        let box = Coordinate.boundingBox(latitude: city.latitude, longitude: city.longitude)
        let description = city.country.isEmpty
            ? words.say("city.descriptionNoCountry", ["label": city.label, "coordinates": coordinates])
            : words.say("city.description", ["label": city.label, "country": countryNames[city.country] ?? city.country, "coordinates": coordinates])
        let run = catalog.exactNameRange(catalog.foldedNames[index], countryPrefix: [])
        let start = max(run.lowerBound, min(index - Self.namesakeLimit / 2, run.upperBound - Self.namesakeLimit - 1))
        let window = start..<min(run.upperBound, start + Self.namesakeLimit + 1)
        return CityTexts(
            index: index, label: label,
            head: PageHead(title: label, description: description, inHead: false),
            pageTitle: "\(label) · \(title)",
            latitude: lat, longitude: lon, dms: language.dms(latitude: city.latitude, longitude: city.longitude), coordinates: coordinates,
            osmURL: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=12/\(lat)/\(lon)",
            embedURL: "https://www.openstreetmap.org/export/embed.html?bbox=\(box)&layer=mapnik&marker=\(lat),\(lon)",
            previous: index > 0 ? index - 1 : nil,
            next: index + 1 < catalog.count ? index + 1 : nil,
            run: run,
            // The other cities are read in place: a copy of each would retain its name.
            namesakes: window.filter { $0 != index }.prefix(Self.namesakeLimit).map { i in
                (
                    index: i, coordinates: language.coordinates(latitude: catalog.cities[i].latitude, longitude: catalog.cities[i].longitude),
                    countryName: countryNames[catalog.cities[i].country] ?? catalog.cities[i].country
                )
            },
            nearby: site.nearest.of(index).map { i in
                let distance = NearestCities.distance(from: city, to: catalog.cities[i])
                return (
                    index: i, distance: language.oneDecimal(distance),
                    direction: distance == 0 ? "" : words[NearestCities.direction(from: city, to: catalog.cities[i]).wordKey]
                )
            })
    }

    func cityFacts(_ texts: CityTexts, _ format: PageFormat) -> CityFacts {
        let index = texts.index, city = catalog.cities[index]
        let route = Route.city(id: city.id, format)
        let links = layout.links(from: route)
        return CityFacts(
            city: city, texts: texts, cityData: format == .html ? cityData(index) : [], route: route, links: links,
            countryName: countryNames[city.country], favorite: favorites.contains(index),
            listPage: plan.page(ofCityAt: index), region: site.regions.group(ofCityAt: index)?.name
        )
    }

    /// The Mustache context of `city.md.mustache` (documented in Templates/README.md).
    func cityContext(_ facts: CityFacts) -> TemplateContext {
        let city = facts.city, texts = facts.texts
        // Raw HTML is in HTML pages only (Templates/README.md): the Markdown files get no values made for it.
        let html = facts.format == .html
        var context = common(facts.route, texts.head)
        context.append(.name, text: city.name)
        if let sourceName = site.places?.sourceNames[texts.index] { context.append(.sourceName, text: sourceName) }
        context.append(.label, text: city.label)
        context.append(.displayLabel, text: texts.label)
        if !city.country.isEmpty { context.append(.country, text: city.country) }
        if let countryName = facts.countryName { context.append(.countryName, text: countryName) }
        appendPlace(texts.index, from: facts.links, to: &context)
        appendGroupLinks(texts.index, from: facts.links, to: &context)
        appendTrail(trail(ofCityAt: texts.index, facts.format), from: facts.links, to: &context)
        context.append(.id, number: city.id)
        context.append(.latitude, text: texts.latitude)
        context.append(.longitude, text: texts.longitude)
        context.append(.dms, text: texts.dms)
        context.append(.coordinates, text: texts.coordinates)
        context.append(.favorite, flag: facts.favorite)
        context.append(.osmURL, text: texts.osmURL)
        context.appendText(.listPage) { language.appendGrouped(facts.listPage, to: &$0) }
        var href: [UInt8] = []
        href.reserveCapacity(64)
        appendLocator(facts, to: &context, href: &href)
        // The row of the city on its list page and on its country's page (their anchors in HTML).
        appendListRowHref(texts.index, from: facts.links, to: &href)
        context.append(.listHref, bytes: href)
        if html { context.append(.cityData, bytes: facts.cityData) }
        href.removeAll(keepingCapacity: true)
        appendCountryRowHref(texts.index, from: facts.links, to: &href)
        if !href.isEmpty { context.append(.countryHref, bytes: href) }
        appendLists(facts, to: &context, href: &href)
        return context
    }

    /// Appends the lists of a detail page: previous and next, namesakes, nearest places; `href` is scratch space.
    private func appendLists(_ facts: CityFacts, to context: inout TemplateContext, href: inout [UInt8]) {
        let texts = facts.texts
        // The link of a row: to a detail page in this format.
        func link(_ index: Int, _ row: inout TemplateRows) {
            href.removeAll(keepingCapacity: true)
            facts.links.appendHref(to: .city(id: catalog.cities[index].id, facts.format), to: &href)
            row.append(.href, bytes: href)
        }
        func label(_ index: Int, _ row: inout TemplateRows, besideCoordinates: Bool = false) {
            if besideCoordinates, site.labelShowsCoordinates(index) {
                row.append(.label, text: catalog.cities[index].label)
                return
            }
            site.withLabel(index) { row.append(.label, bytes: $0) }
        }
        // One set of rows, emptied after each list or object, serves them all.
        var rows = TemplateRows()
        for key in [TemplateKey.previous, .next] {
            guard let neighbour = key == .previous ? texts.previous : texts.next else { continue }
            label(neighbour, &rows)
            link(neighbour, &rows)
            rows.endRow()
            context.append(key, object: rows)
            rows.removeAll()
        }
        if facts.namesakeCount > 0 {
            context.append(.namesakeCount, text: language.grouped(facts.namesakeCount))
            context.append(.namesakesText, text: words.say("city.namesakes", count: facts.namesakeCount, ["count": language.grouped(facts.namesakeCount)]))
            for namesake in texts.namesakes {
                label(namesake.index, &rows, besideCoordinates: true)
                link(namesake.index, &rows)
                rows.append(.coordinates, text: namesake.coordinates)
                rows.append(.countryName, text: namesake.countryName)
                rows.endRow()
            }
            context.append(.namesakes, rows: rows)
            rows.removeAll()
        }
        appendNearby(texts, &rows, to: &context) { index, row in
            label(index, &row)
            link(index, &row)
        }
        if facts.namesakesMore > 0 {
            context.append(.namesakesMore, text: language.grouped(facts.namesakesMore))
            href.removeAll(keepingCapacity: true)
            appendListRowHref(texts.run.lowerBound, from: facts.links, to: &href)
            context.append(.namesakesHref, bytes: href)
        }
    }

    /// Appends the nearest places, each row begun by `labelAndLink` (the place's label and link).
    private func appendNearby(
        _ texts: CityTexts, _ rows: inout TemplateRows, to context: inout TemplateContext, labelAndLink: (Int, inout TemplateRows) -> Void
    ) {
        context.append(.hasNearby, flag: !texts.nearby.isEmpty)
        for (n, near) in texts.nearby.enumerated() {
            labelAndLink(near.index, &rows)
            rows.append(.distance, text: near.distance)
            rows.appendText(.direction) { out in
                if near.direction.isEmpty {
                    out += ", ".utf8
                    out += words["city.samePlace"].utf8
                } else {
                    out.append(UInt8(ascii: " "))
                    out += near.direction.utf8
                }
            }
            rows.append(.number, number: n + 1)
            rows.endRow()
        }
        context.append(.nearby, rows: rows)
    }

    /// Appends the locator (SPEC §5): the country's map with the city's marker placed by percentages, and the
    /// OpenStreetMap viewer as `mapMode` says: a link to it (which the page's script may turn into the viewer), the
    /// viewer itself, or nothing; `href` is scratch space. The link to the map to explore is the script's
    /// (`favorites.js`).
    private func appendLocator(_ facts: CityFacts, to context: inout TemplateContext, href: inout [UInt8]) {
        let city = facts.city
        let (map, window) = maps.locator(of: city)
        facts.links.appendHref(to: map, to: &href)
        context.append(.mapHref, bytes: href)
        href.removeAll(keepingCapacity: true)
        let country = facts.countryName ?? (city.country.isEmpty ? words["city.placesWithoutCountry"] : city.country)
        let alt = words.say(map == .countryMap(code: city.country) ? "city.mapAlt" : "city.mapAltOutlying", ["place": facts.texts.label, "country": country])
        let mode = site.settings.mapMode
        context.append(.mapAlt, text: alt)
        if mode != .none { context.append(.embedURL, text: facts.texts.embedURL) }
        guard facts.format == .html else { return }
        context.append(.mapWidth, number: window.width)
        context.append(.mapHeight, number: window.height)
        let marker = maps.marker(for: city, on: window)
        context.append(.markerLeft, text: marker.left)
        context.append(.markerTop, text: marker.top)
        context.append(.showMapLink, flag: mode == .locator)
        context.append(.viewerInPlace, flag: site.settings.viewerInPlace)
        context.append(.embedMap, flag: mode == .embed)
        if mode == .embed { context.append(.mapTitle, text: words.say("map.title", ["place": city.label])) }
    }
}
