extension Grouping {
    /// Countries: every country code of the data, named in the site's language; the cities with an empty code are a
    /// country of their own (`country.none`) in a folder that no code has. A country lists its regions.
    static let country = Grouping(
        name: "country", folder: "country", words: "country",
        listed: Listed(grouping: "region", heading: "regions.heading", id: "regions"),
        index: Index(template: .countries, words: "countries", homeHref: .countriesHref, homeCount: .countryCount),
        groups: { input in
            citiesByKey(count: input.catalog.count) { input.catalog.cities[$0].country }.map { code, cities in
                let name = code.isEmpty ? input.language.words["country.none"] : input.countryNames[code] ?? code
                return Group(
                    id: code, folders: [SiteLayout.countryFolder(code)], name: name, title: code.isEmpty ? name : "\(name) (\(code))",
                    code: code.isEmpty ? nil : code, cities: cities)
            }
        },
        map: { site, group in site.maps.mainWindow(group.id).map { GroupMap(key: .countryMap, route: .countryMap(code: group.id), window: $0) } })
}

extension Route {
    /// Page `page` (from 1) of the cities of the country with this code (`""` for none).
    public static func country(code: String, page: Int, _ format: PageFormat) -> Route {
        .page(.group(folder: Grouping.country.folder, [SiteLayout.countryFolder(code)], page: page, format))
    }

    /// The list of countries.
    public static func countryIndex(_ format: PageFormat) -> Route { .page(.groupIndex(folder: Grouping.country.folder, format)) }
}
