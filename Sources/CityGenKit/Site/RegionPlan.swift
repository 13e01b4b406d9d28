/// The region pages of SPEC §5: each first-level region that joined cities and whose name the admin-1 table gives,
/// with its cities in SPEC §3 order, `pageSize` a page; and where each city is listed.
struct RegionPlan: Sendable {
    /// One region of the data.
    struct Region: Sendable {
        let region: PlaceRegion
        let name: String
        /// Catalog indices of its cities, in list order.
        let cities: [Int32]
    }

    /// The regions, by country code, then by folded name, then by code.
    let regions: [Region]
    let pageSize: Int
    /// For each catalog index: the number of its region in `regions` (-1: none; its page there: `CityPages.page`).
    private let regionOfCity: [Int32]
    private let numberByRegion: [PlaceRegion: Int]
    /// The numbers of each country's regions in `regions`.
    private let numbersByCountry: [String: Range<Int>]

    init(places: Places?, cityCount: Int, pageSize: Int) {
        let named = (places?.regions ?? []).compactMap { region -> Region? in
            guard let places, let name = places.regionName(region) else { return nil }
            let cities = places.cities(in: region)
            return cities.isEmpty ? nil : Region(region: region, name: name, cities: cities.map { Int32($0) })
        }
        let folded = Dictionary(named.map { ($0.region, Fold.fold($0.name)) }, uniquingKeysWith: { a, _ in a })
        let regions = named.sorted { a, b in
            if a.region.country != b.region.country { return a.region < b.region }
            let (x, y) = (folded[a.region]!, folded[b.region]!)
            return x != y ? x.utf8.lexicographicallyPrecedes(y.utf8) : a.region < b.region
        }
        var regionOfCity = [Int32](repeating: -1, count: cityCount)
        var numberByRegion: [PlaceRegion: Int] = [:], numbersByCountry: [String: Range<Int>] = [:]
        for (number, region) in regions.enumerated() {
            numberByRegion[region.region] = number
            let range = numbersByCountry[region.region.country] ?? number..<number
            numbersByCountry[region.region.country] = range.lowerBound..<(number + 1)
            for index in region.cities { regionOfCity[Int(index)] = Int32(number) }
        }
        (self.regions, self.pageSize, self.regionOfCity) = (regions, pageSize, regionOfCity)
        (self.numberByRegion, self.numbersByCountry) = (numberByRegion, numbersByCountry)
    }

    /// The region `region`, when it has a page.
    func region(_ region: PlaceRegion) -> Region? { numberByRegion[region].map { regions[$0] } }

    /// The regions with pages of the country with this code, in order of their names.
    func regions(ofCountry code: String) -> ArraySlice<Region> { regions[numbersByCountry[code] ?? 0..<0] }

    /// Number of pages of `region`.
    func pageCount(_ region: Region) -> Int { CityPages.count(of: region.cities, pageSize: pageSize) }

    /// The catalog indices on page `page` (from 1) of `region`.
    func cities(of region: Region, onPage page: Int) -> [Int] { CityPages.cities(region.cities, onPage: page, pageSize: pageSize) }

    /// The region of the city at catalog `index`, when it has a page.
    func region(ofCityAt index: Int) -> Region? {
        let number = Int(regionOfCity[index])
        return number < 0 ? nil : regions[number]
    }

    /// The region of the city at catalog `index` that has a page, and the page of it that lists the city.
    func place(ofCityAt index: Int) -> (region: Region, page: Int)? {
        region(ofCityAt: index).map { ($0, CityPages.page(listing: index, in: $0.cities, pageSize: pageSize)) }
    }
}
