import Foundation

/// One row of the search index (SPEC §7), in fixed columns (docs/formats.md, "Rows"): `[id,"name","CC",lat,lon,
/// population,distinction,"region","word key","other name"]`, a column empty (0 or "") where the row lacks it and the
/// empty ones at the end left out. Keys are folded by the reader, but for a word key: written, they would take a
/// sixth of a shard.
public struct IndexEntry: Sendable, Equatable, Decodable {
    public let id: Int
    public let name: String
    public let country: String
    public let latitude: Double
    public let longitude: Double
    /// `SearchKey.index`: `fold(name) + "\t" + fold(country)`, as UTF-8.
    public let key: [UInt8]
    /// What tells this city apart from others with its label, if anything does and its region does not.
    public let distinction: Distinction?
    /// The name of the city's region, when known: results show it.
    public let region: String?
    /// Whether the region tells this city apart from others with its label (the label then names it).
    public let regionTellsApart: Bool
    /// Its population, in the index's shards (for SPEC §4c's top matches) when known.
    public let population: Int?
    /// The other name (SPEC §4c) that this row of the word index is for, as GeoNames spells it.
    public let otherName: String?
    /// Whether the JSON writes `key`: a word key (SPEC §4b), which the reader cannot fold from the name.
    public let writesKey: Bool

    /// The names of the fields, in their JSON order.
    public static let fields = ["id", "name", "country", "lat", "lon", "population", "distinction", "region", "key", "other"]

    /// The distinction's code for a region that tells the city apart.
    static let regionCode = 3

    public init(
        id: Int, name: String, country: String, latitude: Double, longitude: Double, key: [UInt8], distinction: Distinction? = nil,
        region: String? = nil, regionTellsApart: Bool = false, population: Int? = nil, otherName: String? = nil, writesKey: Bool = false
    ) {
        self.writesKey = writesKey && otherName == nil
        self.population = population
        self.otherName = otherName
        self.regionTellsApart = regionTellsApart && region != nil
        self.distinction = self.regionTellsApart ? nil : distinction
        self.region = region
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.key = key
    }

    /// The row without its region's name, unless its label needs it: what a page's city data and an overfull typo
    /// bucket hold.
    public var withoutRegionName: IndexEntry {
        regionTellsApart ? self : IndexEntry(
            id: id, name: name, country: country, latitude: latitude, longitude: longitude, key: key, distinction: distinction,
            population: population, otherName: otherName, writesKey: writesKey)
    }

    /// `Name, CC`, or the name alone when the country is empty; then what tells it apart in parentheses, if any.
    public var label: String {
        let label = country.isEmpty ? name : "\(name), \(country)"
        return distinctionText.map { "\(label) (\($0))" } ?? label
    }

    /// What tells the city apart from others with its label, as the label shows it: the region, the coordinates
    /// or the id.
    public var distinctionText: String? {
        regionTellsApart ? region : distinction.map { $0.text(id: id, latitude: latitude, longitude: longitude) }
    }

    /// The distinction as the JSON writes it: 0 when nothing tells the city apart.
    private var distinctionCode: Int { regionTellsApart ? Self.regionCode : distinction?.rawValue ?? 0 }

    /// `label` as a site in `language` shows it: its distinction's numbers and words in the language.
    public func label(in language: SiteLanguage) -> String {
        let label = country.isEmpty ? name : "\(name), \(country)"
        let city = City(id: id, name: name, country: country, latitude: latitude, longitude: longitude)
        return (regionTellsApart ? region : distinction.map { PlaceLabels.distinction($0, of: city, language) }).map { "\(label) (\($0))" } ?? label
    }

    /// Whether this row comes before `other` in SPEC §3 order: its key (folded name, then folded country), its name
    /// by Unicode scalar values, its id.
    func precedes(_ other: IndexEntry) -> Bool {
        if key != other.key { return key.lexicographicallyPrecedes(other.key) }
        if name != other.name { return name.unicodeScalars.lexicographicallyPrecedes(other.name.unicodeScalars) }
        return id < other.id
    }

