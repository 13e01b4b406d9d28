/// All valid cities in the one order of SPEC §3, with the folded keys that search and paging need.
public struct CityCatalog: Sendable {
    /// The cities, sorted by `fold(name)`, `fold(country)`, `name` by scalar values, then `id`.
    public let cities: [City]
    /// `fold(name)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedNames: PackedTexts
    /// `fold(country)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedCountries: SharedTexts
    /// What tells apart the cities whose label (`Name, CC`) another city has too: their coordinates
    /// at display precision, or their id where those repeat as well. By catalog index; nil for a unique label.
    public let distinctions: [Distinction?]
    /// What `label` returns, made once: a page shows the labels of its city's neighbours, namesakes and nearest
    /// places, so each label is shown about thirty times in a site.
    private let labels: PackedTexts

    /// Sorts `cities` into SPEC §3 order. Given the only reference to `cities`, it frees them once sorted, before
    /// it makes anything else, which lowers the build's peak memory.
    public init(_ cities: consuming [City]) {
        let names = PackedTexts(folding: cities.map(\.name))
        let countries = SharedTexts(folding: cities.map(\.country))
        let unsorted = consume cities
        let order = Parallel.sortedIndices(unsorted.count) { a, b in
            Self.precedes(a, b, cities: unsorted, names: names, countries: countries)
        }
        self.init(unsorted, in: order, names: names, countries: countries)
    }

    /// The catalog of `cities` in the order `order` (indices into them), with their folded names and countries.
    private init(_ cities: consuming [City], in order: [Int], names: PackedTexts, countries: SharedTexts) {
        let unsorted = consume cities
        let sorted = order.map { unsorted[$0] }
        _ = consume unsorted
        self.cities = sorted
        let foldedNames = names.permuted(by: order), foldedCountries = countries.permuted(by: order)
        (self.foldedNames, self.foldedCountries) = (foldedNames, foldedCountries)
        let distinctions = Self.distinctions(sorted, names: foldedNames, countries: foldedCountries)
        self.distinctions = distinctions
        self.labels = PackedTexts(count: sorted.count) { i in
            let city = sorted[i]
            return distinctions[i].map { "\(city.label) (\($0.text(id: city.id, latitude: city.latitude, longitude: city.longitude)))" } ?? city.label
        }
    }

    /// `Name, CC` of the city at `index`, followed by its distinction when another city has that label too:
    /// `Buenos Aires, AR (-34.6132, -58.3772)`.
    public func label(_ index: Int) -> String {
        labels.string(index)
    }

    /// Calls `body` with the UTF-8 bytes of `label(index)`, without making a string of them.
    func withLabel<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        labels.withText(index, body)
    }

    /// Equal labels have equal folded keys, so they lie within one run of equal keys: only runs are compared, in
    /// parts that each begin a run, on all cores.
    private static func distinctions(_ cities: [City], names: PackedTexts, countries: SharedTexts) -> [Distinction?] {
        @Sendable func sameKey(_ a: Int, _ b: Int) -> Bool { names.compare(a, b) == 0 && countries[a] == countries[b] }
        let partCount = 16
        var partStarts = (0..<partCount).map { $0 * cities.count / partCount }
        for p in partStarts.indices.dropFirst() {
            partStarts[p] = max(partStarts[p], partStarts[p - 1])
            while partStarts[p] > 0, partStarts[p] < cities.count, sameKey(partStarts[p], partStarts[p] - 1) { partStarts[p] += 1 }
        }
        let starts = partStarts + [cities.count]
        let found = Parallel.map(0..<partCount, chunk: 1) { p in
            var found: [(index: Int, distinction: Distinction)] = []
            var start = starts[p]
            while start < starts[p + 1] {
                var end = start + 1
                while end < cities.count, sameKey(end, start) { end += 1 }
                if end - start > 1 {
                    let byLabel = Dictionary(grouping: start..<end) { cities[$0].label }
                    for group in byLabel.values where group.count > 1 {
                        let shown = group.map { Coordinate.display(latitude: cities[$0].latitude, longitude: cities[$0].longitude) }
                        let repeated = Dictionary(grouping: shown.indices) { shown[$0] }.filter { $0.value.count > 1 }
                        for (n, index) in group.enumerated() {
                            found.append((index, repeated[shown[n]] == nil ? .coordinates : .id))
                        }
                    }
                }
                start = end
            }
            return found
        }
        var result = [Distinction?](repeating: nil, count: cities.count)
        for part in found {
            for (index, distinction) in part { result[index] = distinction }
        }
        return result
    }

    public var count: Int { cities.count }

    /// The run of cities whose folded name is `name` and whose folded country starts with `countryPrefix`.
    func exactNameRange(_ name: [UInt8], countryPrefix: ArraySlice<UInt8>) -> Range<Int> {
        let country = Array(countryPrefix)
        let start = cities.indices.partitionPoint { i in
            let byName = foldedNames.compare(i, name)
            return byName < 0 || (byName == 0 && ByteString.compare(foldedCountries[i], country) < 0)
        }
        let end = (start..<cities.count).partitionPoint { i in
            foldedNames.compare(i, name) == 0 && ByteString.hasPrefix(foldedCountries[i], countryPrefix)
        }
        return start..<end
    }

    /// The catalog index of every city, by id.
    public func indicesByID() -> CityIDIndex {
        CityIDIndex(cities)
    }

    private static func precedes(
        _ a: Int, _ b: Int, cities: [City], names: PackedTexts, countries: SharedTexts
    ) -> Bool {
        let byName = names.compare(a, b)
        if byName != 0 { return byName < 0 }
        let byCountry = ByteString.compare(countries[a], countries[b])
        if byCountry != 0 { return byCountry < 0 }
        let left = cities[a].name.utf8, right = cities[b].name.utf8
        if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
        return cities[a].id < cities[b].id
    }
}

extension CityCatalog {
    /// The catalog of these cities under the names `names` (by catalog index; a city not in it keeps its name), in
    /// SPEC §3 order of those names, and for each of its cities the index it has here (`order[new] == old`).
    /// The cities that keep their names keep their order: only the renamed are folded and sorted, then merged in.
    func renamed(_ names: [Int: String]) -> (catalog: CityCatalog, order: [Int]) {
        var newNames = [String?](repeating: nil, count: count)
        for (index, name) in names { newNames[index] = name }
        let cities = zip(cities, newNames).map { city, name in
            name.map { City(id: city.id, name: $0, country: city.country, latitude: city.latitude, longitude: city.longitude) } ?? city
        }
        let folded = PackedTexts(count: cities.count) { [foldedNames, newNames] i in newNames[i].map(Fold.fold) ?? foldedNames.string(i) }
        let countries = foldedCountries
        func precedes(_ a: Int, _ b: Int) -> Bool { Self.precedes(a, b, cities: cities, names: folded, countries: countries) }
        let moved = names.keys.sorted(by: precedes)
        var order: [Int] = []
        order.reserveCapacity(cities.count)
        var next = moved.startIndex
        for kept in cities.indices where newNames[kept] == nil {
            while next < moved.endIndex, precedes(moved[next], kept) {
                order.append(moved[next])
                next += 1
            }
            order.append(kept)
        }
        order += moved[next...]
        return (CityCatalog(cities, in: order, names: folded, countries: countries), order)
    }
}
