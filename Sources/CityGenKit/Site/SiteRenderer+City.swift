/// The detail page of one city (SPEC §5): facts, map, neighbours in the list, namesakes, rendered from
/// `city.md.mustache` with the context that `cityContext` documents, like every other page.
extension SiteRenderer {
    /// Namesakes shown on a detail page; a larger group links to the list page where it starts.
    static let namesakeLimit = 20

    /// What a detail page shows in every format, computed once a city: labels, coordinates, distances, namesakes. A
    /// class: each step of its context takes it, and a struct of this many strings and arrays cost a retain each to copy.
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

        /// Other cities with the same folded name, and how many of them `namesakes` leaves out.
        var namesakeCount: Int { run.count - 1 }
        var namesakesMore: Int { run.count - 1 - namesakes.count }

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

    /// The detail pages of the city at `index` in `formats`, all from one context.
    func city(at index: Int, _ formats: [PageFormat]) -> [Page] {
        let texts = cityTexts(index)
        let context = cityContext(texts, formats)
        return formats.map { render(.city, context, .city(id: catalog.cities[index].id, $0), texts.head) }
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
                    direction: distance == 0 ? "" : compassWords[NearestCities.direction(from: city, to: catalog.cities[i]).index]
                )
            })
    }

    /// The Mustache context of `city.md.mustache` (documented in Templates/README.md) for the city's pages in
    /// `formats`: what every format shows, made once, and each format's links and HTML's own values for it alone.
    func cityContext(_ texts: CityTexts, _ formats: [PageFormat]) -> TemplateContext {
        let index = texts.index, city = catalog.cities[index]
        let pages = formats.map { layout.links(from: .city(id: city.id, $0)) }
        var context = TemplateContext()
        context.reserveCapacity(entries: 160, bytes: 8192)
        for links in pages {
            context.only(.init(links.page.format!)) { appendCityLinks(texts, from: links, to: &$0) }
        }
        context.append(.name, text: city.name)
        if let sourceName = site.places?.sourceNames[index] { context.append(.sourceName, text: sourceName) }
        context.append(.label, text: city.label)
        context.append(.displayLabel, text: texts.label)
        if !city.country.isEmpty { context.append(.country, text: city.country) }
        if let countryName = countryNames[city.country] { context.append(.countryName, text: countryName) }
        appendPlace(index, to: &context)
        context.append(.id, number: city.id)
        context.append(.latitude, text: texts.latitude)
        context.append(.longitude, text: texts.longitude)
        context.append(.dms, text: texts.dms)
        context.append(.coordinates, text: texts.coordinates)
        context.append(.favorite, flag: favorites.contains(index))
        context.append(.osmURL, text: texts.osmURL)
        context.appendText(.listPage) { language.appendGrouped(plan.page(ofCityAt: index), to: &$0) }
        // The map's image is in the same folder from every format's page.
        appendLocator(texts, from: pages[0], to: &context)
        appendLists(texts, from: pages, to: &context)
        return context
    }

    /// Appends what the detail page in the format of `links` alone shows: the values of every page, its links to the
    /// pages above it and to its rows on them (their anchors in HTML), and in HTML its favorite's data, its map's
    /// size and marker, and its JSON-LD.
    private func appendCityLinks(_ texts: CityTexts, from links: SiteLayout.Links, to context: inout TemplateContext) {
        let index = texts.index, format = links.page.format!
        appendCommon(links.page, texts.head, to: &context)
        appendRegionHref(index, from: links, to: &context)
        appendGroupLinks(index, from: links, to: &context)
        let crumbs = trail(ofCityAt: index, format)
        appendTrail(crumbs, from: links, to: &context)
        var href: [UInt8] = []
        href.reserveCapacity(64)
        appendListRowHref(index, from: links, to: &href)
        context.append(.listHref, bytes: href)
        href.removeAll(keepingCapacity: true)
        appendCountryRowHref(index, from: links, to: &href)
        if !href.isEmpty { context.append(.countryHref, bytes: href) }
        if texts.namesakesMore > 0 {
            href.removeAll(keepingCapacity: true)
            appendListRowHref(texts.run.lowerBound, from: links, to: &href)
            context.append(.namesakesHref, bytes: href)
        }
        guard format == .html else { return }
        context.append(.cityData, bytes: cityData(index))
        appendLocatorBox(texts, to: &context)
        let city = catalog.cities[index], sourceName = site.places?.sourceNames[index]
        context.appendText(.jsonLD) { out in
            appendJSONLD(crumbs, type: "WebPage", url: layout.url(links.page), from: links, to: &out) {
                Self.appendPlace(named: city.name, texts, sourceName: sourceName, to: &$0)
            }
        }
    }

    /// Appends the lists of a detail page: previous and next, namesakes, nearest places, each row's link once for
    /// each page of `pages`.
    private func appendLists(_ texts: CityTexts, from pages: [SiteLayout.Links], to context: inout TemplateContext) {
        var href: [UInt8] = []
        href.reserveCapacity(64)
        // The links of a row: to a detail page in each format.
        func link(_ index: Int, _ row: inout TemplateRows) {
            for links in pages {
                let format = links.page.format!
                href.removeAll(keepingCapacity: true)
                links.appendHref(to: .city(id: catalog.cities[index].id, format), to: &href)
                row.only(.init(format)) { $0.append(.href, bytes: href) }
            }
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
        if texts.namesakeCount > 0 {
            context.append(.namesakeCount, text: language.grouped(texts.namesakeCount))
            context.append(.namesakesText, text: words.say("city.namesakes", count: texts.namesakeCount, ["count": language.grouped(texts.namesakeCount)]))
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
        if texts.namesakesMore > 0 { context.append(.namesakesMore, text: language.grouped(texts.namesakesMore)) }
    }

    /// Appends the nearest places, each row begun by `labelAndLink` (the place's label and links).
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

    /// Appends the locator (SPEC §5): the country's map, linked from `links`, and the OpenStreetMap viewer as
    /// `mapMode` says: a link to it (which the page's script may turn into the viewer), the viewer itself, or
    /// nothing. The link to the map to explore is the script's (`favorites.js`).
    private func appendLocator(_ texts: CityTexts, from links: SiteLayout.Links, to context: inout TemplateContext) {
        let city = catalog.cities[texts.index]
        let map = maps.locator(of: city).route
        context.appendText(.mapHref) { links.appendHref(to: map, to: &$0) }
        let country = countryNames[city.country] ?? (city.country.isEmpty ? words["city.placesWithoutCountry"] : city.country)
        let alt = words.say(map == .countryMap(code: city.country) ? "city.mapAlt" : "city.mapAltOutlying", ["place": texts.label, "country": country])
        context.append(.mapAlt, text: alt)
        if site.settings.mapMode != .none { context.append(.embedURL, text: texts.embedURL) }
    }

    /// Appends what an HTML page's locator shows besides: the map's size, the marker's place on it, and the viewer's.
    private func appendLocatorBox(_ texts: CityTexts, to context: inout TemplateContext) {
        let city = catalog.cities[texts.index], window = maps.locator(of: city).window, mode = site.settings.mapMode
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
