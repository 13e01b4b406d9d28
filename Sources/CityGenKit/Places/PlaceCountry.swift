/// One country of GeoNames' `countryInfo.txt`.
public struct PlaceCountry: Sendable, Equatable {
    /// ISO 3166 alpha-2: `GB`.
    public let code: String
    /// `United Kingdom`.
    public let name: String
    /// The capital's name as the file gives it (the file has no id for it; may be empty).
    public let capital: String
    /// The country's own geonameid (not its capital's); nil where the file leaves it empty.
    public let geonameID: Int?

    public init(code: String, name: String, capital: String, geonameID: Int?) {
        self.code = code
        self.name = name
        self.capital = capital
        self.geonameID = geonameID
    }
}
