/// The detail page of one city (SPEC §5): facts, map, neighbours in the list, namesakes, rendered from
/// `city.md.mustache` with the context that `cityContext` documents, like every other page.
extension SiteRenderer {
    /// Namesakes shown on a detail page; a larger group links to the list page where it starts.
    static let namesakeLimit = 20

    /// What a detail page shows in one format: its `CityTexts` and its links.
    struct CityFacts {
        let city: City
        /// The city's label, with its distinction where another city has the same label.
        let label: String
        /// What its favorite toggle saves (`SiteRenderer.cityData`).
        let cityData: [UInt8]
        let route: Route
        let format: PageFormat
        let latitude: String, longitude: String, dms: String
        let countryName: String?
        let favorite: Bool
        let osmURL: String, embedURL: String
        let listPage: Int, listHref: String
        /// The country's page that lists the city (its row's anchor in HTML).
        let countryHref: String
        let previous: (label: String, href: String)?, next: (label: String, href: String)?
        let namesakes: [(label: String, href: String, coordinates: String, countryName: String)]
        /// The nearest other cities: label, link, distance in km to one decimal, compass direction ("" for the
        /// same coordinates).
        let nearby: [(label: String, href: String, distance: String, direction: String)]
        /// Other cities with the same folded name, and how many of them `namesakes` leaves out.
        let namesakeCount: Int, namesakesMore: Int
        let namesakesHref: String
    }

    /// What a detail page shows in every format, computed once for a city whose pages are rendered one after
    /// the other (the site lists each city's formats together): labels, coordinates, distances, namesakes.
    struct CityTexts {
        let index: Int
        let label: String
        let latitude: String, longitude: String, dms: String
        let osmURL: String, embedURL: String
        let previous: (index: Int, label: String)?, next: (index: Int, label: String)?
        /// The run of cities with the same folded name, the city's own included.
        let run: Range<Int>
        let namesakes: [(index: Int, label: String, coordinates: String, countryName: String)]
        let nearby: [(index: Int, label: String, distance: String, direction: String)]
    }

    func city(at index: Int, _ format: PageFormat, reusing texts: inout CityTexts?) -> [UInt8] {
        let facts = cityFacts(index, format, reusing: &texts)
        var context = cityContext(facts)
        if format == .html { context[.jsonLD] = .text(jsonLD(facts)) }
        return render("city", context, facts.route)
    }

    /// The texts of the city at `index`: `texts` when they are that city's, else made and left in `texts`.
    func cityTexts(_ index: Int, reusing texts: inout CityTexts?) -> CityTexts {
        if let texts, texts.index == index { return texts }
        let city = catalog.cities[index]
        let lat = Coordinate.format(city.latitude), lon = Coordinate.format(city.longitude)
        let box = Coordinate.boundingBox(latitude: city.latitude, longitude: city.longitude)
        let run = catalog.exactNameRange(catalog.foldedNames[index], countryPrefix: [])
        let start = max(run.lowerBound, min(index - Self.namesakeLimit / 2, run.upperBound - Self.namesakeLimit - 1))
        let window = start..<min(run.upperBound, start + Self.namesakeLimit + 1)
        let made = CityTexts(
            index: index, label: catalog.label(index), latitude: lat, longitude: lon,
            dms: Coordinate.dms(latitude: city.latitude, longitude: city.longitude),
            osmURL: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=12/\(lat)/\(lon)",
            embedURL: "https://www.openstreetmap.org/export/embed.html?bbox=\(box)&layer=mapnik&marker=\(lat),\(lon)",
            previous: index > 0 ? (index - 1, catalog.label(index - 1)) : nil,
            next: index + 1 < catalog.count ? (index + 1, catalog.label(index + 1)) : nil,
            run: run,
            namesakes: window.filter { $0 != index }.prefix(Self.namesakeLimit).map { i in
                let other = catalog.cities[i]
                return (
                    index: i, label: catalog.label(i), coordinates: Coordinate.display(latitude: other.latitude, longitude: other.longitude),
                    countryName: countryNames[other.country] ?? other.country
                )
            },
            nearby: nearest.of(index).map { i in
                let other = catalog.cities[i]
                let distance = NearestCities.distance(from: city, to: other)
                return (
                    index: i, label: catalog.label(i), distance: Digits.oneDecimal(distance),
                    direction: distance == 0 ? "" : NearestCities.direction(from: city, to: other)
                )
            })
        texts = made
        return made
    }

