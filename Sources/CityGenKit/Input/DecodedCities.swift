import Foundation

/// The valid cities of a source, and the records that were skipped.
public struct DecodedCities: Sendable {
    public let cities: [City]
    public let skipped: [SkippedRecord]
}
