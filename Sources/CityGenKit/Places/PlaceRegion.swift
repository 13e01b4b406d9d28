/// A first-level administrative division (GeoNames' admin-1): a country's ISO code and its region code.
public struct PlaceRegion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let country: String
    /// GeoNames' admin1 code, as in the geoname table: `ENG`, `11`, `A8`.
    public let code: String

    public init(country: String, code: String) {
        self.country = country
        self.code = code
    }

    /// By country, then code, by Unicode scalar values.
    public static func < (a: PlaceRegion, b: PlaceRegion) -> Bool {
        a.country != b.country ? a.country.unicodeScalars.lexicographicallyPrecedes(b.country.unicodeScalars)
            : a.code.unicodeScalars.lexicographicallyPrecedes(b.code.unicodeScalars)
    }

    /// `CC.code`, as admin1CodesASCII.txt writes it.
    public var description: String { "\(country).\(code)" }
}
