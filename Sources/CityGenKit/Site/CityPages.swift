/// The paging of a list of catalog indices in catalog order (a country's or a region's cities), `pageSize` a page.
enum CityPages {
    /// Number of pages: at least one, so that an empty list still has its page.
    static func count(of cities: [Int32], pageSize: Int) -> Int { max(1, (cities.count + pageSize - 1) / pageSize) }

    /// The catalog indices on page `page` (from 1).
    static func cities(_ cities: [Int32], onPage page: Int, pageSize: Int) -> [Int] {
        let start = (page - 1) * pageSize
        return cities[min(start, cities.count)..<min(cities.count, start + pageSize)].map(Int.init)
    }

    /// The page (from 1) that lists the city at catalog `index`, found by binary search rather than held: a
    /// position per city would be 4 bytes a city.
    static func page(listing index: Int, in cities: [Int32], pageSize: Int) -> Int {
        cities.indices.partitionPoint { Int(cities[$0]) < index } / pageSize + 1
    }
}
