/// SPEC §4c's other names spelled whole, for the top matches: the queries that spell an other name of a city with a
/// population whole (the folded name, alone or with the city's folded country), each with those cities; and the rows
/// of `OtherNameKeys` whose city ranks among the top matches of such a query. Those rows carry the population in the
/// word index, so that a client that ranks a first page itself (`TopMatches.localLimit`) ranks them too; the
/// table's rows take the cities in (`TopMatches.ranking`).
struct WholeOtherNames: Sendable {
    /// Each query that spells an other name whole, with the catalog indices of the cities it spells that way.
    let cities: [[UInt8]: [Int]]
    /// The rows of `OtherNameKeys` that carry the population.
    let ranked: Set<Int>

    /// `table` is the site's table of top matches, which holds the answer for a query with many matches: only the
    /// others are searched.
    init(_ otherNames: OtherNameKeys, catalog: CityCatalog, words: WordKeys, places: Places, table: TopMatches) {
        var cities: [[UInt8]: [Int]] = [:]
        /// The queries that spell key `row` whole: the key, and the name without the country.
        func queries(_ row: Int) -> [[UInt8]] {
            let key = otherNames.key(row), country = catalog.foldedCountries[otherNames.city(row)]
            return country.isEmpty ? [key] : [key, Array(key.dropLast(country.count + 1))]
        }
        for row in 0..<otherNames.count where places.population(otherNames.city(row)) != nil {
            for query in queries(row) { cities[query, default: []].append(otherNames.city(row)) }
        }
        let all = cities.keys.sorted { ByteString.compare($0, $1) < 0 }
        // The largest of a query's matches and its cities are those of its top matches and its cities.
        let tops = Parallel.map(0..<all.count, chunk: 64) { [cities] n in
            let matches = table.cities(of: all[n])
                ?? TopMatches.matches(of: all[n], upTo: TopMatches.localLimit, catalog: catalog, words: words)
                ?? TopMatches.matches(of: all[n], upTo: .max, catalog: catalog, words: words)!
            return Set(TopMatches.top(matches + cities[all[n]]!, places))
        }
        let top = Dictionary(uniqueKeysWithValues: zip(all, tops))
        ranked = Set((0..<otherNames.count).filter { row in queries(row).contains { top[$0]?.contains(otherNames.city(row)) ?? false } })
        self.cities = cities
    }
}
