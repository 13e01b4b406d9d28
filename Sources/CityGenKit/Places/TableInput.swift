import Foundation

/// Where a GeoNames file comes from: a path (a `.txt`, or a `.zip` holding one), or bytes in memory under a
/// name (tests, the fuzzer). A zip is told by its first bytes, whatever the name's ending.
public enum TableInput: Sendable {
    case file(String)
    case bytes(Data, name: String)

    /// The name the file's messages give it.
    public var name: String {
        switch self {
        case .file(let path): path
        case .bytes(_, let name): name
        }
    }
}
