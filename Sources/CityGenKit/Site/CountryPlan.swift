/// The country pages of SPEC §5: every country code present, with its name in the site's language, and its cities
/// in SPEC §3 order, `pageSize` a page. Cities with an empty code form a country of their own (`noCountry`).
struct CountryPlan: Sendable {
    /// One country of the data.
    struct Country: Sendable {
        /// The code as the data gives it (`""` for none).
        let code: String
        /// What the pages call it: its name where known, else the code, or `noCountry`.
        let name: String
        /// Catalog indices of its cities, in list order (32 bits: half the memory of `Int`).
        let cities: [Int32]
    }

    /// The countries, in order of `name` (folded, then by code).
    let countries: [Country]
    let pageSize: Int
    /// For each catalog index: the number of its country in `countries` (its page there: `CityPages.page`).
    private let countryOfCity: [Int32]
    private let numberByCode: [String: Int]

    /// `noCountry` is what the pages call the country of the cities without a code.
    init(catalog: CityCatalog, names: [String: String], noCountry: String, pageSize: Int) {
        var groups: [String: [Int32]] = [:]
        for (index, city) in catalog.cities.enumerated() { groups[city.country, default: []].append(Int32(index)) }
        let countries = groups.map { code, cities in
            Country(code: code, name: code.isEmpty ? noCountry : names[code] ?? code, cities: cities)
        }.sorted { a, b in
            let (foldedA, foldedB) = (Fold.fold(a.name), Fold.fold(b.name))
            return foldedA != foldedB ? foldedA.utf8.lexicographicallyPrecedes(foldedB.utf8) : a.code.utf8.lexicographicallyPrecedes(b.code.utf8)
        }
        var countryOfCity = [Int32](repeating: 0, count: catalog.count)
        var numberByCode: [String: Int] = [:]
        for (number, country) in countries.enumerated() {
            numberByCode[country.code] = number
            for index in country.cities { countryOfCity[Int(index)] = Int32(number) }
        }
        self.countries = countries
        self.pageSize = pageSize
        self.countryOfCity = countryOfCity
        self.numberByCode = numberByCode
    }

    /// The country with this code.
    func country(_ code: String) -> Country? { numberByCode[code].map { countries[$0] } }

    /// Number of pages of `country`.
    func pageCount(_ country: Country) -> Int { CityPages.count(of: country.cities, pageSize: pageSize) }

    /// The catalog indices on page `page` (from 1) of `country`.
    func cities(of country: Country, onPage page: Int) -> [Int] { CityPages.cities(country.cities, onPage: page, pageSize: pageSize) }

    /// The country of the city at catalog `index`, and the page of it that lists the city.
    func place(ofCityAt index: Int) -> (country: Country, page: Int) {
        let country = countries[Int(countryOfCity[index])]
        return (country, CityPages.page(listing: index, in: country.cities, pageSize: pageSize))
    }
}
