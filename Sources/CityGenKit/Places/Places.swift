/// GeoNames' facts joined to a catalog's cities (SPEC §1b), by catalog index, with the region and country
/// names of the admin-1 and country tables. Compact: numbers and shared strings, one array a fact.
public final class Places: Sendable {
    /// The least population of a place whose other names are search keys (SPEC §4c): smaller places rarely have a
    /// name visitors type, and with theirs the index would outgrow its budget.
    public static let otherNamesMinimumPopulation = 15_000

    private let columns: PlaceColumns
    /// Cities that joined the row with their id.
    public let joinedByID: Int
    /// Cities that joined a row by name and distance.
    public let joinedByName: Int
    /// Lines skipped in the three files (the geoname table first, then admin-1, then countries).
    public let skipped: SkippedLines
    /// Every region name of the admin-1 table, by region (in the site's language where it has one).
    public let regionNames: [PlaceRegion: String]
    /// The geonameid of each region of the admin-1 table that gives one.
    public let regionIDs: [PlaceRegion: Int]
    /// The source's name of each city shown under its name in the site's language, by catalog index, where the two
    /// differ (SPEC §1b).
    public let sourceNames: [Int: String]
    /// The countries of the country table, by ISO code.
    public let countries: [String: PlaceCountry]

    init(columns: PlaceColumns, joinedByID: Int, joinedByName: Int, skipped: SkippedLines, admin1: Admin1Codes, countries: CountryInfo) {
        self.columns = columns
        self.joinedByID = joinedByID
        self.joinedByName = joinedByName
        self.skipped = skipped
        regionNames = admin1.names
        regionIDs = admin1.ids
        self.countries = countries.countries
        sourceNames = [:]
    }

    private init(
        columns: PlaceColumns, joinedByID: Int, joinedByName: Int, skipped: SkippedLines, regionNames: [PlaceRegion: String],
        regionIDs: [PlaceRegion: Int], countries: [String: PlaceCountry], sourceNames: [Int: String]
    ) {
        (self.columns, self.joinedByID, self.joinedByName, self.skipped) = (columns, joinedByID, joinedByName, skipped)
        (self.regionNames, self.regionIDs, self.countries, self.sourceNames) = (regionNames, regionIDs, countries, sourceNames)
    }

    /// These places for a catalog whose city `i` is this one's city `order[i]`, with regions named `regionNames`;
    /// each renamed city's source name (`oldNames`, by old index) becomes its first other name.
    func renamed(order: [Int], sourceNames oldNames: [Int: String], regionNames: [PlaceRegion: String]) -> Places {
        var moved = columns.permuted(by: order)
        var sourceNames: [Int: String] = [:]
        for (new, old) in order.enumerated() {
            guard let name = oldNames[old] else { continue }
            sourceNames[new] = name
            moved.prependOtherName(name, at: new)
        }
        return Places(
            columns: moved, joinedByID: joinedByID, joinedByName: joinedByName, skipped: skipped,
            regionNames: self.regionNames.merging(regionNames) { $1 }, regionIDs: regionIDs, countries: countries, sourceNames: sourceNames)
    }

    /// The geonameid of the row the city at `index` joined, if it joined one.
    public func geonameID(_ index: Int) -> Int? { columns.isJoined(index) ? columns.rowID(index) : nil }

    /// How many cities the catalog has.
    public var count: Int { columns.count }

    /// Whether the city at `index` joined a row.
    public func isJoined(_ index: Int) -> Bool { columns.isJoined(index) }

    /// What the city at `index` gained, or nil when it joined no row.
    public func facts(_ index: Int) -> PlaceFacts? {
        guard columns.isJoined(index) else { return nil }
        let region = region(index)
        let zone = Int(columns.timeZoneNumbers[index]), feature = Int(columns.featureNumbers[index])
        return PlaceFacts(
            geonameID: columns.rowID(index), joinedByID: columns.joins[index] == .byID, region: region,
            regionName: region.flatMap { regionNames[$0] }, population: population(index), elevation: elevation(index),
            timeZone: zone < 0 ? nil : columns.timeZones.values[zone],
            featureCode: feature < 0 ? nil : columns.featureCodes.values[feature])
    }

    /// The region of the city at `index`, if it joined a row with an admin1 code.
    public func region(_ index: Int) -> PlaceRegion? {
        let number = Int(columns.regionNumbers[index])
        return number < 0 ? nil : columns.regions[number]
    }

    public func population(_ index: Int) -> Int? {
        columns.populations[index] > 0 ? Int(columns.populations[index]) : nil
    }

    public func elevation(_ index: Int) -> Int? {
        columns.elevations[index] == Int16.min ? nil : Int(columns.elevations[index])
    }

    /// Every IANA time zone of the places, each once: `timeZoneNumber` numbers them.
    public var timeZones: [String] { columns.timeZones.values }

    /// The number in `timeZones` of the time zone of the city at `index`, if it joined a row that has one.
    public func timeZoneNumber(_ index: Int) -> Int? {
        let zone = Int(columns.timeZoneNumbers[index])
        return zone < 0 ? nil : zone
    }

    /// The other names of the city at `index` (SPEC §1b: GeoNames' Latin-script alternate names) as the file
    /// spells them, in its order; only for places of `otherNamesMinimumPopulation` or more.
    public func otherNames(_ index: Int) -> [String] { columns.otherNames[index] ?? [] }

    /// Whether the city at `index` is its country's capital (`PPLC`).
    public func isCapital(_ index: Int) -> Bool { featureCode(index) == "PPLC" }

    /// Whether the city at `index` is the seat of its region (`PPLA`).
    public func isRegionSeat(_ index: Int) -> Bool { featureCode(index) == "PPLA" }

    private func featureCode(_ index: Int) -> String? {
        let number = Int(columns.featureNumbers[index])
        return number < 0 ? nil : columns.featureCodes.values[number]
    }

    /// The regions that joined cities are in, by country then code.
    public var regions: [PlaceRegion] { columns.regions }

    /// The catalog indices of the joined cities of `region`, in catalog order.
    public func cities(in region: PlaceRegion) -> [Int] {
        guard let number = binarySearch(region) else { return [] }
        let range = Int(columns.regionStarts[number])..<Int(columns.regionStarts[number + 1])
        return columns.regionMembers[range].map(Int.init)
    }

    private func binarySearch(_ region: PlaceRegion) -> Int? {
        let low = columns.regions.indices.partitionPoint { columns.regions[$0] < region }
        return low < columns.regions.count && columns.regions[low] == region ? low : nil
    }

    /// The admin-1 table's name of `region`.
    public func regionName(_ region: PlaceRegion) -> String? { regionNames[region] }

    /// The country table's name of the ISO code `code`.
    public func countryName(_ code: String) -> String? { countries[code]?.name }

    /// Bytes held by the per-city arrays (about what the value costs; the tables' few thousand names aside).
    public var storageBytes: Int { columns.storageBytes }
}