    func cityFacts(_ index: Int, _ format: PageFormat, reusing memo: inout CityTexts?) -> CityFacts {
        let texts = cityTexts(index, reusing: &memo)
        let city = catalog.cities[index]
        let route = Route.city(id: city.id, format)
        let links = layout.links(from: route)
        let href = { (i: Int) in links.href(to: .city(id: catalog.cities[i].id, format)) }
        let neighbour = { (n: (index: Int, label: String)) in (label: n.label, href: href(n.index)) }
        return CityFacts(
            city: city, label: texts.label, cityData: format == .html ? cityData(index) : [], route: route, format: format,
            latitude: texts.latitude, longitude: texts.longitude, dms: texts.dms,
            countryName: countryNames[city.country], favorite: favorites.contains(index),
            osmURL: texts.osmURL, embedURL: texts.embedURL,
            listPage: plan.page(ofCityAt: index), listHref: listRowHref(index, from: links),
            countryHref: countryRowHref(index, from: links),
            previous: texts.previous.map(neighbour), next: texts.next.map(neighbour),
            namesakes: texts.namesakes.map { (label: $0.label, href: href($0.index), coordinates: $0.coordinates, countryName: $0.countryName) },
            nearby: texts.nearby.map { (label: $0.label, href: href($0.index), distance: $0.distance, direction: $0.direction) },
            namesakeCount: texts.run.count - 1, namesakesMore: texts.run.count - 1 - texts.namesakes.count,
            namesakesHref: listRowHref(texts.run.lowerBound, from: links)
        )
    }

    /// The detail page's `<meta name="description">`.
    func description(_ facts: CityFacts) -> String {
        let place = facts.city.country.isEmpty ? "" : " in \(facts.countryName ?? facts.city.country)"
        return "\(facts.city.label): a place\(place) at \(Coordinate.display(latitude: facts.city.latitude, longitude: facts.city.longitude)), "
            + "with its map and the nearest places."
    }

    /// The Mustache context of `city.md.mustache` (documented in Templates/README.md).
    func cityContext(_ facts: CityFacts) -> TemplateContext {
        let city = facts.city
        let link = { (link: (label: String, href: String)) in TemplateValue.object([.label: .text(link.label), .href: .text(link.href)]) }
        let namesakes = facts.namesakeCount > 0
        // Raw HTML is in HTML pages only (Templates/README.md): the Markdown files get no values made for it.
        let html = facts.format == .html
        return common(facts.route, pageTitle: "\(facts.label) · \(title)", description: description(facts)).merging([
            .name: .text(city.name),
            .label: .text(city.label),
            .displayLabel: .text(facts.label),
            .country: city.country.isEmpty ? nil : .text(city.country),
            .countryName: facts.countryName.map { .text($0) },
            .id: .number(city.id),
            .latitude: .text(facts.latitude),
            .longitude: .text(facts.longitude),
            .dms: .text(facts.dms),
            .coordinates: .text(Coordinate.display(latitude: city.latitude, longitude: city.longitude)),
            .favorite: .flag(facts.favorite),
            .osmURL: .text(facts.osmURL),
            .osmURLHTML: html ? .text(HTMLEscaping.escape(facts.osmURL)) : nil,
            .embedURLHTML: html ? .text(HTMLEscaping.escape(facts.embedURL)) : nil,
            .mapTitleHTML: html ? .text(HTMLEscaping.escape("Map of \(city.label)")) : nil,
            .listPage: .text(Digits.grouped(facts.listPage)),
            .listHref: .text(facts.listHref),
            .cityData: html ? .bytes(facts.cityData) : nil,
            .countryHref: .text(facts.countryHref),
            .previous: facts.previous.map(link),
            .next: facts.next.map(link),
            .namesakeCount: namesakes ? .text(Digits.grouped(facts.namesakeCount)) : nil,
            .oneNamesake: namesakes ? .flag(facts.namesakeCount == 1) : nil,
            .namesakes: namesakes
                ? .list(
                    facts.namesakes.map {
                        [.label: .text($0.label), .href: .text($0.href), .coordinates: .text($0.coordinates), .countryName: .text($0.countryName)]
                    }) : nil,
            .hasNearby: .flag(!facts.nearby.isEmpty),
            .nearby: .list(
                facts.nearby.enumerated().map { n, near in
                    [
                        .label: .text(near.label), .labelHTML: html ? .text(HTMLEscaping.escape(near.label)) : nil, .href: .text(near.href),
                        .hrefHTML: html ? .text(HTMLEscaping.escape(near.href)) : nil, .distance: .text(near.distance),
                        .direction: .text(near.direction.isEmpty ? ", same place" : " " + near.direction), .number: .number(n + 1),
                    ]
                }),
            .namesakesMore: facts.namesakesMore > 0 ? .text(Digits.grouped(facts.namesakesMore)) : nil,
            .namesakesHref: facts.namesakesMore > 0 ? .text(facts.namesakesHref) : nil,
        ])
    }

