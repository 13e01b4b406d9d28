/// GeoNames' `countryInfo.txt`: `#` comment lines, then one country a line in 19 tab-separated columns (ISO, ISO3,
/// …, EquivalentFipsCode). The first line of a code wins.
public struct CountryInfo: Sendable {
    /// What such a file is, for "expected …" in errors.
    public static let expected = "GeoNames' countryInfo.txt: 19 tab-separated columns after # comment lines"

    /// The countries by ISO code.
    public let countries: [String: PlaceCountry]
    /// Lines skipped: wrong column count, an ISO code that is not two letters, a geonameid not an integer.
    public let skipped: SkippedLines

    /// The columns used.
    private enum Column {
        static let iso = 0, name = 4, capital = 5, geonameID = 16
    }

    /// Reads `input`; with `strict`, the first bad line throws. Throws `CityGenError.notATable` for a file that
    /// is not such a table.
    public init(_ input: TableInput, strict: Bool = false) throws {
        var table = TabTable(expected: Self.expected, columns: 19, comments: true, strict: strict)
        var countries: [String: PlaceCountry] = [:]
        try table.read(input) { fields, _, _ in
            let iso = fields[Column.iso]
            guard iso.count == 2, iso.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                return "the ISO code is not two capital letters: \"\(fields.string(Column.iso))\""
            }
            let id = fields[Column.geonameID]
            guard id.isEmpty || ByteNumbers.int(id) != nil else {
                return "geonameid is not an integer: \"\(fields.string(Column.geonameID))\""
            }
            let code = fields.string(Column.iso)
            if countries[code] == nil {
                countries[code] = PlaceCountry(
                    code: code, name: fields.string(Column.name), capital: fields.string(Column.capital),
                    geonameID: ByteNumbers.int(id))
            }
            return nil
        }
        self.countries = countries
        skipped = table.skipped
    }

    /// The country's name, if the file has the code.
    public func name(_ code: String) -> String? { countries[code]?.name }
}
