import Foundation
import Synchronization

/// A relative link in the built site that does not resolve.
public struct BrokenLink: Sendable, Equatable, CustomStringConvertible {
    /// The page that has the link, relative to the site's root.
    public let page: String
    public let link: String
    public let reason: String

    public var description: String { "\(page): \(link) (\(reason))" }
}
