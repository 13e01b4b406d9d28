import Foundation

/// One of the three GeoNames files of a build (SPEC §1b): what it is called in messages, and what a download
/// of it must start like to be kept.
enum PlacesFile {
    case table, admin1, countries, names

    /// What the file is, for "… does not exist".
    var name: String {
        switch self {
        case .table: "geoname table"
        case .admin1: "admin-1 codes file"
        case .countries: "country information file"
        case .names: "alternate names table"
        }
    }

    /// What a download of the file must be, for "expected …".
    var expected: String {
        switch self {
        case .table: "\(GeoNamesTable.expected), or a zip holding one"
        case .admin1: Admin1Codes.expected
        case .countries: CountryInfo.expected
        case .names: "\(AlternateNames.expected), or a zip holding one"
        }
    }

    /// Throws `CityGenError.missingInput` when `path` is not a file.
    func check(path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CityGenError.missingInput(what: name, path: path, reason: nil)
        }
        if isFolder.boolValue { throw CityGenError.missingInput(what: name, path: path, reason: "it is a folder") }
    }

    /// Bytes enough to tell an HTML page, JSON or binary data from a table.
    private static let headSize = 4096

    /// Why the download `file` cannot be this file (an HTML error page, JSON, an empty body), or nil. Only the
    /// first bytes are read: the rows are checked when the table is read.
    func invalidity(of file: URL) throws -> String? {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let head = try handle.read(upToCount: Self.headSize) ?? Data()
        let found: String? = Array(head).withUnsafeBufferPointer { bytes in
            if TableSniffer.isZip(bytes) { return self == .table || self == .names ? nil : "a zip" }
            return TableSniffer.obstacle(bytes, atEnd: head.count < Self.headSize)
        }
        return found.map { "expected \(expected), found \($0)" }
    }
}
