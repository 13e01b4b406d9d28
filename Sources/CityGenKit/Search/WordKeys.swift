/// SPEC §4b's word keys: for a city whose folded name has the words w1 … wn, the keys `wk … wn` + `" "` + folded
/// country (trimmed), for each k ≥ 2, each kept as its city and where its word starts (8 bytes, not an array).
public struct WordKeys: Sendable {
    private let catalog: CityCatalog
    /// Every word key of the catalog, sorted by key (scalar values), then list order.
    private let words: [Word]

    private struct Word {
        /// The catalog index of the city.
        let city: Int32
        /// Where the word starts in the city's folded name.
        let start: Int32
    }

    public init(catalog: CityCatalog) {
        self.catalog = catalog
        var words: [Word] = []
        // Counted first: grown by doubling, the array would hold up to twice its size for the whole build.
        words.reserveCapacity((0..<catalog.count).reduce(0) { count, city in
            count + catalog.foldedNames.withText(city) { name in name.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) } }
        })
        for city in 0..<catalog.count {
            catalog.foldedNames.withText(city) { name in
                for (offset, byte) in name.enumerated() where byte == 0x20 { words.append(Word(city: Int32(city), start: Int32(offset + 1))) }
            }
        }
        words.sort { a, b in
            let order = Self.compare(a, b, catalog)
            return order != 0 ? order < 0 : a.city < b.city
        }
        self.words = words
    }

    /// The number of keys.
    public var count: Int { words.count }

    /// Key `row`, in sorted order.
    public func key(_ row: Int) -> [UInt8] {
        let word = words[row]
        return Self.key(word: catalog.foldedNames[Int(word.city)][Int(word.start)...], country: catalog.foldedCountries[Int(word.city)])
    }

    /// Calls `body` with key `row` as it lies in the catalog, without making it.
    func withKey<Result>(_ row: Int, _ body: (KeyBytes) -> Result) -> Result { Self.withKey(words[row], catalog, body) }

    /// Calls `body` with the key of `word` (its word to the end of the name, then a space and the country when there
    /// is one) as it lies in `catalog`.
    private static func withKey<Result>(_ word: Word, _ catalog: CityCatalog, _ body: (KeyBytes) -> Result) -> Result {
        let country = catalog.foldedCountries[Int(word.city)]
        return catalog.foldedNames.withText(Int(word.city)) { name in
            body(KeyBytes(name: UnsafeBufferPointer(rebasing: name[Int(word.start)...]), joiner: country.isEmpty ? nil : 0x20, country: country))
        }
    }

    /// The first byte of key `row` (a key starts with a word, never empty).
    func firstByte(_ row: Int) -> UInt8 {
        let word = words[row]
        return catalog.foldedNames.withText(Int(word.city)) { $0[Int(word.start)] }
    }

    /// The catalog index of the city of key `row`.
    public func city(_ row: Int) -> Int { Int(words[row].city) }

    /// The word keys of one city, from its folded name (words separated by single spaces) and country.
    public static func keys(name: [UInt8], country: [UInt8]) -> [[UInt8]] {
        name.indices.filter { name[$0] == 0x20 }.map { key(word: name[($0 + 1)...], country: country) }
    }

    /// The word keys of the city with this index key (`SearchKey.index`).
    static func keys(indexKey key: [UInt8]) -> [[UInt8]] {
        let name = key.prefix { $0 != SearchKey.separator }, country = key.drop { $0 != SearchKey.separator }.dropFirst()
        return keys(name: Array(name), country: Array(country))
    }

    /// The key of the word that starts `word` (the rest of the folded name): it, then a space and the country.
    private static func key(word: ArraySlice<UInt8>, country: [UInt8]) -> [UInt8] {
        Array(word) + (country.isEmpty ? [] : [0x20] + country)
    }

    /// Compares the keys of `a` and `b` byte by byte without making them (as `ByteString.compare`).
    private static func compare(_ a: Word, _ b: Word, _ catalog: CityCatalog) -> Int {
        withKey(a, catalog) { keyA in withKey(b, catalog) { keyA.compare($0) } }
    }
}
