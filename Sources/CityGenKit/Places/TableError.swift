/// Why a file is not a table, found by a part of the reader that does not know the file's name: the table
/// reader turns it into a `CityGenError` that names the file and what was expected.
enum TableError: Error {
    case notATable(found: String)
}
