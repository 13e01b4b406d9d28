import Foundation

/// The three GeoNames files of a build, where they were read from.
public struct LoadedPlaces: Sendable {
    /// The geoname table (a `.txt`, or a `.zip` holding one), `admin1CodesASCII.txt` and `countryInfo.txt`, to stream.
    public let table: TableInput, admin1: TableInput, countries: TableInput
    /// GeoNames' alternate names table, for a site in another language than English, when one could be had.
    public let names: TableInput?
    /// What was read, for the report: each file's URL or path, and whether from the cache.
    public let origins: [String]
    /// What decides the output of these files, for the build's fingerprint: each file's path, size and mtime.
    public let identity: String

    /// The files `table`, `admin1` and `countries`, read from `origins`, with their `identity` now.
    /// - Throws: `CityGenError.missingInput` for a file that is not there.
    public init(table: TableInput, admin1: TableInput, countries: TableInput, names: TableInput? = nil, origins: [String]) throws {
        self.table = table
        self.names = names
        self.admin1 = admin1
        self.countries = countries
        self.origins = origins
        identity = try ([("table", table), ("admin1", admin1), ("countries", countries)] + (names.map { [("names", $0)] } ?? []))
            .map { try Self.identity(of: $0.1, role: $0.0) }.joined(separator: "\n")
    }

    /// `role`, path, size and modification time of `input`, tab-separated; bytes in memory count by their digest.
    static func identity(of input: TableInput, role: String) throws -> String {
        switch input {
        case .bytes(let data, let name):
            return [role, name, "\(data.count)", SHA256Digest.hex(of: data)].joined(separator: "\t")
        case .file(let path):
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw CityGenError.missingInput(what: "GeoNames file", path: path, reason: error.localizedDescription)
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return [role, path, "\(size)", "\(modified)"].joined(separator: "\t")
        }
    }
}
