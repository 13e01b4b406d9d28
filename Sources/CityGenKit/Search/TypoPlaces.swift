/// The places that SPEC §4c's typo matches are looked for among: a query of fewer than `bucketQueryLength`
/// characters reads the largest places (`fileCount` files of them), a longer one at most two of the `buckets`.
struct TypoPlaces: Sendable {
    /// How many files: with a query's prefix and word shard, the 4 requests a typo query may make.
    static let fileCount = 2
    /// The population from which every place is within reach of a typo (SPEC §4c).
    static let reachedPopulation = 15_000
    /// The shortest query that reads buckets: shorter ones read the largest places' files.
    static let bucketQueryLength = SearchContract.current.bucketQuery

    /// Catalog indices, in order.
    let cities: [Int]
    /// The rows of `cities` in each file.
    let files: [Range<Int>]
    /// The buckets (`TypoBuckets`), each a file after `files`.
    let buckets: TypoBuckets

    /// The largest places of `places` whose entries (`entry`) fit in `fileCount` files of at most `budget` bytes.
    init(places: Places, count: Int, budget: Int, bucketBudget: Int, entry: (Int) -> IndexEntry) {
        var cities: [Int] = [], files: [Range<Int>] = []
        // Only the largest candidates are sorted, not every populated place; twice as many when the files are not full.
        var wanted = Self.fileCount * budget / 32
        while true {
            let populated = Self.largest(wanted, places: places, count: count)
            let full: Bool
            (cities, files, full) = Self.fill(populated, budget: budget, entry: entry)
            if full || populated.count < wanted { break }
            wanted *= 2
        }
        self.cities = cities
        self.files = files
        self.buckets = TypoBuckets(places: places, count: count, budget: bucketBudget, withWordKeys: Set(cities), entry: entry)
    }

    /// At least the `wanted` largest places (ties at the last included), largest first, then in §3 order.
    private static func largest(_ wanted: Int, places: Places, count: Int) -> [Int] {
        var populations = (0..<count).compactMap { places.population($0) }
        guard populations.count > wanted else {
            return (0..<count).filter { places.population($0) != nil }.sorted { ranksAbove($0, $1, places) }
        }
        populations.sort(by: >)
        let least = populations[wanted - 1]
        return (0..<count).filter { (places.population($0) ?? 0) >= least }.sorted { ranksAbove($0, $1, places) }
    }

    private static func ranksAbove(_ a: Int, _ b: Int, _ places: Places) -> Bool {
        let (x, y) = (places.population(a)!, places.population(b)!)
        return x != y ? x > y : a < b
    }

    /// The files made of `populated`, in order: each at most `budget` bytes of entries, at most `fileCount`; `full` when
    /// some of `populated` did not fit.
    private static func fill(_ populated: [Int], budget: Int, entry: (Int) -> IndexEntry) -> (cities: [Int], files: [Range<Int>], full: Bool) {
        var cities: [Int] = [], files: [Range<Int>] = []
        var start = 0, bytes = 0
        var row: [UInt8] = []
        for index in populated {
            row.removeAll(keepingCapacity: true)
            entry(index).appendJSON(to: &row)
            if bytes + row.count + 1 > budget, cities.count > start {
                files.append(start..<cities.count)
                guard files.count < Self.fileCount else { return (cities, files, true) }
                (start, bytes) = (cities.count, 0)
            }
            cities.append(index)
            bytes += row.count + 1
        }
        if files.count < Self.fileCount, cities.count > start { files.append(start..<cities.count) }
        return (cities, files, false)
    }

    /// What the manifest says of them, from the index keys of the cities (`key`).
    func manifest(key: (Int) -> [UInt8]) -> IndexManifest.Typos {
        let all = Set(cities).union(buckets.buckets.lazy.flatMap(\.cities)).sorted()
        let keys = all.map { Array(String(decoding: SearchKey.spec(fromIndex: key($0)), as: UTF8.self).unicodeScalars) }
        let letters = Set(keys.joined()).sorted { $0.value < $1.value }
        return .init(
            files: files.count, letters: String(String.UnicodeScalarView(letters)), longest: keys.map(\.count).max() ?? 0,
            buckets: buckets.buckets.isEmpty ? nil : buckets.buckets.map(\.name).joined(), heavy: buckets.heavy.isEmpty ? nil : buckets.heavy.joined())
    }
}
