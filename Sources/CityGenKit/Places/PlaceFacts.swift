/// What a city gains from the GeoNames row it joined (SPEC §1b).
public struct PlaceFacts: Sendable, Equatable {
    /// The row's geonameid: the city's own id when it joined by id.
    public let geonameID: Int
    /// Whether the city joined by id (else by name and distance).
    public let joinedByID: Bool
    /// The row's country and admin1 code; nil when the row has no admin1 code.
    public let region: PlaceRegion?
    /// The admin-1 table's name for `region`; nil when the table lacks the code.
    public let regionName: String?
    /// Only when above 0.
    public let population: Int?
    /// Metres: the `elevation` column, else `dem` unless -9999.
    public let elevation: Int?
    /// IANA time zone id: `Europe/London`.
    public let timeZone: String?
    /// GeoNames' feature code: `PPL`, `PPLA`, `PPLC`, …
    public let featureCode: String?

    /// The capital of its country (`PPLC`).
    public var isCapital: Bool { featureCode == "PPLC" }
    /// The seat of its first-level region (`PPLA`).
    public var isRegionSeat: Bool { featureCode == "PPLA" }
}
