/// The places that SPEC §4c's typo matches are looked for among: those with the largest population, largest first,
/// then in §3 order, as many as `fileCount` index files of the shard size hold. A
/// query with fewer than 5 matches reads them all: a typo may be anywhere in a query, so no smaller part of the
/// index holds every key close to it; the largest places are those a slip of the finger most often means.
struct TypoPlaces: Sendable {
    /// How many files: with a query's prefix and word shard, the 4 requests a typo query may make.
    static let fileCount = 2

    /// Catalog indices, in order.
    let cities: [Int]
    /// The rows of `cities` in each file.
    let files: [Range<Int>]

    /// The largest places of `places` whose entries (`entry`) fit in `fileCount` files of at most `budget` bytes.
    init(places: Places, count: Int, budget: Int, entry: (Int) -> IndexEntry) {
        let populated = (0..<count).compactMap { index in places.population(index).map { (index, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        var cities: [Int] = [], files: [Range<Int>] = []
        var start = 0, bytes = 0
        var row: [UInt8] = []
        for (index, _) in populated {
            row.removeAll(keepingCapacity: true)
            entry(index).appendJSON(to: &row)
            if bytes + row.count + 1 > budget, cities.count > start {
                files.append(start..<cities.count)
                guard files.count < Self.fileCount else { break }
                (start, bytes) = (cities.count, 0)
            }
            cities.append(index)
            bytes += row.count + 1
        }
        if files.count < Self.fileCount, cities.count > start { files.append(start..<cities.count) }
        self.cities = cities
        self.files = files
    }

    /// What the manifest says of them, from the index keys of the cities (`key`).
    func manifest(key: (Int) -> [UInt8]) -> IndexManifest.Typos {
        let keys = cities.map { Array(String(decoding: SearchKey.spec(fromIndex: key($0)), as: UTF8.self).unicodeScalars) }
        let letters = Set(keys.joined()).sorted { $0.value < $1.value }
        return .init(files: files.count, letters: String(String.UnicodeScalarView(letters)), longest: keys.map(\.count).max() ?? 0)
    }
}
