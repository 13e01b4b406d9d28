/// All valid cities in the one order of SPEC §3, with the folded keys that search and paging need.
public struct CityCatalog: Sendable {
    /// The cities, sorted by `fold(name)`, `fold(country)`, `name` by scalar values, then `id`.
    public let cities: [City]
    /// `fold(name)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedNames: PackedTexts
    /// `fold(country)` of each city, as UTF-8 bytes, parallel to `cities`.
    let foldedCountries: SharedTexts
    /// What tells apart the cities whose label (`Name, CC`) another city has too, by catalog index; nil if unique.
    public let distinctions: [Distinction?]
    /// What `label` returns, made once: each label is shown about thirty times in a site.
    private let labels: PackedTexts

    /// Sorts `cities` into SPEC §3 order, freeing them (given the only reference) before it makes anything else.
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
        let foldedNames = names.permuted(by: order), foldedCountries = countries.permuted(by: order)
        let distinctions = Self.distinctions(sorted, names: foldedNames, countries: foldedCountries)
        let labels = PackedTexts(count: sorted.count) { i in Self.label(of: sorted[i], distinctions[i]) }
        self.init(cities: sorted, foldedNames: foldedNames, foldedCountries: foldedCountries, distinctions: distinctions, labels: labels)
    }

    private init(cities: [City], foldedNames: PackedTexts, foldedCountries: SharedTexts, distinctions: [Distinction?], labels: PackedTexts) {
        self.cities = cities
        self.foldedNames = foldedNames
        self.foldedCountries = foldedCountries
        self.distinctions = distinctions
        self.labels = labels
    }

    /// What `label` returns for `city` with the distinction `distinction`.
    private static func label(of city: City, _ distinction: Distinction?) -> String {
        distinction.map { "\(city.label) (\($0.text(id: city.id, latitude: city.latitude, longitude: city.longitude)))" } ?? city.label
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

    /// Equal labels lie within one run of equal keys: only runs are compared, on all cores.
    private static func distinctions(_ cities: [City], names: PackedTexts, countries: SharedTexts) -> [Distinction?] {
        @Sendable func sameKey(_ a: Int, _ b: Int) -> Bool { Self.sameKey(a, b, names: names, countries: countries) }
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
                if end - start > 1 { found += distinctions(ofRun: start..<end, cities) }
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

    /// The distinctions of the cities of `run`, a run of equal keys, whose labels another city of it has too.
    private static func distinctions(ofRun run: Range<Int>, _ cities: [City]) -> [(index: Int, distinction: Distinction)] {
        var found: [(index: Int, distinction: Distinction)] = []
        let byLabel = Dictionary(grouping: run) { cities[$0].label }
        for group in byLabel.values where group.count > 1 {
            let shown = group.map { Coordinate.display(latitude: cities[$0].latitude, longitude: cities[$0].longitude) }
            let repeated = Dictionary(grouping: shown.indices) { shown[$0] }.filter { $0.value.count > 1 }
            for (n, index) in group.enumerated() {
                found.append((index, repeated[shown[n]] == nil ? .coordinates : .id))
            }
        }
        return found
    }

    /// Whether the cities at `a` and `b` have the same folded name and country.
    private static func sameKey(_ a: Int, _ b: Int, names: PackedTexts, countries: SharedTexts) -> Bool {
        names.compare(a, b) == 0 && countries[a] == countries[b]
    }

    /// The run of equal keys that the city at `index` is in, of `count` cities with these folded names and countries.
    private static func run(around index: Int, count: Int, names: PackedTexts, countries: SharedTexts) -> Range<Int> {
        var start = index, end = index + 1
        while start > 0, sameKey(start - 1, index, names: names, countries: countries) { start -= 1 }
        while end < count, sameKey(end, index, names: names, countries: countries) { end += 1 }
        return start..<end
    }

    public var count: Int { cities.count }

    /// The cities' country codes, each once; filled a city at a time, not to make room for a code a city.
    public var countryCodes: Set<String> {
        var codes = Set<String>()
        for city in cities { codes.insert(city.country) }
        return codes
    }

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
        precedes(byName: names.compare(a, b), a, b, countries: countries) { cities[$0].name } id: { cities[$0].id }
    }

    /// SPEC §3's order of the cities `a` and `b`, whose folded names compare as `byName`: by those, then folded
    /// country, name by scalar values, and id.
    @inline(__always)
    private static func precedes(byName: Int, _ a: Int, _ b: Int, countries: SharedTexts, name: (Int) -> String, id: (Int) -> Int) -> Bool {
        if byName != 0 { return byName < 0 }
        let byCountry = ByteString.compare(countries[a], countries[b])
        if byCountry != 0 { return byCountry < 0 }
        let left = name(a).utf8, right = name(b).utf8
        if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
        return id(a) < id(b)
    }
}

