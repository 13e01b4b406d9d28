import Foundation

/// What GeoNames' three files share: opening (a zip, its first `.txt`), telling a file that is not such a table,
/// splitting lines into fields, and skipping bad lines, or throwing on the first with `strict`.
struct TabTable {
    /// What such a file is, for "expected …" in errors: `a GeoNames table: 19 tab-separated columns`.
    let expected: String
    let columns: Int
    /// Whether lines starting with `#` are comments (countryInfo.txt).
    let comments: Bool
    let strict: Bool
    private(set) var skipped = SkippedLines()

    /// A table whose first lines have the wrong number of columns is not such a table: a damaged row only
    /// stands out among good ones.
    private static let linesToDecide = 10

    init(expected: String, columns: Int, comments: Bool = false, strict: Bool) {
        self.expected = expected
        self.columns = columns
        self.comments = comments
        self.strict = strict
    }

    /// Reads `input`, calling `row` with each line of the right number of columns, its line number and the
    /// file's name; `row` returns why the line is bad, or nil when it took it.
    mutating func read(_ input: TableInput, row: (TabFields, Int, String) throws -> String?) throws {
        var name = input.name
        do {
            switch input {
            case .file(let path):
                let file = try FileBytes(path: path)
                if try file.startsLikeZip() {
                    var zip = try ZipEntryBytes(path: path, data: nil)
                    name = "\(path) (\(zip.entryName))"
                    try scan(&zip, name: name, row: row)
                } else {
                    var source = file
                    try scan(&source, name: name, row: row)
                }
            case .bytes(let data, _):
                if data.withUnsafeBytes({ TableSniffer.isZip($0.bindMemory(to: UInt8.self)) }) {
                    var zip = try ZipEntryBytes(path: nil, data: data)
                    name = "\(input.name) (\(zip.entryName))"
                    try scan(&zip, name: name, row: row)
                } else {
                    var source = MemoryBytes(data)
                    try scan(&source, name: name, row: row)
                }
            }
        } catch TableError.notATable(let found) {
            throw CityGenError.notATable(file: name, expected: expected, found: found)
        }
    }

    private mutating func scan<Source: ByteSource>(
        _ source: inout Source, name: String, row: (TabFields, Int, String) throws -> String?
    ) throws {
        let ends = UnsafeMutablePointer<Int>.allocate(capacity: columns)
        defer { ends.deallocate() }
        // Lines of the wrong shape before the first good one, held until the file proves to be a table.
        var pending: [(line: SkippedLine, columns: Int)]? = []
        try LineReader.read(&source) { head, whole in
            if let obstacle = TableSniffer.obstacle(head, atEnd: whole) { throw TableError.notATable(found: obstacle) }
        } line: { bytes, number in
            if comments, bytes.first == UInt8(ascii: "#") { return }
            let fields = TabFields(bytes, ends: ends, capacity: columns)
            guard fields.count == columns else {
                let reason = "\(fields.count) tab-separated \(fields.count == 1 ? "column" : "columns"), expected \(columns)"
                let bad = SkippedLine(file: name, line: number, reason: reason)
                guard pending != nil else { return try skip(bad) }
                pending?.append((bad, fields.count))
                if let lines = pending, lines.count >= Self.linesToDecide { throw Self.notATable(lines) }
                return
            }
            if let lines = pending {
                pending = nil
                for line in lines { try skip(line.line) }
            }
            if let reason = try row(fields, number, name) { try skip(SkippedLine(file: name, line: number, reason: reason)) }
        }
        if let lines = pending { throw Self.notATable(lines) }
    }

    private static func notATable(_ lines: [(line: SkippedLine, columns: Int)]) -> TableError {
        guard let first = lines.first else { return .notATable(found: "only comment lines") }
        let columns = "\(first.columns) tab-separated \(first.columns == 1 ? "column" : "columns")"
        return .notATable(found: lines.count == 1 ? "one line, of \(columns)" : "text whose line \(first.line.line) has \(columns)")
    }

    private mutating func skip(_ line: SkippedLine) throws {
        if strict { throw CityGenError.invalidLine(line) }
        skipped.append(line)
    }
}
