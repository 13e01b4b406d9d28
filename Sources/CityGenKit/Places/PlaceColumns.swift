/// The facts of the joined cities, by catalog index, one array a fact, each as narrow as its values allow: these
/// columns are held at the build's peak of memory.
struct PlaceColumns: Sendable {
    /// How a city joined its row.
    enum Join: UInt8, Sendable { case none, byID, byName }
    private(set) var joins: [Join]
    /// The joined row's geonameid, where it fits 32 bits (every GeoNames id does); else in `wideRowIDs`.
    private var rowIDs: [Int32]
    private var wideRowIDs: [Int: Int] = [:]
    /// Numbers into `regions`; -1 for none.
    private(set) var regionNumbers: [Int32]
    /// 0 for none (a population of 0 is none); larger than any place's, `UInt32.max` stands for more.
    private(set) var populations: [UInt32]
    /// Metres; `Int16.min` for none (the Earth's surface spans -11,000 to 8,849 m).
    private(set) var elevations: [Int16]
    /// Numbers into `timeZones.values`, `featureCodes.values`; -1 for none.
    private(set) var timeZoneNumbers: [Int32]
    private(set) var featureNumbers: [Int32]
    /// The other names of the cities that have some (only larger places do), by catalog index.
    private(set) var otherNames: [Int: [String]] = [:]
    private(set) var timeZones = Interned()
    private(set) var featureCodes = Interned()
    /// The regions of the joined cities: in order of first sight while joining, sorted by `finish`.
    private(set) var regions: [PlaceRegion] = []
    private var regionLookup: [PlaceRegion: Int32] = [:]
    /// After `finish`: the catalog indices of region r's cities, in catalog order, at
    /// `regionMembers[regionStarts[r] ..< regionStarts[r + 1]]`.
    private(set) var regionMembers: [Int32] = []
    private(set) var regionStarts: [Int32] = [0]

    /// No city joined, for a catalog of `count` cities.
    init(count: Int) {
        joins = Array(repeating: .none, count: count)
        rowIDs = Array(repeating: 0, count: count)
        regionNumbers = Array(repeating: -1, count: count)
        populations = Array(repeating: 0, count: count)
        elevations = Array(repeating: Int16.min, count: count)
        timeZoneNumbers = Array(repeating: -1, count: count)
        featureNumbers = Array(repeating: -1, count: count)
    }

    var count: Int { joins.count }

    func isJoined(_ index: Int) -> Bool { joins[index] != .none }

    /// The geonameid of the row the city at `index` joined (when it joined one).
    func rowID(_ index: Int) -> Int { wideRowIDs[index] ?? Int(rowIDs[index]) }

    /// Joins the city at `index` to the row of `facts`.
    mutating func set(_ index: Int, _ facts: RowFacts, byName: Bool) {
        joins[index] = byName ? .byName : .byID
        if let narrow = Int32(exactly: facts.geonameID) { rowIDs[index] = narrow } else { wideRowIDs[index] = facts.geonameID }
        if let code = facts.admin1Code {
            let region = PlaceRegion(country: facts.country, code: code)
            if let number = regionLookup[region] {
                regionNumbers[index] = number
            } else {
                regionNumbers[index] = Int32(regions.count)
                regionLookup[region] = Int32(regions.count)
                regions.append(region)
            }
        }
        populations[index] = UInt32(clamping: facts.population ?? 0)
        // An elevation no place has (beyond ±32,767 m) is none, as a value that fits no column.
        elevations[index] = facts.elevation.flatMap { Int16(exactly: $0) }.flatMap { $0 == Int16.min ? nil : $0 } ?? Int16.min
        timeZoneNumbers[index] = facts.timeZone.map { timeZones.number($0) } ?? -1
        featureNumbers[index] = facts.featureCode.map { featureCodes.number($0) } ?? -1
        otherNames[index] = facts.otherNames.isEmpty ? nil : facts.otherNames
    }

    /// Sorts the regions, lists each one's cities and drops what only joining needed.
    mutating func finish() {
        let order = regions.indices.sorted { regions[$0] < regions[$1] }
        var renumbered = [Int32](repeating: 0, count: regions.count)
        for (new, old) in order.enumerated() { renumbered[old] = Int32(new) }
        regions = order.map { regions[$0] }
        regionLookup = [:]
        var starts = [Int32](repeating: 0, count: regions.count + 1)
        for i in regionNumbers.indices where regionNumbers[i] >= 0 {
            regionNumbers[i] = renumbered[Int(regionNumbers[i])]
            starts[Int(regionNumbers[i]) + 1] += 1
        }
        for r in regions.indices { starts[r + 1] += starts[r] }
        var members = [Int32](repeating: 0, count: Int(starts[regions.count]))
        var next = starts
        for (index, region) in regionNumbers.enumerated() where region >= 0 {
            members[Int(next[Int(region)])] = Int32(index)
            next[Int(region)] += 1
        }
        regionMembers = members
        regionStarts = starts
        timeZones.freeze()
        featureCodes.freeze()
    }

    /// The columns of a catalog whose city `i` is this one's city `order[i]`: each city keeps its facts, each
    /// region lists its cities in the new order.
    func permuted(by order: [Int]) -> PlaceColumns {
        var moved = self
        moved.joins = order.map { joins[$0] }
        moved.rowIDs = order.map { rowIDs[$0] }
        moved.regionNumbers = order.map { regionNumbers[$0] }
        moved.populations = order.map { populations[$0] }
        moved.elevations = order.map { elevations[$0] }
        moved.timeZoneNumbers = order.map { timeZoneNumbers[$0] }
        moved.featureNumbers = order.map { featureNumbers[$0] }
        let newIndex = order.newIndices
        moved.wideRowIDs = Dictionary(uniqueKeysWithValues: wideRowIDs.map { (newIndex[$0.key], $0.value) })
        moved.otherNames = Dictionary(uniqueKeysWithValues: otherNames.map { (newIndex[$0.key], $0.value) })
        for r in regions.indices {
            let range = Int(regionStarts[r])..<Int(regionStarts[r + 1])
            moved.regionMembers[range] = ArraySlice(regionMembers[range].map { Int32(newIndex[Int($0)]) }.sorted())
        }
        return moved
    }

    /// Gives the city at `index` other names before its own: the source's name of a city shown under another.
    mutating func prependOtherName(_ name: String, at index: Int) {
        otherNames[index] = [name] + (otherNames[index] ?? [])
    }

    /// Bytes held by the arrays (their elements; the few hundred shared strings are left out).
    var storageBytes: Int {
        joins.capacity + rowIDs.capacity * 4 + wideRowIDs.count * 16 + regionNumbers.capacity * 4 + populations.capacity * 4
            + elevations.capacity * 2
            + timeZoneNumbers.capacity * 4 + featureNumbers.capacity * 4
            + otherNames.reduce(0) { $0 + 48 + $1.value.reduce(0) { $0 + 16 + $1.utf8.count } }
            + regionMembers.capacity * 4 + regionStarts.capacity * 4 + regions.capacity * MemoryLayout<PlaceRegion>.stride
    }
}
