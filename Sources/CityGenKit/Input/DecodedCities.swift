import Foundation

/// The valid cities of a source, and the records that were skipped.
public struct DecodedCities: Sendable {
    public var cities: [City]
    public let skipped: [SkippedRecord]
}
