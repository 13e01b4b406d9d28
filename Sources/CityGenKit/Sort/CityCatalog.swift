import Dispatch

/// All valid cities in the one order of SPEC §3, with the folded keys that search and paging need.
public struct CityCatalog: Sendable {
    /// The cities, sorted by `fold(name)`, `fold(country)`, `name` by scalar values, then `id`.
    public let cities: [City]
    /// `fold(name)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedNames: [[UInt8]]
    /// `fold(country)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedCountries: [[UInt8]]

    /// Sorts `cities` into SPEC §3 order.
    public init(_ cities: [City]) {
        let names = Self.foldAll(cities.map(\.name))
        let countries = Self.foldAll(cities.map(\.country))
        let order = cities.indices.sorted { a, b in
            Self.precedes(a, b, cities: cities, names: names, countries: countries)
        }
        self.cities = order.map { cities[$0] }
        self.foldedNames = order.map { names[$0] }
        self.foldedCountries = order.map { countries[$0] }
    }

    public var count: Int { cities.count }

    /// `fold(name)` of the city at `index`.
    public func foldedName(at index: Int) -> String {
        String(decoding: foldedNames[index], as: UTF8.self)
    }

    /// The search key of SPEC §4: `fold(name) + " " + fold(country)`, trimmed.
    public func searchKey(at index: Int) -> String {
        let country = foldedCountries[index]
        let name = foldedNames[index]
        if country.isEmpty { return String(decoding: name, as: UTF8.self) }
        if name.isEmpty { return String(decoding: country, as: UTF8.self) }
        return String(decoding: name + [0x20] + country, as: UTF8.self)
    }

    private static func precedes(
        _ a: Int, _ b: Int, cities: [City], names: [[UInt8]], countries: [[UInt8]]
    ) -> Bool {
        let byName = ByteString.compare(names[a], names[b])
        if byName != 0 { return byName < 0 }
        let byCountry = ByteString.compare(countries[a], countries[b])
        if byCountry != 0 { return byCountry < 0 }
        let left = cities[a].name.utf8, right = cities[b].name.utf8
        if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
        return cities[a].id < cities[b].id
    }

    /// Folds on all cores: folding is most of the sort's cost.
    private static func foldAll(_ texts: [String]) -> [[UInt8]] {
        var result = [[UInt8]](repeating: [], count: texts.count)
        let chunk = 4096
        let chunks = (texts.count + chunk - 1) / chunk
        result.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for i in (c * chunk)..<min(texts.count, (c + 1) * chunk) {
                    out[i] = Array(Fold.fold(texts[i]).utf8)
                }
            }
        }
        return result
    }
}
