import Foundation

/// The three GeoNames files of a build, where they were read from.
public struct LoadedPlaces: Sendable {
    public let table: TableInput, admin1: TableInput, countries: TableInput
    /// What was read, for the report: each file's URL or path.
    public let origins: [String]
    /// What decides the output of these files, for the build's fingerprint: each file's path, size and modification
    /// time, never its whole bytes.
    public let identity: String
}

/// Finds the GeoNames files of `PlacesSource` (SPEC §1b).
public struct PlacesLoader: Sendable {
    let loader: SourceLoader

    public init(loader: SourceLoader) { self.loader = loader }

    /// nil for `.none`; nil with one warning when the files cannot be had.
    public func load(_ source: PlacesSource, log: @Sendable (String) -> Void) async throws -> (places: LoadedPlaces?, warnings: [String]) {
        guard case .geoNames(let cities, let admin1, let countries) = source else { return (nil, []) }
        var paths: [String] = []
        for location in [cities, admin1, countries] {
            guard case .file(let path) = location else {
                return (nil, ["could not download \(location) (downloads of places are not supported yet); building without places"])
            }
            guard FileManager.default.fileExists(atPath: path) else { throw CityGenError.missingInput(what: "places file", path: path, reason: nil) }
            paths.append(path)
        }
        let identity = paths.map { path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return "\(path) \(attributes?[.size] ?? "") \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }.joined(separator: "\n")
        return (LoadedPlaces(table: .file(paths[0]), admin1: .file(paths[1]), countries: .file(paths[2]), origins: paths, identity: identity), [])
    }
}
