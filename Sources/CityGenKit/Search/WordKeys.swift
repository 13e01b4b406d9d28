/// SPEC §4b's word keys: for a city whose folded name has the words w1 … wn, the keys `wk … wn` + `" "` + folded
/// country (trimmed), for each k ≥ 2. A query is a word match for a city when it is a prefix of one of them.
public struct WordKeys: Sendable {
    /// Every word key of the catalog, sorted by key (scalar values), then list order.
    public let keys: [[UInt8]]
    /// The catalog index of the city each key belongs to.
    public let cities: [Int]

    public init(catalog: CityCatalog) {
        var pairs: [(key: [UInt8], city: Int)] = []
        for city in 0..<catalog.count {
            for key in Self.keys(name: catalog.foldedNames[city], country: catalog.foldedCountries[city]) { pairs.append((key, city)) }
        }
        pairs.sort { a, b in
            let order = ByteString.compare(a.key, b.key)
            return order != 0 ? order < 0 : a.city < b.city
        }
        keys = pairs.map(\.key)
        cities = pairs.map(\.city)
    }

    /// The word keys of one city, from its folded name (words separated by single spaces) and country.
    public static func keys(name: [UInt8], country: [UInt8]) -> [[UInt8]] {
        let country = country.isEmpty ? [] : [0x20] + country
        return name.indices.filter { name[$0] == 0x20 }.map { Array(name[($0 + 1)...]) + country }
    }
}
