/// Joins rows to cities as the table streams (SPEC §1b): by id at once; else a row is kept as a candidate for
/// `NameCandidates` only when its folded or ASCII name is a city's of its country within 5 km.
struct PlaceCollector {
    private let catalog: CityCatalog
    private let ids: CityIDIndex
    /// The catalog's country codes: a row of another country cannot join by name.
    private let countries: Set<String>
    private(set) var columns: PlaceColumns
    private(set) var candidates = NameCandidates()
    private(set) var joinedByID = 0

    init(catalog: CityCatalog) {
        self.catalog = catalog
        ids = catalog.indicesByID()
        countries = catalog.countryCodes
        columns = PlaceColumns(count: catalog.count)
    }

    mutating func take(_ row: GeoNameRow) {
        if let index = ids[row.id] {
            // A repeated id keeps its first row.
            guard !columns.isJoined(index) else { return }
            columns.set(index, RowFacts(row), byName: false)
            joinedByID += 1
            return
        }
        let country = row.countryCode
        guard countries.contains(country) else { return }
        let name = Fold.fold(row.name)
        var near = nearCities(named: name, country: country, row: row)
        if !row.bytes(.asciiName).elementsEqual(row.bytes(.name)) {
            let ascii = Fold.fold(row.asciiName)
            if ascii != name { near += nearCities(named: ascii, country: country, row: row) }
        }
        if !near.isEmpty { candidates.add(RowFacts(row), cities: near) }
    }

    /// The cities of `country` whose folded name is `folded`, within 5 km of the row, with their distance.
    private func nearCities(named folded: String, country: String, row: GeoNameRow) -> [(index: Int, distance: Double)] {
        guard !folded.isEmpty else { return [] }
        let place = City(id: row.id, name: "", country: country, latitude: row.latitude, longitude: row.longitude)
        var near: [(index: Int, distance: Double)] = []
        for index in catalog.exactNameRange(Array(folded.utf8), countryPrefix: []) {
            let city = catalog.cities[index]
            guard city.country == country else { continue }
            let distance = NearestCities.distance(from: city, to: place)
            if distance <= NameCandidates.maximumDistance { near.append((index, distance)) }
        }
        return near
    }

    /// The joined facts, by-name joins resolved; `byName` is how many cities joined that way.
    mutating func finish() -> (columns: PlaceColumns, byName: Int) {
        let joins = candidates.resolve { columns.isJoined($0) }
        for join in joins {
            columns.set(join.city, join.facts, byName: true)
        }
        columns.finish()
        return (columns, joins.count)
    }
}
