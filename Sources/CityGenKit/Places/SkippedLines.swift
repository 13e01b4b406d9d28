/// The lines of a file that were skipped: how many, and the first of them (enough for a report; a damaged
/// 1.6 GB table must not fill memory with reasons).
public struct SkippedLines: Sendable, Equatable {
    /// How many lines were skipped in all.
    public private(set) var count = 0
    /// The first `SkippedLines.kept` of them, in file order.
    public private(set) var first: [SkippedLine] = []
    /// How many are kept with their reasons.
    public static let kept = 100

    public init() {}

    mutating func append(_ line: SkippedLine) {
        count += 1
        if first.count < Self.kept { first.append(line) }
    }

    mutating func append(contentsOf other: SkippedLines) {
        count += other.count
        first += other.first.prefix(Self.kept - first.count)
    }
}
