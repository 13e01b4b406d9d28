/// A line of a GeoNames file that was skipped, and why (SPEC §1b).
public struct SkippedLine: Sendable, Equatable, CustomStringConvertible {
    /// The file as it was named, with the entry read for a `.zip`: `cities500.zip (cities500.txt)`.
    public let file: String
    /// 1-based line number.
    public let line: Int
    public let reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file): line \(line): \(reason)" }
}
