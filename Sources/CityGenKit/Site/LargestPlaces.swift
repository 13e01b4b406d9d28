/// The largest places by population (SPEC §5 `#largestCities`): of the whole site, of each country and of each
/// region, largest first, then in SPEC §3 order. Cities without a known population are never among them.
struct LargestPlaces: Sendable {
    /// How many a page lists.
    static let count = 10

    let world: [Int]
    let byCountry: [String: [Int]]
    let byRegion: [PlaceRegion: [Int]]

    init(catalog: CityCatalog, places: Places?, regions: RegionPlan) {
        guard let places else {
            (world, byCountry, byRegion) = ([], [:], [:])
            return
        }
        // One array of 32-bit indices, sorted in place: no second copy while the site is planned.
        var ordered = (0..<catalog.count).compactMap { places.population($0) != nil ? Int32($0) : nil }
        ordered.sort { a, b in
            let (x, y) = (places.population(Int(a))!, places.population(Int(b))!)
            return x != y ? x > y : a < b
        }
        var byCountry: [String: [Int]] = [:], byRegion: [PlaceRegion: [Int]] = [:]
        for index in ordered.lazy.map(Int.init) {
            let country = catalog.cities[index].country
            if byCountry[country, default: []].count < Self.count { byCountry[country, default: []].append(index) }
            if let region = regions.place(ofCityAt: index)?.region.region, byRegion[region, default: []].count < Self.count {
                byRegion[region, default: []].append(index)
            }
        }
        world = ordered.prefix(Self.count).map(Int.init)
        (self.byCountry, self.byRegion) = (byCountry, byRegion)
    }
}
