import Foundation

/// One row of the search index (SPEC §7): what a result shows, as a positional array of JSON (docs/formats.md, "The
/// search index"): `[id,"name","CC",lat,lon]`, then what the city has of its population, what tells it apart from
/// others with its label (its region's name, 1 coordinates, 2 id), its region's name; a word index row has its word
/// key after `lon`, another name's row the name (and the population where it ranks) in an array. Keys are folded by
/// the reader: written, they would take a sixth of a shard.
public struct IndexEntry: Sendable, Equatable, Codable {
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
    public static let fields = ["id", "name", "country", "lat", "lon", "key", "distinction", "population", "region"]

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
        Self.appendFields(id: id, name: name, country: country, latitude: latitude, longitude: longitude, to: &out)
        if let otherName {
            out += ",[".utf8
            JSONText.appendQuoted(otherName, to: &out)
            if let population { out += ",\(population)".utf8 }
            out.append(UInt8(ascii: "]"))
        } else if writesKey {
            out.append(UInt8(ascii: ","))
            key.withUnsafeBufferPointer { JSONText.appendQuoted($0, to: &out) }
        }
        if otherName == nil, population != nil || distinction != nil || region != nil { out += ",\(population ?? 0)".utf8 }
        if !regionTellsApart, distinction != nil || region != nil { out += ",\(distinctionCode)".utf8 }
        if let region {
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(region, to: &out)
        }
        out.append(UInt8(ascii: "]"))
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
        out += String(id).utf8
        out.append(UInt8(ascii: ","))
        JSONText.appendQuoted(name, to: &out)
        out.append(UInt8(ascii: ","))
        JSONText.appendQuoted(country, to: &out)
        out.append(UInt8(ascii: ","))
        out += Coordinate.format(latitude).utf8
        out.append(UInt8(ascii: ","))
        out += Coordinate.format(longitude).utf8
    }

    public init(from decoder: Decoder) throws {
        var row = try decoder.unkeyedContainer()
        id = try row.decode(Int.self)
        name = try row.decode(String.self)
        country = try row.decode(String.self)
        latitude = try row.decode(Double.self)
        longitude = try row.decode(Double.self)
        // After `lon`: a word key, another name's array, or (the key folded here) the population field, if any.
        var otherPopulation: Int?, populationField: Int?
        if let key = try? row.decode(String.self) {  // a word key
            self.key = Array(key.utf8)
            otherName = nil
            writesKey = true
        } else if row.isAtEnd || Self.decodeNumber(&row, into: &populationField) {
            key = SearchKey.index(name: Array(Fold.fold(name).utf8), country: Array(Fold.fold(country).utf8))
            otherName = nil
            writesKey = false
        } else {
            var other = try row.nestedUnkeyedContainer()
            let name = try other.decode(String.self)
            otherPopulation = other.isAtEnd ? nil : try other.decode(Int.self)
            guard other.isAtEnd else { throw DecodingError.dataCorruptedError(in: other, debugDescription: "an other name is a string and a population") }
            otherName = name
            writesKey = false
            key = OtherNameKeys.key(folded: Array(Fold.fold(name).utf8), country: Array(Fold.fold(country).utf8))
        }
        // Then the population (but for another name, whose array has it), the distinction or the name of a region
        // that tells the city apart, and the name of one that does not.
        var population = otherPopulation, code = 0, region: String?
        if otherName == nil, populationField == nil, !row.isAtEnd { _ = Self.decodeNumber(&row, into: &populationField) }
        if let populationField { population = populationField > 0 ? populationField : nil }
        if !row.isAtEnd {
            if let tellsApart = try? row.decode(String.self) {
                (code, region) = (Self.regionCode, tellsApart)
            } else {
                code = try row.decode(Int.self)
                guard code == 0 || Distinction(rawValue: code) != nil else {
                    throw DecodingError.dataCorruptedError(in: row, debugDescription: "unknown distinction \(code)")
                }
                region = row.isAtEnd ? nil : try row.decode(String.self)
            }
        }
        guard row.isAtEnd, otherName != nil || populationField != nil || (code == 0 && region == nil) else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "an entry has more than \(Self.fields.count) fields")
        }
        distinction = Distinction(rawValue: code)
        regionTellsApart = code == Self.regionCode
        self.region = region
        self.population = population
    }

    /// Decodes the row's next field into `number` if it is a number; false, having read nothing, if it is not.
    private static func decodeNumber(_ row: inout UnkeyedDecodingContainer, into number: inout Int?) -> Bool {
        number = try? row.decode(Int.self)
        return number != nil
    }

    public func encode(to encoder: Encoder) throws {
        var row = encoder.unkeyedContainer()
        try row.encode(id)
        try row.encode(name)
        try row.encode(country)
        try row.encode(latitude)
        try row.encode(longitude)
        if let otherName {
            var other = row.nestedUnkeyedContainer()
            try other.encode(otherName)
            if let population { try other.encode(population) }
        } else if writesKey {
            try row.encode(String(decoding: key, as: UTF8.self))
        }
        if otherName == nil, population != nil || distinction != nil || region != nil { try row.encode(population ?? 0) }
        if !regionTellsApart, distinction != nil || region != nil { try row.encode(distinctionCode) }
        if let region { try row.encode(region) }
    }
}
