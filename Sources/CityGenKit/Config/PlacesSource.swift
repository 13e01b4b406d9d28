import Foundation

/// Where the GeoNames files come from (SPEC §1b, `places:` or `--places`): none, or the three tables, each a
/// `CitySource`, fetched and cached like the source.
public enum PlacesSource: Sendable, Equatable, Encodable {
    /// A build without places.
    case none
    /// The three files: `cities` is the geoname table (`cities500.txt` and the like, or a `.zip` holding one).
    case geoNames(cities: CitySource, admin1: CitySource, countries: CitySource)

    /// The name GeoNames publishes its admin-1 codes under, looked up beside a table given alone.
    public static let admin1FileName = "admin1CodesASCII.txt"
    /// The name GeoNames publishes its country information under, looked up beside a table given alone.
    public static let countriesFileName = "countryInfo.txt"

    /// GeoNames' own files: the places of at least 500 people, and the two tables beside them.
    public static let `default` = PlacesSource(table: .remote(URL(string: "https://download.geonames.org/export/dump/cities500.zip")!))

    /// The table at `table`, and the admin-1 and country files given, else those beside it.
    public init(table: CitySource, admin1: CitySource? = nil, countries: CitySource? = nil) {
        self = .geoNames(
            cities: table, admin1: admin1 ?? Self.sibling(of: table, Self.admin1FileName),
            countries: countries ?? Self.sibling(of: table, Self.countriesFileName))
    }

    /// The file named `name` in the folder of `location`.
    private static func sibling(of location: CitySource, _ name: String) -> CitySource {
        switch location {
        case .remote(let url): .remote(url.deletingLastPathComponent().appendingPathComponent(name))
        case .file(let path): .file(path.lastIndex(of: "/").map { path[...$0] + name } ?? name)
        }
    }

    /// The geoname table's location; nil for none.
    public var table: CitySource? {
        guard case .geoNames(let cities, _, _) = self else { return nil }
        return cities
    }

    /// What a file's location must be, for messages.
    static let expected = "an http(s) URL or a path of a file"

    /// What `text` is instead of a file's location (`expected`), or nil when it is one: an empty text, a URL of
    /// another scheme (`ftp:`, `file:`) and a URL of a folder are not.
    static func problem(with text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return "not empty" }
        if let separator = text.range(of: "://") {
            let scheme = text[..<separator.lowerBound].lowercased()
            if scheme != "http", scheme != "https" { return "not a URL of \(scheme) (\"\(text)\")" }
        }
        if case .remote(let url) = CitySource(argument: text), url.path.isEmpty || url.hasDirectoryPath {
            return "not a folder (\"\(text)\")"
        }
        return nil
    }

    /// Reads `--places`: `none`, or the geoname table, with the other files `configured` (`citygen.yml`) names.
    /// - Throws: `CityGenError.invalidOption` naming `--places` (exit 64).
    public static func parse(flag text: String, configured: Setting?) throws -> PlacesSource {
        if text == "none" { return .none }
        if let problem = problem(with: text) { throw CityGenError.invalidOption(name: "--places", reason: "must be none or \(expected), \(problem)") }
        let table = CitySource(argument: text)
        guard case .files(_, let admin1, let countries)? = configured else { return PlacesSource(table: table) }
        return PlacesSource(table: table, admin1: admin1, countries: countries)
    }

    /// `places:` as `citygen.yml` writes it: none, or the files it names; a file it does not name is looked up beside
    /// the table, and a table it does not name is GeoNames' own (`default`).
    public enum Setting: Sendable, Equatable {
        case none
        case files(cities: CitySource?, admin1: CitySource?, countries: CitySource?)

        /// The files this setting means.
        public var source: PlacesSource {
            guard case .files(let cities, let admin1, let countries) = self else { return .none }
            return PlacesSource(table: cities ?? PlacesSource.default.table!, admin1: admin1, countries: countries)
        }

        /// The same setting with each path passed through `resolve`.
        func resolvingPaths(_ resolve: (String) -> String) -> Setting {
            guard case .files(let cities, let admin1, let countries) = self else { return self }
            func resolved(_ location: CitySource?) -> CitySource? {
                if case .file(let path)? = location { return .file(resolve(path)) }
                return location
            }
            return .files(cities: resolved(cities), admin1: resolved(admin1), countries: resolved(countries))
        }
    }
}
