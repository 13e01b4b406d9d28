/// SPEC §4c's top matches: for a query, up to `limit` of its §4 and §4b matches with the largest population,
/// largest first, then in §3 order. A query with at most `localLimit` matches has all of them in its first page of
/// results, whose entries carry their population, so a client ranks them itself; this table holds the answer for
/// every longer run, by query (a prefix of some city's §4 key or word key, cut at a character).
struct TopMatches: Sendable {
    static let limit = 5
    static let localLimit = 50

    /// The queries with more than `localLimit` matches, in scalar order, each with the catalog indices of its top
    /// matches (none when no match has a population).
    let table: [(query: [UInt8], cities: [Int])]

    /// The top matches of every query with more than `localLimit` matches in `catalog`, with the populations of
    /// `places`.
    init(catalog: CityCatalog, words: WordKeys, places: Places) {
        // Every §4 key and §4b word key, with its city; a run of keys sharing a prefix is that query's matches (a
        // city with two keys in one run counts twice, which only makes the table hold a few more queries).
        var keys: [(key: [UInt8], city: Int32)] = []
        keys.reserveCapacity(catalog.count + words.count)
        for city in 0..<catalog.count {
            keys.append((Array(SearchKey.spec(fromIndex: SearchKey.index(name: catalog.foldedNames[city], country: catalog.foldedCountries[city]))), Int32(city)))
        }
        for row in 0..<words.count { keys.append((words.key(row), Int32(words.city(row)))) }
        keys.sort { ByteString.compare($0.key, $1.key) < 0 }
        var table: [(query: [UInt8], cities: [Int])] = []
        // Depth first, so the table comes out in scalar order: a run's own query, then its runs one character longer.
        func visit(_ run: Range<Int>, length: Int) {
            // A query is folded, so it never ends with a space.
            if length > 0, keys[run.lowerBound].key[length - 1] != 0x20 {
                table.append((Array(keys[run.lowerBound].key[..<length]), Self.top(keys[run].lazy.map { Int($0.city) }, places)))
            }
            var start = run.lowerBound
            while start < run.upperBound {
                let key = keys[start].key
                guard key.count > length else {
                    start += 1
                    continue
                }
                let end = length + ByteString.characterLength(key, at: length)
                var stop = start + 1
                while stop < run.upperBound, keys[stop].key.count >= end, keys[stop].key[length..<end] == key[length..<end] { stop += 1 }
                if stop - start > Self.localLimit { visit(start..<stop, length: end) }
                start = stop
            }
        }
        visit(0..<keys.count, length: 0)
        self.table = table
    }

    /// The `limit` cities of `cities` with the largest populations, largest first, then in catalog order (§3).
    static func top(_ cities: some Sequence<Int>, _ places: Places) -> [Int] {
        var best: [(population: Int, city: Int)] = []
        for city in cities {
            guard let population = places.population(city), !best.contains(where: { $0.city == city }) else { continue }
            let candidate = (population: population, city: city)
            guard best.count < limit || ranksAbove(candidate, best[best.count - 1]) else { continue }
            if best.count == limit { best.removeLast() }
            best.insert(candidate, at: best.firstIndex { ranksAbove(candidate, $0) } ?? best.count)
        }
        return best.map(\.city)
    }

    private static func ranksAbove(_ a: (population: Int, city: Int), _ b: (population: Int, city: Int)) -> Bool {
        a.population != b.population ? a.population > b.population : a.city < b.city
    }
}
