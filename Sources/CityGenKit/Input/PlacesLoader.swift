import Foundation

/// Reads the GeoNames files of a `PlacesSource` (SPEC §1b) the way `SourceLoader` reads the city list; a download
/// is kept only when it starts like the file expected. It returns paths: a table may be 1.6 GB.
public struct PlacesLoader: Sendable {
    /// Whose cache, freshness, `refresh`, `offline`, `allowsFallback` and downloader are used.
    public let loader: SourceLoader
    /// The largest geoname table downloaded, in bytes, where the downloader's own cap is lower: the cap suits the
    /// city list, and `allCountries.zip` is about 400 MB.
    public var maximumTableSize = 4 << 30

    /// A loader that reads through `loader`'s cache and settings.
    public init(loader: SourceLoader) { self.loader = loader }

    /// The three files of `source`: nil for `.none`, or with a warning when a file cannot be had and nothing is cached;
    /// for a `language` other than English, the alternate names table too (`names`, else the one beside the table).
    /// - Throws: `missingInput` for a path that is not a file; with `allowsFallback` off, `sourceUnavailable` when a
    ///   download fails and `invalidDownload` when it is not the file expected.
    public func load(
        _ source: PlacesSource, names: CitySource? = nil, language: String = "en", log: @Sendable (String) -> Void
    ) async throws -> (places: LoadedPlaces?, warnings: [String]) {
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
        var namesInput: TableInput?
        if language.prefix(while: { $0 != "-" }) != "en" {
            let found = try await loadNames(names, beside: cities, log: log)
            namesInput = found.input
            origins += found.input.map { [$0.name] } ?? []
            warnings += found.warnings
        }
        let places = try LoadedPlaces(table: inputs[0], admin1: inputs[1], countries: inputs[2], names: namesInput, origins: origins)
        return (places, warnings)
    }

    /// The alternate names table at `location`, else beside the geoname table `table`: GeoNames' published zip
    /// beside a URL; beside a path, `alternateNamesV2.zip` or `.txt` if there (nothing is fetched for a local table).
    private func loadNames(_ location: CitySource?, beside table: CitySource, log: @Sendable (String) -> Void) async throws
        -> (input: TableInput?, warnings: [String])
    {
        let names: CitySource
        if let location {
            names = location
        } else if case .remote(let url) = table {
            names = .remote(url.deletingLastPathComponent().appendingPathComponent(AlternateNames.publishedName))
        } else if case .file(let path) = table {
            guard let found = Self.namesTables(beside: path).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                return (nil, ["no alternate names table beside \(path) (\(AlternateNames.publishedName) or alternateNamesV2.txt): places keep the source's names"])
            }
            names = .file(found)
        } else {
            return (nil, [])
        }
        switch names {
        case .file(let path):
            try PlacesFile.names.check(path: path)
            return (.file(path), [])
        case .remote(let url):
            switch try await fetch(.names, from: url, log: log) {
            case .file(let cached): return (.file(cached.file.path), cached.warnings)
            case .unavailable(let problem):
                return (nil, ["could not download \(url.absoluteString) (\(problem)); places keep the source's names"])
            }
        }
    }

    /// Where the alternate names table is looked for beside the local geoname table `table`, in order.
    public static func namesTables(beside table: String) -> [String] {
        let folder = URL(fileURLWithPath: table).deletingLastPathComponent()
        return [AlternateNames.publishedName, "alternateNamesV2.txt"].map { folder.appendingPathComponent($0).path }
    }

    /// `file` from `url`, through the cache.
    private func fetch(_ file: PlacesFile, from url: URL, log: @Sendable (String) -> Void) async throws -> SourceLoader.CachedRead {
        var loader = loader
        if file == .table || file == .names { loader.downloader.policy.maximumSize = max(loader.downloader.policy.maximumSize, maximumTableSize) }
        return try await loader.read(url, invalidity: file.invalidity(of:), log: log, progress: { _ in })
    }
}
