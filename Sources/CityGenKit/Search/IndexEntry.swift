import Foundation

/// One row of the search index (SPEC §7): what a result shows, and its key. In JSON a positional array,
/// `[id,"name","CC",lat,lon,"key"]` (the manifest's `fields`), so a shard of 200 rows stays small; a city whose
/// label another city has too carries a 7th field: the name of its region where that tells it apart (SPEC §5), else
/// its `Distinction`, 1 (coordinates) or 2 (id); a city with a known population (SPEC §1b) carries it as an 8th,
/// after a 7th of 0 when nothing tells it apart.
///
/// A row of the word index for another name of the city (SPEC §4c) has the name in place of the key, in an array:
/// `[id,"London","GB",lat,lon,["Londres"]]`, then the 7th field as above; the array holds the population too where a
/// query that spells the name whole ranks the city among its top matches (`WholeOtherNames`): `["Londres",8961989]`.
/// Its key (`OtherNameKeys`) is folded from the name by the reader.
///
/// A row of a typo bucket (`TypoBuckets`) has the population in place of the key, then the region or distinction if
/// any: `[id,"Manchester","GB",lat,lon,395515]`. Its key is `SearchKey.index` of its folded name and country, which
/// the reader folds: a bucket holds hundreds of places, and the key would make the largest too big for one file.
public struct IndexEntry: Sendable, Equatable, Codable {
    public let id: Int
    public let name: String
    public let country: String
    public let latitude: Double
    public let longitude: Double
    /// `SearchKey.index`: `fold(name) + "\t" + fold(country)`, as UTF-8.
    public let key: [UInt8]
    /// What tells this city apart from others with its label, if any do and its region does not.
    public let distinction: Distinction?
    /// The name of the city's region, where others have its label and the region tells it apart.
    public let region: String?
    /// Its population, in the index's shards (for SPEC §4c's top matches) when known.
    public let population: Int?
    /// The other name (SPEC §4c) that this row of the word index is for, as GeoNames spells it.
    public let otherName: String?

    /// The names of the fields, in their JSON order.
    public static let fields = ["id", "name", "country", "lat", "lon", "key", "distinction", "population"]

    public init(
        id: Int, name: String, country: String, latitude: Double, longitude: Double, key: [UInt8], distinction: Distinction? = nil,
        region: String? = nil, population: Int? = nil, otherName: String? = nil
    ) {
        self.population = population
        self.otherName = otherName
        self.distinction = region == nil ? distinction : nil
        self.region = region
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.key = key
    }

    /// `Name, CC`, or the name alone when the country is empty; then what tells it apart in parentheses, if any.
    public var label: String {
        let label = country.isEmpty ? name : "\(name), \(country)"
        return distinctionText.map { "\(label) (\($0))" } ?? label
    }

    /// What tells the city apart from others with its label, as the label shows it: the region, the coordinates
    /// or the id.
    public var distinctionText: String? {
        region ?? distinction.map { $0.text(id: id, latitude: latitude, longitude: longitude) }
    }

    /// `label` as a site in `language` shows it: its distinction's numbers and words in the language.
    public func label(in language: SiteLanguage) -> String {
        let label = country.isEmpty ? name : "\(name), \(country)"
        let city = City(id: id, name: name, country: country, latitude: latitude, longitude: longitude)
        return (region ?? distinction.map { PlaceLabels.distinction($0, of: city, language) }).map { "\(label) (\($0))" } ?? label
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
        out.append(UInt8(ascii: ","))
        if let otherName {
            out.append(UInt8(ascii: "["))
            JSONText.appendQuoted(otherName, to: &out)
            if let population { out += ",\(population)".utf8 }
            out.append(UInt8(ascii: "]"))
        } else {
            key.withUnsafeBufferPointer { JSONText.appendQuoted($0, to: &out) }
        }
        let population = otherName == nil ? population : nil
        if let region {
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(region, to: &out)
        } else if let distinction {
            out += ",\(distinction.rawValue)".utf8
        } else if population != nil {
            out += ",0".utf8
        }
        if let population { out += ",\(population)".utf8 }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends the row as a typo bucket holds it: the population in place of the key, then the region or distinction.
    func appendBucketJSON(to out: inout [UInt8]) {
        Self.appendFields(id: id, name: name, country: country, latitude: latitude, longitude: longitude, to: &out)
        out += ",\(population ?? 0)".utf8
        if let region {
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(region, to: &out)
        } else if let distinction {
            out += ",\(distinction.rawValue)".utf8
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
        var otherPopulation: Int?
        if let key = try? row.decode(String.self) {
            self.key = Array(key.utf8)
            otherName = nil
        } else if let population = try? row.decode(Int.self) {  // a typo bucket's row
            key = SearchKey.index(name: Array(Fold.fold(name).utf8), country: Array(Fold.fold(country).utf8))
            otherName = nil
            self.population = population
            region = row.isAtEnd ? nil : try? row.decode(String.self)
            if region == nil, !row.isAtEnd {
                let raw = try row.decode(Int.self)
                guard let distinction = Distinction(rawValue: raw) else {
                    throw DecodingError.dataCorruptedError(in: row, debugDescription: "unknown distinction \(raw)")
                }
                self.distinction = distinction
            } else {
                distinction = nil
            }
            guard row.isAtEnd else { throw DecodingError.dataCorruptedError(in: row, debugDescription: "a typo bucket's row has more than 7 fields") }
            return
        } else {
            var other = try row.nestedUnkeyedContainer()
            let name = try other.decode(String.self)
            otherPopulation = other.isAtEnd ? nil : try other.decode(Int.self)
            guard other.isAtEnd else { throw DecodingError.dataCorruptedError(in: other, debugDescription: "an other name is a string and a population") }
            otherName = name
            key = OtherNameKeys.key(folded: Array(Fold.fold(name).utf8), country: Array(Fold.fold(country).utf8))
        }
        region = row.isAtEnd ? nil : try? row.decode(String.self)
        let distinction = region != nil || row.isAtEnd ? 0 : try row.decode(Int.self)
        guard distinction == 0 || Distinction(rawValue: distinction) != nil else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "unknown distinction \(distinction)")
        }
        self.distinction = Distinction(rawValue: distinction)
        population = otherName != nil ? otherPopulation : row.isAtEnd ? nil : try row.decode(Int.self)
        guard row.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: row, debugDescription: "an entry has more than \(Self.fields.count) fields")
        }
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
        } else {
            try row.encode(String(decoding: key, as: UTF8.self))
        }
        let population = otherName == nil ? population : nil
        if let region { try row.encode(region) } else if let distinction { try row.encode(distinction) } else if population != nil { try row.encode(0) }
        if let population { try row.encode(population) }
    }
}
