import Foundation
import Yams

/// One `favorites:` item of `citygen.yml`: a city id, or `"Name, CC"` matched on folded name and country.
public enum FavoriteReference: Sendable, Equatable, CustomStringConvertible {
    case id(Int)
    case name(String)

    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .name(let name): "\"\(name)\""
        }
    }
}
