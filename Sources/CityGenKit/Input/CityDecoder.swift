import Foundation

/// A record that was skipped, and why (SPEC §1).
public struct SkippedRecord: Sendable, Equatable, CustomStringConvertible {
    /// 0-based position in the source array.
    public let index: Int
    public let reason: String

    public var description: String { "record \(index): \(reason)" }
}

/// The valid cities of a source, and the records that were skipped.
public struct DecodedCities: Sendable {
    public let cities: [City]
    public let skipped: [SkippedRecord]
}

/// Turns source bytes into validated cities: JSON syntax first (with a position), then each record's rules.
public enum CityDecoder {
    /// Decodes `data` (JSON, or gzip-compressed JSON). Malformed JSON throws `CityGenError.malformedJSON`;
    /// an invalid record is skipped, or thrown when `strict`.
    public static func decode(_ data: Data, sourceName: String, strict: Bool = false) throws -> DecodedCities {
        var json = data
        if Gzip.isCompressed(data) {
            do {
                json = try Gzip.decompress(data)
            } catch {
                throw CityGenError.notACityList(source: sourceName, reason: "\(error)")
            }
        }
        if let syntaxError = JSONSyntax.firstError(in: json) {
            throw CityGenError.malformedJSON(source: sourceName, syntaxError)
        }
        let records: [SourceRecord]
        do {
            records = try JSONDecoder().decode([SourceRecord].self, from: json)
        } catch DecodingError.typeMismatch {
            throw CityGenError.notACityList(source: sourceName, reason: "expected a JSON array of cities at the top level")
        } catch {
            throw CityGenError.notACityList(source: sourceName, reason: "the JSON could not be decoded (is it UTF-8?)")
        }
        return try validate(records, sourceName: sourceName, strict: strict)
    }

    static func validate(_ records: [SourceRecord], sourceName: String, strict: Bool) throws -> DecodedCities {
        var cities: [City] = []
        cities.reserveCapacity(records.count)
        var skipped: [SkippedRecord] = []
        var seen = Set<Int>(minimumCapacity: records.count)
        for (index, record) in records.enumerated() {
            let problem: String?
            switch record.content {
            case .failure(let reason):
                problem = reason.reason
            case .success(let city):
                if seen.insert(city.id).inserted {
                    cities.append(city)
                    problem = nil
                } else {
                    problem = "duplicate _id \(city.id) (the first one is kept)"
                }
            }
            if let problem {
                let record = SkippedRecord(index: index, reason: problem)
                if strict { throw CityGenError.invalidRecord(source: sourceName, record) }
                skipped.append(record)
            }
        }
        return DecodedCities(cities: cities, skipped: skipped)
    }
}

/// One element of the source array, decoded without ever failing the whole array: a wrong or missing field
/// becomes a reason to skip this record.
struct SourceRecord: Decodable {
    let content: Result<City, Problem>

    struct Problem: Error {
        let reason: String
    }

    private enum Key: String, CodingKey {
        case _id, name, country, coord
    }

    private enum CoordKey: String, CodingKey {
        case lat, lon
    }

    init(from decoder: Decoder) {
        content = Result { try Self.city(from: decoder) }.mapError { $0 as? Problem ?? Problem(reason: "\($0)") }
    }

    private static func city(from decoder: Decoder) throws(Problem) -> City {
        guard let record = try? decoder.container(keyedBy: Key.self) else { throw Problem(reason: "not a JSON object") }
        let id: Int = try field(record, ._id, "an integer")
        let rawName: String = try field(record, .name, "a string")
        let country: String = try field(record, .country, "a string")
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Problem(reason: "name is empty") }
        try checkText(name, field: "name")
        try checkText(country, field: "country")
        guard let coord = try? record.nestedContainer(keyedBy: CoordKey.self, forKey: .coord) else {
            throw Problem(reason: record.contains(.coord) ? "coord is not an object" : "coord is missing")
        }
        let lat: Double = try field(coord, .lat, "a number", path: "coord.")
        let lon: Double = try field(coord, .lon, "a number", path: "coord.")
        guard lat.isFinite, (-90...90).contains(lat) else { throw Problem(reason: "coord.lat \(lat) is outside [-90, 90]") }
        guard lon.isFinite, (-180...180).contains(lon) else {
            throw Problem(reason: "coord.lon \(lon) is outside [-180, 180]")
        }
        return City(id: id, name: name, country: country, latitude: lat, longitude: lon)
    }

    /// The longest name or country accepted; the real data's longest name has 72.
    static let maximumLength = 200

    /// Text that would change how a page reads (line breaks, control characters, bidi overrides that can
    /// reorder what is shown) or is absurdly long is a reason to skip the record, not something to display.
    private static func checkText(_ text: String, field: String) throws(Problem) {
        if text.unicodeScalars.count > maximumLength {
            throw Problem(reason: "\(field) is longer than \(maximumLength) characters (\(text.unicodeScalars.count))")
        }
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let bidiControl = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if category == .control || category == .lineSeparator || category == .paragraphSeparator || bidiControl {
                let code = String(scalar.value, radix: 16, uppercase: true)
                let kind = bidiControl ? "a bidirectional control" : "a control character"
                throw Problem(reason: "\(field) contains \(kind) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))")
            }
        }
    }

    private static func field<K: CodingKey, T: Decodable>(
        _ container: KeyedDecodingContainer<K>, _ key: K, _ kind: String, path: String = ""
    ) throws(Problem) -> T {
        if let value = try? container.decode(T.self, forKey: key) { return value }
        let name = path + key.stringValue
        if !container.contains(key) { throw Problem(reason: "\(name) is missing") }
        if (try? container.decodeNil(forKey: key)) == true { throw Problem(reason: "\(name) is null") }
        throw Problem(reason: "\(name) is not \(kind)")
    }
}
