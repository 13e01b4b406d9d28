/// What a detail page shows of the OpenStreetMap viewer (`map:` in `citygen.yml`, `--map`; SPEC §5 and §6). The
/// locator map, drawn at build time, is on every detail page whatever this says.
public enum MapMode: String, Sendable, CaseIterable {
    /// A link to the viewer, which the page's script puts in place when the visitor asks, so nothing leaves the site
    /// before that.
    case locator
    /// The viewer's iframe at once.
    case embed
    /// Neither iframe nor button (the link to openstreetmap.org stays).
    case none

    /// The choices, for help texts and errors.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Reads a `map:` value or `--map` argument.
    public static func parse(_ text: String, item: String) throws -> MapMode {
        guard let mode = MapMode(rawValue: text) else {
            throw CityGenError.invalidOption(name: item, reason: "must be one of \(choices), not \"\(text)\"")
        }
        return mode
    }
}
