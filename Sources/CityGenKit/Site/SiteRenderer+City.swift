/// The detail page of one city (SPEC §5): facts, map, neighbours in the list, namesakes.
///
/// citygen writes this Markdown itself: it is the one page there are 209,579 of, and swift-mustache costs
/// 50–80 µs a render here (see README, Performance). A `city.md.mustache` in the `--templates` folder takes
/// over, with the context that `cityContext` documents.
extension SiteRenderer {
    /// Namesakes shown on a detail page; a larger group links to the list page where it starts.
    static let namesakeLimit = 20

    /// What a detail page shows, computed once for either way of writing it.
    struct CityFacts {
        let city: City
        /// The city's label, with its distinction where another city has the same label.
        let label: String
        /// What its favorite toggle saves (`SiteRenderer.cityData`).
        let cityData: String
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

    func city(at index: Int, _ format: PageFormat) -> String {
        let facts = cityFacts(index, format)
        let markdown = templates.customTemplates.contains("city")
            ? templates.markdown("city", cityContext(facts)) : cityMarkdown(facts)
        var layoutContext = common(facts.route, pageTitle: "\(facts.label) · \(title)", description: description(facts))
        if format == .html { layoutContext["jsonLD"] = jsonLD(facts) }
        return wrap(markdown, layoutContext, format)
    }

    func cityFacts(_ index: Int, _ format: PageFormat) -> CityFacts {
        let city = catalog.cities[index]
        let route = Route.city(id: city.id, format)
        let lat = Coordinate.format(city.latitude), lon = Coordinate.format(city.longitude)
        let box = Coordinate.boundingBox(latitude: city.latitude, longitude: city.longitude)
        let links = layout.links(from: route)
        let href = { (i: Int) in links.href(to: .city(id: catalog.cities[i].id, format)) }
        let neighbour = { (i: Int) in (label: catalog.label(i), href: href(i)) }

        let run = catalog.exactNameRange(catalog.foldedNames[index], countryPrefix: [])
        let start = max(run.lowerBound, min(index - Self.namesakeLimit / 2, run.upperBound - Self.namesakeLimit - 1))
        let window = start..<min(run.upperBound, start + Self.namesakeLimit + 1)
        let namesakes = window.filter { $0 != index }.prefix(Self.namesakeLimit).map { i in
            let other = catalog.cities[i]
            return (
                label: catalog.label(i), href: href(i),
                coordinates: Coordinate.display(latitude: other.latitude, longitude: other.longitude),
                countryName: countryNames[other.country] ?? other.country
            )
        }
        return CityFacts(
            city: city, label: catalog.label(index), cityData: cityData(index), route: route, format: format, latitude: lat, longitude: lon,
            dms: Coordinate.dms(latitude: city.latitude, longitude: city.longitude),
            countryName: countryNames[city.country], favorite: favorites.contains(index),
            osmURL: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=12/\(lat)/\(lon)",
            embedURL: "https://www.openstreetmap.org/export/embed.html?bbox=\(box)&layer=mapnik&marker=\(lat),\(lon)",
            listPage: plan.page(ofCityAt: index), listHref: listRowHref(index, from: links),
            countryHref: countryRowHref(index, from: links),
            previous: index > 0 ? neighbour(index - 1) : nil,
            next: index + 1 < catalog.count ? neighbour(index + 1) : nil,
            namesakes: Array(namesakes),
            nearby: nearest.of(index).map { i in
                let other = catalog.cities[i]
                let distance = NearestCities.distance(from: city, to: other)
                return (
                    label: catalog.label(i), href: href(i), distance: Digits.oneDecimal(distance),
                    direction: distance == 0 ? "" : NearestCities.direction(from: city, to: other)
                )
            },
            namesakeCount: run.count - 1, namesakesMore: run.count - 1 - namesakes.count,
            namesakesHref: listRowHref(run.lowerBound, from: links)
        )
    }

    /// The detail page's `<meta name="description">`.
    func description(_ facts: CityFacts) -> String {
        let place = facts.city.country.isEmpty ? "" : " in \(facts.countryName ?? facts.city.country)"
        return "\(facts.city.label): a place\(place) at \(Coordinate.display(latitude: facts.city.latitude, longitude: facts.city.longitude)), "
            + "with its map and the nearest places."
    }

