/// SPEC §4c's top matches: for a query, up to `limit` of its §4 and §4b matches with the largest population,
/// largest first, then in §3 order, for every query with more than `localLimit` (which a client ranks itself).
struct TopMatches: Sendable {
    static let limit = SearchContract.current.top
    static let localLimit = SearchContract.current.topLocal

    /// The queries with more than `localLimit` matches, in scalar order, each with the catalog indices of its top
    /// matches (none when no match has a population).
    let table: [(query: [UInt8], cities: [Int])]

    /// The top matches of every query with more than `localLimit` matches in `catalog`.
    init(catalog: CityCatalog, words: WordKeys, places: Places) {
        var table: [(query: [UInt8], cities: [Int])] = []
        // The keys are made and sorted one first byte at a time, so that only one group's bytes are held at a time.
        let groups = Groups(catalog: catalog, words: words)
        for group in groups.ranges {
            let keys = Keys(catalog: catalog, words: words, members: groups.members[group])
            keys.bytes.withUnsafeBufferPointer { bytes in
                /// Key `i` in sorted order.
                func key(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                    let k = Int(keys.order[i])
                    return UnsafeBufferPointer(rebasing: bytes[Int(keys.starts[k])..<Int(keys.starts[k + 1])])
                }
                // Depth first, so the table comes out in scalar order: a run's own query, then its runs one character longer.
                func visit(_ run: Range<Int>, length: Int) {
                    // A query is folded, so it never ends with a space.
                    if length > 0, key(run.lowerBound)[length - 1] != 0x20 {
                        table.append((Array(key(run.lowerBound)[..<length]), Self.top(run.lazy.map { Int(keys.cities[Int(keys.order[$0])]) }, places)))
                    }
                    var start = run.lowerBound
                    while start < run.upperBound {
                        let first = key(start)
                        guard first.count > length else {
                            start += 1
                            continue
                        }
                        let end = length + ByteString.characterLength(first, at: length)
                        var stop = start + 1
                        while stop < run.upperBound, key(stop).count >= end, key(stop)[length..<end].elementsEqual(first[length..<end]) { stop += 1 }
                        if stop - start > Self.localLimit { visit(start..<stop, length: end) }
                        start = stop
                    }
                }
                visit(0..<keys.order.count, length: 0)
            }
        }
        self.table = table
    }

    /// This table with a row for each of the folded `queries` that has matches but at most `localLimit`: those whose
    /// first page may stop before it has read them all (`FirstPage.mayStop`), so a client never ranks what it has not read.
    func adding(_ queries: Set<[UInt8]>, catalog: CityCatalog, words: WordKeys, places: Places) -> TopMatches {
        let listed = Set(table.map(\.query))
        let candidates = queries.filter { !listed.contains($0) }.sorted { ByteString.compare($0, $1) < 0 }
        let rows = Parallel.map(0..<candidates.count, chunk: 256) { n -> [Int]? in
            guard let cities = Self.matches(of: candidates[n], upTo: Self.localLimit, catalog: catalog, words: words), !cities.isEmpty else { return nil }
            return Self.top(cities, places)
        }
        var merged = table
        for (query, cities) in zip(candidates, rows) { if let cities { merged.append((query, cities)) } }
        merged.sort { ByteString.compare($0.query, $1.query) < 0 }
        return TopMatches(table: merged)
    }

    /// The top matches of `query` when the table holds it (the query has more than `localLimit` matches).
    func cities(of query: [UInt8]) -> [Int]? {
        let row = table.indices.partitionPoint { ByteString.compare(table[$0].query, query) < 0 }
        return row < table.count && table[row].query == query ? table[row].cities : nil
    }

    /// This table with the cities that its queries spell whole by an other name (SPEC §4c) ranked into their rows.
    func ranking(_ whole: WholeOtherNames, places: Places) -> TopMatches {
        TopMatches(table: table.map { row in
            let spelled = whole.cities(spelledBy: row.query)
            return (row.query, spelled.isEmpty ? row.cities : Self.top(row.cities + spelled, places))
        })
    }

