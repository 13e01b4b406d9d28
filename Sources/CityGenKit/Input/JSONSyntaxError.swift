import Foundation

/// Where and why a document is not valid JSON (RFC 8259).
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let problem: String
    /// 0-based byte offset of the offending byte.
    public let offset: Int
    /// 1-based line and column (in characters) of the offending byte.
    public let line: Int
    public let column: Int

    public var description: String { "\(problem) at line \(line), column \(column) (byte offset \(offset))" }
}
