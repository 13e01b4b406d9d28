/// Reads GeoNames' geoname table (SPEC §1b): `cities500.txt` … `allCountries.txt`, or a `.zip` holding one,
/// streamed a few MiB at a time.
public enum GeoNamesTable {
    /// What a geoname table is, for "expected …" in errors.
    public static let expected = "a GeoNames table: 19 tab-separated columns"

    /// Calls `row` with each valid row of `input`, in file order, and returns the lines it skipped; with `strict`,
    /// the first such line throws. A file that is not such a table throws `notATable`.
    public static func read(_ input: TableInput, strict: Bool = false, row: (GeoNameRow) throws -> Void) throws -> SkippedLines {
        var table = TabTable(expected: expected, columns: GeoNameColumn.allCases.count, strict: strict)
        try table.read(input) { fields, line, _ in
            switch GeoNameRow.parse(fields, line: line) {
            case .success(let parsed):
                try row(parsed)
                return nil
            case .failure(let problem):
                return problem.reason
            }
        }
        return table.skipped
    }
}