    /// The built-in detail page.
    func cityMarkdown(_ facts: CityFacts) -> String {
        let escape = MarkdownEscaping.escape
        let html = facts.format == .html
        let city = facts.city
        var md = "# \(escape(city.label))\(facts.favorite ? " ★" : "")\n\n"
        if html {
            md += "<p><button type=\"button\" id=\"favoriteToggle\" class=\"favToggle\" aria-pressed=\"false\" "
                + "data-city=\"\(facts.cityData)\" hidden>Save</button></p>\n\n"
        }
        if facts.favorite {
            md += html
                ? "<p class=\"favorite-note\"><span class=\"favorite\" role=\"img\" aria-label=\"Favorite\">★</span> One of this site’s favorites.</p>\n\n"
                : "★ One of this site’s favorites.\n\n"
        }
        let country = "[" + (city.country.isEmpty ? "none given"
            : facts.countryName.map { "\(escape($0)) (\(escape(city.country)))" } ?? escape(city.country)) + "](\(facts.countryHref))"
        let coordinates = "\(Coordinate.display(latitude: city.latitude, longitude: city.longitude)) (\(facts.dms))"
        md += "- Country: \(country)\n"
        md += "- Coordinates: " + (html ? "<span id=\"coordinates\">\(coordinates)</span>" : coordinates) + "\n"
        md += "- Id: \(city.id)\n"
        md += "- Map: " + (html
            ? "<a id=\"osmLink\" href=\"\(HTMLEscaping.escape(facts.osmURL))\">Open in OpenStreetMap</a>"
            : "[Open in OpenStreetMap](\(facts.osmURL))") + "\n\n"
        if html {
            md += "<iframe id=\"cityMap\" class=\"map\" title=\"\(HTMLEscaping.escape("Map of \(city.label)"))\" "
                + "src=\"\(HTMLEscaping.escape(facts.embedURL))\" loading=\"lazy\"></iframe>\n\n"
        }
        let neighbours = [facts.previous.map { "[‹ \(escape($0.label))](\($0.href))" }, facts.next.map { "[\(escape($0.label)) ›](\($0.href))" }]
            .compactMap { $0 }
        if !neighbours.isEmpty { md += neighbours.joined(separator: " · ") + "\n\n" }
        md += "[Back to page \(Digits.grouped(facts.listPage)) of the list](\(facts.listHref))\n"
        if !facts.nearby.isEmpty {
            md += "\n## Nearest places\n\n"
            if html {
                md += "<ol id=\"nearby\" class=\"nearby\">\n"
                for other in facts.nearby {
                    md += "<li><a href=\"\(HTMLEscaping.escape(other.href))\">\(HTMLEscaping.escape(other.label))</a> · "
                        + "\(other.distance) km\(other.direction.isEmpty ? ", same place" : " " + other.direction)</li>\n"
                }
                md += "</ol>\n"
            } else {
                for (n, other) in facts.nearby.enumerated() {
                    md += "\(n + 1). [\(escape(other.label))](\(other.href)) · \(other.distance) km"
                        + "\(other.direction.isEmpty ? ", same place" : " " + other.direction)\n"
                }
            }
        }
        if facts.namesakeCount > 0 {
            md += "\n## Also named \(escape(city.name))\n\n"
            md += facts.namesakeCount == 1 ? "1 other place shares this name:\n\n" : "\(Digits.grouped(facts.namesakeCount)) other places share this name:\n\n"
            for other in facts.namesakes {
                md += "- [\(escape(other.label))](\(other.href)) · \(escape(other.countryName)) · \(other.coordinates)\n"
            }
            if facts.namesakesMore > 0 {
                md += "\n[…and \(Digits.grouped(facts.namesakesMore)) more, listed together](\(facts.namesakesHref))\n"
            }
        }
        return md
    }

    /// The Mustache context of a custom `city.md.mustache` (documented in Templates/README.md).
    func cityContext(_ facts: CityFacts) -> [String: Any] {
        let city = facts.city
        var context = common(facts.route, pageTitle: "\(facts.label) · \(title)", description: description(facts))
        context["name"] = city.name
        context["label"] = city.label
        context["displayLabel"] = facts.label
        context["country"] = city.country
        context["countryName"] = facts.countryName
        context["id"] = city.id
        context["latitude"] = facts.latitude
        context["longitude"] = facts.longitude
        context["dms"] = facts.dms
        context["coordinates"] = Coordinate.display(latitude: city.latitude, longitude: city.longitude)
        context["favorite"] = facts.favorite
        context["osmURL"] = facts.osmURL
        context["osmURLHTML"] = HTMLEscaping.escape(facts.osmURL)
        context["embedURLHTML"] = HTMLEscaping.escape(facts.embedURL)
        context["mapTitleHTML"] = HTMLEscaping.escape("Map of \(city.label)")
        context["listPage"] = Digits.grouped(facts.listPage)
        context["listHref"] = facts.listHref
        context["cityData"] = facts.cityData
        context["countryHref"] = facts.countryHref
        context["previous"] = facts.previous.map { ["label": $0.label, "href": $0.href] }
        context["next"] = facts.next.map { ["label": $0.label, "href": $0.href] }
        if facts.namesakeCount > 0 {
            context["namesakeCount"] = Digits.grouped(facts.namesakeCount)
            context["namesakes"] = facts.namesakes.map {
                ["label": $0.label, "href": $0.href, "coordinates": $0.coordinates, "countryName": $0.countryName]
            }
        }
        context["hasNearby"] = !facts.nearby.isEmpty
        context["nearby"] = facts.nearby.enumerated().map { n, near in
            [
                "label": near.label, "labelHTML": HTMLEscaping.escape(near.label), "href": near.href,
                "hrefHTML": HTMLEscaping.escape(near.href), "distance": near.distance,
                "direction": near.direction.isEmpty ? ", same place" : " " + near.direction, "number": n + 1,
            ]
        }
        if facts.namesakesMore > 0 {
            context["namesakesMore"] = Digits.grouped(facts.namesakesMore)
            context["namesakesHref"] = facts.namesakesHref
        }
        return context
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
}
