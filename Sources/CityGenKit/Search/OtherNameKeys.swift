/// SPEC §4c's other names as search keys: for each city with other names (SPEC §1b), each of them whose folded form
/// is new for the city (not empty, not its own folded name, not an earlier other name's), keyed like a word key:
/// the folded other name, then a space and the folded country (trimmed). A query is an other-name match for a city
/// when it is a prefix of one of them. Kept with the spelling that came first in GeoNames' list, which the result
/// shows (`London, GB — Londres`).
public struct OtherNameKeys: Sendable {
    /// Every key, sorted by key (scalar values), then list order.
    private let rows: [Row]

    private struct Row: Sendable {
        let key: [UInt8]
        let name: String
        /// The catalog index of the city.
        let city: Int32
    }

    /// The other names of `places` for the cities of `catalog`; none without places.
    public init(catalog: CityCatalog, places: Places?) {
        var rows: [Row] = []
        if let places {
            for city in 0..<catalog.count {
                let names = places.otherNames(city)
                guard !names.isEmpty else { continue }
                var seen: Set<[UInt8]> = [catalog.foldedNames[city]]
                for name in names {
                    let folded = Array(Fold.fold(name).utf8)
                    guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
                    rows.append(Row(key: Self.key(folded: folded, country: catalog.foldedCountries[city]), name: name, city: Int32(city)))
                }
            }
        }
        rows.sort { a, b in
            let order = ByteString.compare(a.key, b.key)
            return order != 0 ? order < 0 : a.city < b.city
        }
        // Grown by doubling, the array may be twice its size: kept for the whole build, so copied to its size.
        self.rows = rows.capacity > rows.count + rows.count / 8 ? Array(rows[...]) : rows
    }

    /// The number of keys.
    public var count: Int { rows.count }

    /// Key `row`, in sorted order.
    public func key(_ row: Int) -> [UInt8] { rows[row].key }

    /// The other name of key `row`, as GeoNames spells it.
    public func name(_ row: Int) -> String { rows[row].name }

    /// The catalog index of the city of key `row`.
    public func city(_ row: Int) -> Int { Int(rows[row].city) }

    /// The key of an other name, from its folded form and the city's folded country.
    static func key(folded: [UInt8], country: [UInt8]) -> [UInt8] {
        country.isEmpty ? folded : folded + [0x20] + country
    }
}
