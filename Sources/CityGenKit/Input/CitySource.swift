import Foundation

/// Where an input comes from: a URL or a local path. The city list is a `.json` or `.json.gz` file (SPEC §1); the
/// GeoNames files of `PlacesSource` are located the same way.
public enum CitySource: Sendable, Equatable, Encodable, CustomStringConvertible {
    case remote(URL)
    case file(String)

    /// The data set the project exists for (SPEC §1).
    public static let defaultURL = URL(
        string:
            "https://gist.githubusercontent.com/hernan-uala/dce8843a8edbe0b0018b32e137bc2b3a/raw/0996accf70cb0ca0e16f9a99e0ee185fafca7af1/cities.json"
    )!

    public static let `default` = CitySource.remote(defaultURL)

    /// Reads `--source`: an http(s) URL, or anything else as a path.
    public init(argument: String) {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            self = .remote(url)
        } else {
            self = .file(argument)
        }
    }

    public var description: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let path): path
        }
    }
}
