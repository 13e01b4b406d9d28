/// What tells apart a city whose label (`Name, CC`) another city has too. The search index stores just this
/// number, and clients write the text from the entry's own fields.
public enum Distinction: Int, Sendable, Equatable, Codable, CaseIterable {
    /// The coordinates at display precision: `Buenos Aires, AR (-34.6132, -58.3772)`.
    case coordinates = 1
    /// The id, where the coordinates repeat too: `Twin, US (id 4)`.
    case id = 2

    /// The text shown in parentheses after the label.
    public func text(id: Int, latitude: Double, longitude: Double) -> String {
        switch self {
        case .coordinates: Coordinate.display(latitude: latitude, longitude: longitude)
        case .id: "id \(id)"
        }
    }
}
