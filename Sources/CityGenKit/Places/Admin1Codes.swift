/// GeoNames' `admin1CodesASCII.txt` (`CC.code`, name, ASCII name, geonameid): region names by country and
/// admin1 code. The first line of a code wins.
public struct Admin1Codes: Sendable {
    /// What such a file is, for "expected …" in errors.
    public static let expected = "a GeoNames admin-1 table: 4 tab-separated columns (CC.code, name, ASCII name, geonameid)"

    /// The region's name (the `name` column, in its own script and accents) by region.
    public let names: [PlaceRegion: String]
    /// The region's geonameid, where the table gives one: the key of its names in other languages.
    public let ids: [PlaceRegion: Int]
    /// Lines skipped: wrong column count, a first column that is not `CC.code`, a geonameid not an integer.
    public let skipped: SkippedLines

    /// Reads `input`; with `strict`, the first bad line throws. Throws `CityGenError.notATable` for a file that
    /// is not such a table.
    public init(_ input: TableInput, strict: Bool = false) throws {
        var table = TabTable(expected: Self.expected, columns: 4, strict: strict)
        var names: [PlaceRegion: String] = [:], ids: [PlaceRegion: Int] = [:]
        try table.read(input) { fields, _, _ in
            let key = fields[0]
            guard let dot = key.firstIndex(of: UInt8(ascii: ".")), dot > 0 else {
                return "the first column is not CC.code: \"\(fields.string(0))\""
            }
            guard fields[3].isEmpty || ByteNumbers.int(fields[3]) != nil else {
                return "geonameid is not an integer: \"\(fields.string(3))\""
            }
            let region = PlaceRegion(
                country: String(decoding: UnsafeBufferPointer(rebasing: key[..<dot]), as: UTF8.self),
                code: String(decoding: UnsafeBufferPointer(rebasing: key[(dot + 1)...]), as: UTF8.self))
            if names[region] == nil {
                names[region] = fields.string(1)
                ids[region] = ByteNumbers.int(fields[3])
            }
            return nil
        }
        self.names = names
        self.ids = ids
        skipped = table.skipped
    }

    /// The name of the region `code` of `country`, if the table has it.
    public func name(country: String, code: String) -> String? {
        names[PlaceRegion(country: country, code: code)]
    }
}
