import Foundation

/// A record that was skipped, and why (SPEC §1).
public struct SkippedRecord: Sendable, Equatable, CustomStringConvertible {
    /// 0-based position in the source array.
    public let index: Int
    public let reason: String

    public var description: String { "record \(index): \(reason)" }
}
