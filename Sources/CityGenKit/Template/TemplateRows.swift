/// The rows of a list (or the one row of an object) of a page's Mustache context, built in one `TemplateContext`
/// and added at once (`TemplateContext.append(_:rows:)`): no context, array or closure a row.
struct TemplateRows {
    /// The rows' values, one row after the other.
    private(set) var values = TemplateContext()
    /// Where each row ends in `values.entries`.
    private(set) var ends: [Int] = []

    var count: Int { ends.count }

    /// Appends with `build` values that only `formats` show (`TemplateContext.only`).
    mutating func only(_ formats: TemplateContext.Formats, _ build: (inout TemplateRows) -> Void) {
        values.formats = formats
        build(&self)
        values.formats = .all
    }

    mutating func append(_ key: TemplateKey, text: String) { values.append(key, text: text) }
    mutating func append(_ key: TemplateKey, bytes text: some Collection<UInt8>) { values.append(key, bytes: text) }
    mutating func append(_ key: TemplateKey, number: Int) { values.append(key, number: number) }
    mutating func append(_ key: TemplateKey, flag: Bool) { values.append(key, flag: flag) }
    mutating func appendText(_ key: TemplateKey, _ write: (inout [UInt8]) -> Void) { values.appendText(key, write) }

    /// Adds the values of `row` as a row of their own.
    mutating func appendRow(_ row: TemplateContext) {
        values.append(contentsOf: row)
        endRow()
    }

    /// Ends the row being built; the values appended next start the next one.
    mutating func endRow() { ends.append(values.entries.count) }

    /// Removes every row, keeping the storage for the next ones.
    mutating func removeAll() {
        values.removeAll()
        ends.removeAll(keepingCapacity: true)
    }
}
