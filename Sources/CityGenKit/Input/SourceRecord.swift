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

    /// A field of a record as the source has it: what the rules below need to know of it.
    enum Field<Value> {
        case missing, null, wrongType
        case value(Value)

        /// The value, or the reason to skip the record, naming the field (`name`, dotted) and the `kind` it needs.
        func value(_ name: String, _ kind: String) throws(Problem) -> Value {
            switch self {
            case .value(let value): return value
            case .missing: throw Problem(reason: "\(name) is missing")
            case .null: throw Problem(reason: "\(name) is null")
            case .wrongType: throw Problem(reason: "\(name) is not \(kind)")
            }
        }
    }

    /// `coord` as the source has it.
    enum Coord {
        case missing, notAnObject
        case object(lat: Field<Double>, lon: Field<Double>)
    }

    init(content: Result<City, Problem>) {
        self.content = content
    }

    init(from decoder: Decoder) {
        content = Result { () throws(Problem) -> City in
            guard let record = try? decoder.container(keyedBy: Key.self) else { throw Problem(reason: "not a JSON object") }
            let coord: Coord
            if let object = try? record.nestedContainer(keyedBy: CoordKey.self, forKey: .coord) {
                coord = .object(lat: Self.field(object, .lat), lon: Self.field(object, .lon))
            } else {
                coord = record.contains(.coord) ? .notAnObject : .missing
            }
            return try Self.city(id: Self.field(record, ._id), name: Self.field(record, .name), country: Self.field(record, .country), coord: coord)
        }
    }

    /// The city that a record's fields make, or the first rule it breaks (both decoders apply these rules).
    static func city(id: Field<Int>, name: Field<String>, country: Field<String>, coord: Coord) throws(Problem) -> City {
        let id = try id.value("_id", "an integer")
        let rawName = try name.value("name", "a string")
        let country = try country.value("country", "a string")
        let name = trimmed(rawName)
        guard !name.isEmpty else { throw Problem(reason: "name is empty") }
        try checkText(name, field: "name")
        try checkText(country, field: "country")
        guard foldsToSomething(name) else { throw Problem(reason: "name has no letter or digit") }
        let latField: Field<Double>, lonField: Field<Double>
        switch coord {
        case .missing: throw Problem(reason: "coord is missing")
        case .notAnObject: throw Problem(reason: "coord is not an object")
        case .object(let lat, let lon): (latField, lonField) = (lat, lon)
        }
        let lat = try latField.value("coord.lat", "a number")
        let lon = try lonField.value("coord.lon", "a number")
        guard lat.isFinite, (-90...90).contains(lat) else { throw Problem(reason: "coord.lat \(lat) is outside [-90, 90]") }
        guard lon.isFinite, (-180...180).contains(lon) else {
            throw Problem(reason: "coord.lon \(lon) is outside [-180, 180]")
        }
        return City(id: id, name: name, country: country, latitude: lat, longitude: lon)
    }

    /// `text` as a name a page can show, by the rules of the source's names (SPEC §1); nil when it is none.
    static func usableName(_ text: String) -> String? {
        let name = trimmed(text)
        guard !name.isEmpty, name.unicodeScalars.count <= maximumLength, !name.unicodeScalars.contains(where: { forbiddenKind($0) != nil }),
            foldsToSomething(name)
        else { return nil }
        return name
    }

    /// Whether `fold(name)` is not empty (SPEC §1: a name that folds to nothing, like `-`, is no name). An ASCII
    /// letter or digit decides it without folding, which most names have.
    static func foldsToSomething(_ name: String) -> Bool {
        if name.utf8.contains(where: { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            return true
        }
        return !Fold.fold(name).isEmpty
    }

    /// The longest name or country accepted, well above the real data's longest name.
    static let maximumLength = 200

    /// Text that would change how a page reads (line breaks, controls, bidi overrides) or is too long skips the record.
    private static func checkText(_ text: String, field: String) throws(Problem) {
        if text.unicodeScalars.count > maximumLength {
            throw Problem(reason: "\(field) is longer than \(maximumLength) characters (\(text.unicodeScalars.count))")
        }
        for scalar in text.unicodeScalars {
            guard let kind = forbiddenKind(scalar) else { continue }
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw Problem(reason: "\(field) contains \(kind) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))")
        }
    }

    /// What a forbidden character is: a control (Cc, Zl or Zp, exactly these code points) or a bidi control.
    static func forbiddenKind(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return "a bidirectional control" }
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 { return "a control character" }
        return nil
    }

    /// `text` without white space and line breaks around it (Foundation's `whitespacesAndNewlines`). Those are
    /// ASCII or encode to bytes above 0x7F, so a text that starts and ends with another ASCII byte is as it is.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
            !(0x09...0x0D).contains(first), first != 0x20, !(0x09...0x0D).contains(last), last != 0x20
        else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return text
    }

    private static func field<K: CodingKey, T: Decodable>(_ container: KeyedDecodingContainer<K>, _ key: K) -> Field<T> {
        if let value = try? container.decode(T.self, forKey: key) { return .value(value) }
        if !container.contains(key) { return .missing }
        return (try? container.decodeNil(forKey: key)) == true ? .null : .wrongType
    }
}
