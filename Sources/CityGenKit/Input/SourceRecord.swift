import Foundation

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