    /// The catalog indices of the §4 and §4b matches of the folded `query`, in catalog order (a city with two matching
    /// keys twice), or nil when there are more than `limit`.
    static func matches(of query: [UInt8], upTo limit: Int, catalog: CityCatalog, words: WordKeys) -> [Int]? {
        // The keys are compared where they lie, never made: there is a query for each other name.
        func compare(_ city: Int, _ prefix: [UInt8], startOnly: Bool) -> Int {
            catalog.foldedNames.withText(city) { name in
                KeyBytes(name: name, joiner: SearchKey.separator, country: catalog.foldedCountries[city]).compare(with: prefix, startOnly: startOnly)
            }
        }
        func compare(word row: Int, startOnly: Bool) -> Int {
            words.withKey(row) { $0.compare(with: query, startOnly: startOnly) }
        }
        var cities: [Int] = []
        let cap = limit == .max ? limit : limit + 1
        for prefix in SearchQuery(folded: query).prefixes {
            let start = (0..<catalog.count).partitionPoint { compare($0, prefix, startOnly: false) < 0 }
            let end = (start..<catalog.count).partitionPoint { compare($0, prefix, startOnly: true) == 0 }
            cities += start..<(end - start > cap ? start + cap : end)
            guard cities.count <= limit else { return nil }
        }
        let start = (0..<words.count).partitionPoint { compare(word: $0, startOnly: false) < 0 }
        let end = (start..<words.count).partitionPoint { compare(word: $0, startOnly: true) == 0 }
        cities += (start..<(end - start > cap ? start + cap : end)).lazy.map { words.city($0) }
        guard cities.count <= limit else { return nil }
        return cities.sorted()
    }

    private init(table: [(query: [UInt8], cities: [Int])]) {
        self.table = table
    }

    /// Every §4 key and §4b word key, numbered (city `c` is key `c`, word key `w` is `catalog.count + w`) and grouped by
    /// first byte, in byte order; empty keys, which no query matches, are left out.
    private struct Groups {
        /// The keys' numbers, group after group.
        var members: [Int32] = []
        /// Each nonempty group's range in `members`.
        var ranges: [Range<Int>] = []

        init(catalog: CityCatalog, words: WordKeys) {
            let total = catalog.count + words.count
            var firsts = [Int16](repeating: -1, count: total)
            var counts = [Int](repeating: 0, count: 256)
            for city in 0..<catalog.count {
                if let byte = catalog.foldedNames.first(city) ?? catalog.foldedCountries[city].first { firsts[city] = Int16(byte) }
            }
            for row in 0..<words.count { firsts[catalog.count + row] = Int16(words.firstByte(row)) }
            for first in firsts where first >= 0 { counts[Int(first)] += 1 }
            var next = [Int](repeating: 0, count: 256)
            var start = 0
            for byte in 0..<256 where counts[byte] > 0 {
                next[byte] = start
                ranges.append(start..<start + counts[byte])
                start += counts[byte]
            }
            members = [Int32](repeating: 0, count: start)
            for (key, first) in firsts.enumerated() where first >= 0 {
                members[next[Int(first)]] = Int32(key)
                next[Int(first)] += 1
            }
        }
    }

    /// The keys of one group, with their cities, in one buffer, and their order. A run of keys sharing a prefix is that
    /// query's matches (a city with two keys in one run counts twice: the table only holds a few more queries).
    private struct Keys {
        var bytes: [UInt8] = []
        /// Where key k starts in `bytes` (and, at k + 1, ends).
        var starts: [Int32] = [0]
        var cities: [Int32] = []
        /// The keys' numbers in scalar order.
        var order: [Int32] = []

        init(catalog: CityCatalog, words: WordKeys, members: ArraySlice<Int32>) {
            starts.reserveCapacity(members.count + 1)
            cities.reserveCapacity(members.count)
            for member in members.lazy.map(Int.init) {
                if member < catalog.count {
                    append(SearchKey.spec(fromIndex: SearchKey.index(name: catalog.foldedNames[member], country: catalog.foldedCountries[member])), member)
                } else {
                    append(words.key(member - catalog.count), words.city(member - catalog.count))
                }
            }
            var order = (0..<Int32(cities.count)).map { $0 }
            bytes.withUnsafeBufferPointer { bytes in
                let starts = starts
                func key(_ k: Int32) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: bytes[Int(starts[Int(k)])..<Int(starts[Int(k) + 1])])
                }
                order.sort { ByteString.compare(key($0), key($1)) < 0 }
            }
            self.order = order
        }

        private mutating func append(_ key: some Collection<UInt8>, _ city: Int) {
            bytes += key
            starts.append(Int32(bytes.count))
            cities.append(Int32(city))
        }
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
