/// One valid row of a geoname table, as its bytes: the id and coordinates parsed, every other field only when
/// asked for. Valid only during the call that hands it over: keep what is needed, never the row.
public struct GeoNameRow {
    let fields: TabFields
    /// 1-based line number in its file.
    public let line: Int
    public let id: Int
    public let latitude: Double
    public let longitude: Double

    /// The row of `fields`, or why it is not a valid row.
    static func parse(_ fields: TabFields, line: Int) -> Result<GeoNameRow, RowProblem> {
        guard let id = ByteNumbers.int(fields[GeoNameColumn.geonameID.rawValue]) else {
            return .failure(RowProblem("geonameid is not an integer: \(quoted(fields[GeoNameColumn.geonameID.rawValue]))"))
        }
        guard let latitude = ByteNumbers.double(fields[GeoNameColumn.latitude.rawValue]), (-90...90).contains(latitude) else {
            return .failure(RowProblem("latitude is not a number in [-90, 90]: \(quoted(fields[GeoNameColumn.latitude.rawValue]))"))
        }
        guard let longitude = ByteNumbers.double(fields[GeoNameColumn.longitude.rawValue]), (-180...180).contains(longitude) else {
            return .failure(
                RowProblem("longitude is not a number in [-180, 180]: \(quoted(fields[GeoNameColumn.longitude.rawValue]))"))
        }
        return .success(GeoNameRow(fields: fields, line: line, id: id, latitude: latitude, longitude: longitude))
    }

    /// Why a row was skipped.
    struct RowProblem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A field as it appears, shortened, for a reason.
    private static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return "\"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
    }

    /// The UTF-8 bytes of a field, without copying them; valid as long as the row.
    public func bytes(_ column: GeoNameColumn) -> UnsafeBufferPointer<UInt8> { fields[column.rawValue] }

    /// A field as a string (invalid UTF-8 repaired).
    public func string(_ column: GeoNameColumn) -> String { fields.string(column.rawValue) }

    /// Whether a field is empty.
    public func isEmpty(_ column: GeoNameColumn) -> Bool { fields[column.rawValue].isEmpty }

    public var name: String { string(.name) }
    public var asciiName: String { string(.asciiName) }
    /// Comma-separated, as in the file.
    public var alternateNames: String { string(.alternateNames) }
    public var featureCode: String { string(.featureCode) }
    public var countryCode: String { string(.countryCode) }
    public var admin1Code: String { string(.admin1Code) }
    public var timeZone: String { string(.timeZone) }
    /// Nil when empty or not an integer.
    public var population: Int? { ByteNumbers.int(bytes(.population)) }
    /// Metres; nil when empty or not an integer.
    public var elevation: Int? { ByteNumbers.int(bytes(.elevation)) }
    /// The digital elevation model's metres; GeoNames writes -9999 where it has none (kept as it is here).
    public var dem: Int? { ByteNumbers.int(bytes(.dem)) }
}
