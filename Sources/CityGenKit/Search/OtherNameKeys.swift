/// SPEC §4c's other names as search keys, keyed like a word key: each folded other name new for the city (not
/// empty, not its own name's, not an earlier one's), a space and the folded country; kept with the spelling that
/// came first in GeoNames' list, which the result shows (`London, GB — Londres`).
public struct OtherNameKeys: Sendable {
    /// Every key, sorted by key (scalar values), then list order; packed, as there may be hundreds of thousands.
    private let keys: PackedTexts
    /// The other name of each key, as GeoNames spells it.
    private let names: PackedTexts
    /// The catalog index of the city of each key.
    private let cities: [Int32]

    /// The other names of `places` for the cities of `catalog`; none without places.
    public init(catalog: CityCatalog, places: Places?) {
        var keys = PackedTexts.Builder(), names = PackedTexts.Builder(), cities: [Int32] = []
        if let places {
            for city in 0..<catalog.count {
                let otherNames = places.otherNames(city)
                guard !otherNames.isEmpty else { continue }
                var seen: Set<[UInt8]> = [catalog.foldedNames[city]]
                for name in otherNames {
                    let folded = Array(Fold.fold(name).utf8)
                    guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
                    keys.append(Self.key(folded: folded, country: catalog.foldedCountries[city]))
                    names.append(Array(name.utf8))
                    cities.append(Int32(city))
                }
            }
        }
        let (unsortedKeys, unsortedNames) = (keys.texts, names.texts)
        let order = cities.indices.sorted { a, b in
            let order = unsortedKeys.compare(a, b)
            return order != 0 ? order < 0 : cities[a] < cities[b]
        }
        self.keys = unsortedKeys.permuted(by: order)
        self.names = unsortedNames.permuted(by: order)
        self.cities = order.map { cities[$0] }
    }

    /// The number of keys.
    public var count: Int { cities.count }

    /// Key `row`, in sorted order.
    public func key(_ row: Int) -> [UInt8] { keys[row] }

    /// Calls `body` with the bytes of key `row`, without copying them.
    func withKey<Result>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result { keys.withText(row, body) }

    /// The other name of key `row`, as GeoNames spells it.
    public func name(_ row: Int) -> String { names.string(row) }

    /// The catalog index of the city of key `row`.
    public func city(_ row: Int) -> Int { Int(cities[row]) }

    /// The key of an other name, from its folded form and the city's folded country.
    static func key(folded: [UInt8], country: [UInt8]) -> [UInt8] {
        country.isEmpty ? folded : folded + [0x20] + country
    }
}
