extension Grouping {
    /// With places, first-level regions: each that joined cities and whose name the admin-1 table gives, under its
    /// country, with its own map.
    static let region = Grouping(
        name: "region", folder: "region", words: "region", parent: "country",
        groups: { input in
            guard let places = input.places else { return [] }
            return places.regions.compactMap { region in
                places.regionName(region).map { name in
                    Group(
                        id: region.groupID, folders: [SiteLayout.countryFolder(region.country), SiteLayout.codeFolder(region.code)],
                        name: name, title: name, scope: region.country, cities: places.cities(in: region).map { Int32($0) })
                }
            }
        },
        map: { site, group in
            guard let region = site.places?.region(Int(group.cities[0])), let window = site.maps.regionWindows[region] else { return nil }
            return GroupMap(key: .regionMap, route: .regionMap(region), window: window)
        })
}

extension PlaceRegion {
    /// Its id among the region grouping's groups.
    var groupID: String { country + "\u{0}" + code }
}

extension Route {
    /// Page `page` (from 1) of the cities of `region`.
    public static func region(_ region: PlaceRegion, page: Int, _ format: PageFormat) -> Route {
        .page(.group(folder: Grouping.region.folder, [SiteLayout.countryFolder(region.country), SiteLayout.codeFolder(region.code)], page: page, format))
    }
}
