import Foundation

/// Reads the GeoNames files of a `PlacesSource` (SPEC §1b) the way `SourceLoader` reads the city list: a path as
/// it is, a URL through the same cache (fresh copy, conditional GET, retries, the cached copy when the network
/// fails). A download is kept only when it starts like the file expected. What comes back are paths: nothing is
/// read whole, since a table may be 1.6 GB.
public struct PlacesLoader: Sendable {
    /// Whose cache, freshness, `refresh`, `offline`, `allowsFallback` and downloader are used.
    public let loader: SourceLoader
    /// The largest geoname table downloaded, in bytes, where the downloader's own cap is lower: the cap suits the
    /// city list, and `allCountries.zip` is about 400 MB.
    public var maximumTableSize = 4 << 30

    /// A loader that reads through `loader`'s cache and settings.
    public init(loader: SourceLoader) { self.loader = loader }

    /// The three files of `source`: nil for `.none`; nil with one warning in `warnings` when a file cannot be
    /// downloaded and nothing is cached (the build goes on without places). `warnings` also says which files are
    /// cached copies standing in for a failed download.
    /// - Throws: `CityGenError.missingInput` for a path that is not a file (exit 66); with `allowsFallback` off,
    ///   `CityGenError.sourceUnavailable` when a download fails (exit 69) and `CityGenError.invalidDownload` when it
    ///   is not the file expected (exit 65).
    public func load(_ source: PlacesSource, log: @Sendable (String) -> Void) async throws -> (places: LoadedPlaces?, warnings: [String]) {
        guard case .geoNames(let cities, let admin1, let countries) = source else { return (nil, []) }
        let locations: [(file: PlacesFile, location: CitySource)] = [(.table, cities), (.admin1, admin1), (.countries, countries)]
        // A wrong path is told before any download, whatever the network does.
        for (file, location) in locations {
            if case .file(let path) = location { try file.check(path: path) }
        }
        var inputs: [TableInput] = [], origins: [String] = [], warnings: [String] = []
        for (file, location) in locations {
            switch location {
            case .file(let path):
                inputs.append(.file(path))
                origins.append(path)
            case .remote(let url):
                switch try await fetch(file, from: url, log: log) {
                case .file(let cached):
                    inputs.append(.file(cached.file.path))
                    origins.append(cached.origin)
                    warnings += cached.warnings
                case .unavailable(let problem):
                    // The other files are not asked for: without this one there are no places.
                    return (nil, ["could not download \(url.absoluteString) (\(problem)); building without places"])
                }
            }
        }
        let places = try LoadedPlaces(table: inputs[0], admin1: inputs[1], countries: inputs[2], origins: origins)
        return (places, warnings)
    }

    /// `file` from `url`, through the cache.
    private func fetch(_ file: PlacesFile, from url: URL, log: @Sendable (String) -> Void) async throws -> SourceLoader.CachedRead {
        var loader = loader
        if file == .table { loader.downloader.policy.maximumSize = max(loader.downloader.policy.maximumSize, maximumTableSize) }
        return try await loader.read(url, invalidity: file.invalidity(of:), log: log, progress: { _ in })
    }
}