    /// The row as JSON, coordinates with `Coordinate.format`'s fixed precision.
    public var json: String {
        var out: [UInt8] = []
        appendJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `json` to `out`.
    func appendJSON(to out: inout [UInt8]) {
        let code = distinctionCode
        let columns = otherName != nil ? 10 : writesKey ? 9 : region != nil ? 8 : code != 0 ? 7 : population != nil ? 6 : 5
        Self.appendFields(id: id, name: name, country: country, latitude: latitude, longitude: longitude, to: &out)
        if columns > 5 { out += ",\(population ?? 0)".utf8 }
        if columns > 6 { out += ",\(code)".utf8 }
        if columns > 7 { Self.appendString(region ?? "", to: &out) }
        if columns > 8 {
            out += writesKey ? [UInt8(ascii: ",")] : Array(",\"\"".utf8)
            if writesKey { key.withUnsafeBufferPointer { JSONText.appendQuoted($0, to: &out) } }
        }
        if let otherName { Self.appendString(otherName, to: &out) }
        out.append(UInt8(ascii: "]"))
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        JSONText.appendQuoted(text, to: &out)
    }

    /// `[id,"name","country",lat,lon]`: a row's first five fields, what a page's city data holds when its label
    /// is unique.
    static func appendShortJSON(id: Int, name: String, country: String, latitude: Double, longitude: Double, to out: inout [UInt8]) {
        appendFields(id: id, name: name, country: country, latitude: latitude, longitude: longitude, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// `[id,"name","country",lat,lon`, the row so far.
    private static func appendFields(id: Int, name: String, country: String, latitude: Double, longitude: Double, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        Digits.append(id, to: &out)
        out.append(UInt8(ascii: ","))
        JSONText.appendQuoted(name, to: &out)
        out.append(UInt8(ascii: ","))
        JSONText.appendQuoted(country, to: &out)
        out.append(UInt8(ascii: ","))
        Coordinate.append(latitude, to: &out)
        out.append(UInt8(ascii: ","))
        Coordinate.append(longitude, to: &out)
    }

    public init(from decoder: Decoder) throws {
        var row = try decoder.unkeyedContainer()
        id = try row.decode(Int.self)
        name = try row.decode(String.self)
        country = try row.decode(String.self)
        latitude = try row.decode(Double.self)
        longitude = try row.decode(Double.self)
        let population = row.isAtEnd ? 0 : try row.decode(Int.self)
        let code = row.isAtEnd ? 0 : try row.decode(Int.self)
        let region = row.isAtEnd ? "" : try row.decode(String.self)
        let wordKey = row.isAtEnd ? "" : try row.decode(String.self)
        let otherName = row.isAtEnd ? "" : try row.decode(String.self)
        guard row.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "an entry has more than \(Self.fields.count) fields")
        }
        guard code == 0 || code == Self.regionCode || Distinction(rawValue: code) != nil else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "unknown distinction \(code)")
        }
        guard code != Self.regionCode || !region.isEmpty, wordKey.isEmpty || otherName.isEmpty else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "a region that tells the city apart is named; a row has a word key or an other name, not both")
        }
        let folded = Array(Fold.fold(country).utf8)
        if !wordKey.isEmpty {
            key = Array(wordKey.utf8)
        } else if !otherName.isEmpty {
            key = OtherNameKeys.key(folded: Array(Fold.fold(otherName).utf8), country: folded)
        } else {
            key = SearchKey.index(name: Array(Fold.fold(name).utf8), country: folded)
        }
        writesKey = !wordKey.isEmpty
        self.otherName = otherName.isEmpty ? nil : otherName
        self.population = population > 0 ? population : nil
        regionTellsApart = code == Self.regionCode
        distinction = regionTellsApart ? nil : Distinction(rawValue: code)
        self.region = region.isEmpty ? nil : region
    }
}
