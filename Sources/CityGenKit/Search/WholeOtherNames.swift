/// SPEC §4c's other names spelled whole, for the top matches: the queries that spell an other name of a city with a
/// population whole, each with those cities; and the rows of `OtherNameKeys` whose city ranks among such a query's
/// top matches, which carry the population in the word index so that a client ranks them too.
struct WholeOtherNames: Sendable {
    /// The rows of `OtherNameKeys` that carry the population.
    let ranked: Set<Int>
    private let otherNames: OtherNameKeys
    /// Each spelling of an other name of a populated city: its row of `otherNames`, and whether the query has the
    /// country too; sorted by query, then row, the queries read where the keys lie, never copied.
    private let spellings: [Spelling]
    /// The country's length in a key, plus its space (0 for a key with no country), by row.
    private let countryLengths: [UInt8]

    private struct Spelling: Sendable {
        let row: Int32
        let withCountry: Bool
    }

    /// `table` is the site's table of top matches, which answers a query with many matches: only the others are searched.
    init(_ otherNames: OtherNameKeys, catalog: CityCatalog, words: WordKeys, places: Places, table: TopMatches) {
        self.otherNames = otherNames
        countryLengths = (0..<otherNames.count).map { row in
            let country = catalog.foldedCountries[otherNames.city(row)].count
            return UInt8(country == 0 ? 0 : country + 1)
        }
        var spellings: [Spelling] = []
        for row in 0..<otherNames.count where places.population(otherNames.city(row)) != nil {
            spellings.append(Spelling(row: Int32(row), withCountry: true))
            if countryLengths[row] > 0 { spellings.append(Spelling(row: Int32(row), withCountry: false)) }
        }
        let lengths = countryLengths
        /// Spelling `spelling`'s query, as bytes where its key lies.
        @Sendable func withQuery<Result>(_ spelling: Spelling, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            otherNames.withKey(Int(spelling.row)) { key in
                body(spelling.withCountry ? key : UnsafeBufferPointer(rebasing: key.dropLast(Int(lengths[Int(spelling.row)]))))
            }
        }
        @Sendable func compare(_ a: Spelling, _ b: Spelling) -> Int {
            withQuery(a) { a in withQuery(b) { b in ByteString.compare(a, b) } }
        }
        spellings.sort { a, b in
            let order = compare(a, b)
            return order != 0 ? order < 0 : a.row < b.row
        }
        self.spellings = spellings
        // Each run of one query is ranked with that query's matches, and its rows whose city makes the top are kept;
        // runs are taken a chunk of spellings at a time (a run that starts in a chunk is that chunk's).
        let chunk = 1024, sorted = spellings
        let rankedRows = Parallel.map(0..<(sorted.count + chunk - 1) / chunk, chunk: 1) { c -> [Int32] in
            var kept: [Int32] = []
            var start = c * chunk
            while start > 0, start < sorted.count, compare(sorted[start - 1], sorted[start]) == 0 { start += 1 }
            while start < min(sorted.count, (c + 1) * chunk) {
                var end = start + 1
                while end < sorted.count, compare(sorted[start], sorted[end]) == 0 { end += 1 }
                let run = sorted[start..<end], query = withQuery(sorted[start]) { Array($0) }
                let matches = table.cities(of: query)
                    ?? TopMatches.matches(of: query, upTo: TopMatches.localLimit, catalog: catalog, words: words)
                    ?? TopMatches.matches(of: query, upTo: .max, catalog: catalog, words: words)!
                let top = TopMatches.top(matches + run.lazy.map { otherNames.city(Int($0.row)) }, places)
                kept += run.lazy.filter { top.contains(otherNames.city(Int($0.row))) }.map(\.row)
                start = end
            }
            return kept
        }
        ranked = Set(rankedRows.joined().lazy.map { Int($0) })
    }

    /// The cities whose other name `query` spells whole, in the order of their rows; empty when none.
    func cities(spelledBy query: [UInt8]) -> [Int] {
        func compare(_ spelling: Spelling) -> Int {
            otherNames.withKey(Int(spelling.row)) { key in
                let text = spelling.withCountry ? key : UnsafeBufferPointer(rebasing: key.dropLast(Int(countryLengths[Int(spelling.row)])))
                return query.withUnsafeBufferPointer { ByteString.compare(text, $0) }
            }
        }
        let start = spellings.indices.partitionPoint { compare(spellings[$0]) < 0 }
        let end = (start..<spellings.count).partitionPoint { compare(spellings[$0]) <= 0 }
        return spellings[start..<end].map { otherNames.city(Int($0.row)) }
    }
}