extension CityCatalog {
    /// The catalog of these cities under the names `names` (by catalog index; a city not in it keeps its name), in
    /// SPEC §3 order, and `order[new] == old` (docs/design.md, "Order and names").
    func renamed(_ names: [Int: String]) -> (catalog: CityCatalog, order: [Int]) {
        let moved = Array(names.keys), movedNames = Array(names.values)  // a dictionary's keys and values share one order
        // The place in `moved` of each renamed city, -1 for a city that keeps its name.
        var slots = [Int32](repeating: -1, count: count)
        for (n, index) in moved.enumerated() { slots[index] = Int32(n) }
        let movedFolded = PackedTexts(folding: movedNames)
        func withFolded<Result>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            slots[i] < 0 ? foldedNames.withText(i, body) : movedFolded.withText(Int(slots[i]), body)
        }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let byName = withFolded(a) { a in withFolded(b) { b in ByteString.compare(a, b) } }
            return Self.precedes(byName: byName, a, b, countries: foldedCountries) { slots[$0] < 0 ? cities[$0].name : movedNames[Int(slots[$0])] } id: {
                cities[$0].id
            }
        }
        let sortedMoved = moved.sorted(by: precedes)
        var order: [Int] = []
        order.reserveCapacity(count)
        var next = sortedMoved.startIndex
        for kept in cities.indices where slots[kept] < 0 {
            while next < sortedMoved.endIndex, precedes(sortedMoved[next], kept) {
                order.append(sortedMoved[next])
                next += 1
            }
            order.append(kept)
        }
        order += sortedMoved[next...]

        let newCities = order.map { old in
            let city = cities[old], slot = Int(slots[old])
            guard slot >= 0 else { return city }
            return City(id: city.id, name: movedNames[slot], country: city.country, latitude: city.latitude, longitude: city.longitude)
        }
        var folded = PackedTexts.Builder()
        folded.reserveCapacity(count, byteCount: foldedNames.byteCount + movedFolded.byteCount)
        for old in order { withFolded(old) { folded.append($0) } }
        let newFolded = folded.texts, newCountries = foldedCountries.permuted(by: order)
        let distinctions = renamedDistinctions(newCities, names: newFolded, countries: newCountries, order: order, moved: moved)
        var labels = PackedTexts.Builder()
        labels.reserveCapacity(count, byteCount: self.labels.byteCount + movedFolded.byteCount * 2)
        for (new, old) in order.enumerated() {
            if slots[old] < 0, distinctions[new] == self.distinctions[old] {
                self.labels.withText(old) { labels.append($0) }
            } else {
                labels.append(Self.label(of: newCities[new], distinctions[new]).utf8)
            }
        }
        let catalog = CityCatalog(cities: newCities, foldedNames: newFolded, foldedCountries: newCountries, distinctions: distinctions, labels: labels.texts)
        return (catalog, order)
    }

    /// The distinctions of `cities` in the order `order`, those at `moved` renamed: only the runs of equal keys that a
    /// renamed city joins or leaves are told apart again.
    private func renamedDistinctions(_ cities: [City], names: PackedTexts, countries: SharedTexts, order: [Int], moved: [Int]) -> [Distinction?] {
        let newIndex = order.newIndices
        var distinctions = order.map { self.distinctions[$0] }
        var touched = moved.map { newIndex[$0] }
        for run in Self.runs(around: moved, count: count, names: foldedNames, countries: foldedCountries) {
            touched += run.map { newIndex[$0] }
        }
        for run in Self.runs(around: touched, count: cities.count, names: names, countries: countries) {
            for i in run { distinctions[i] = nil }
            for (i, distinction) in Self.distinctions(ofRun: run, cities) { distinctions[i] = distinction }
        }
        return distinctions
    }

    /// The runs of equal keys that the cities at `indices` are in, each once, in order, in one pass.
    private static func runs(around indices: [Int], count: Int, names: PackedTexts, countries: SharedTexts) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices.sorted() where index >= runs.last?.upperBound ?? 0 {
            runs.append(run(around: index, count: count, names: names, countries: countries))
        }
        return runs
    }
}