    /// schema.org `Place` with `GeoCoordinates`, as JSON that is safe inside `<script>`.
    private func jsonLD(_ facts: CityFacts) -> String {
        let city = facts.city
        var fields = [
            #""@context":"https://schema.org""#, #""@type":"Place""#, "\"name\":\(JSONText.quoted(city.name))",
            "\"identifier\":\"\(city.id)\"",
            "\"geo\":{\"@type\":\"GeoCoordinates\",\"latitude\":\(facts.latitude),\"longitude\":\(facts.longitude)}",
        ]
        if !city.country.isEmpty {
            fields.append("\"address\":{\"@type\":\"PostalAddress\",\"addressCountry\":\(JSONText.quoted(city.country))}")
            fields.append(
                "\"containedInPlace\":{\"@type\":\"Country\",\"name\":\(JSONText.quoted(facts.countryName ?? city.country)),"
                    + "\"identifier\":\(JSONText.quoted(city.country))}")
        }
        if let url = layout.url(facts.route) { fields.append("\"url\":\(JSONText.quoted(url))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    // MARK: The compact site

    /// `city.html` of a compact site: it shows the city its URL names (`?id=N`) from that city's data file.
    func cityViewer() -> [UInt8] {
        let route = Route.cityViewer
        var context = common(route, pageTitle: "City · \(title)", description: "One place of \(title), with its map and the nearest places.")
        context[.dataFiles] = .number(SiteLayout.compactDataFiles(cities: catalog.count))
        context[.dataFolder] = .text(SiteLayout.relative("city/", from: layout.path(route)))
        return render("cityview", context, route)
    }

    /// Data file `n` of a compact site: for each of `cities` (catalog indices), its page title and the HTML of
    /// its detail page as a static site would show it inside `<main>` (rendered from `city.md.mustache`, escaped
    /// here), with links from `city.html`; as a script for `file://`: `citygenCities(n, {"id": [title, html]})`.
    func compactDataFile(_ n: Int, cities: [Int]) -> String {
        var js = "citygenCities(\(n),{"
        var texts: CityTexts?
        for (k, index) in cities.enumerated() {
            let facts = cityFacts(index, .html, reusing: &texts)
            let html = String(decoding: CommonMark.html(from: templates.markdown("city", cityContext(facts))), as: UTF8.self)
            js += (k == 0 ? "" : ",\n") + JSONText.quoted(String(facts.city.id)) + ":["
                + JSONText.quoted("\(facts.label) · \(title)") + "," + JSONText.quoted(html) + "]"
        }
        return js + "});\n"
    }
}
