/// One valid city from the source data.
public struct City: Sendable, Hashable {
    /// The source's `_id`, unique within a data set.
    public let id: Int
    /// The display name, trimmed of surrounding white space.
    public let name: String
    /// The ISO country code as given; a few real records have `""`.
    public let country: String
    public let latitude: Double
    public let longitude: Double

    public init(id: Int, name: String, country: String, latitude: Double, longitude: Double) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `Name, CC`, or the name alone when the country is empty (SPEC §7).
    public var label: String {
        country.isEmpty ? name : "\(name), \(country)"
    }
}
