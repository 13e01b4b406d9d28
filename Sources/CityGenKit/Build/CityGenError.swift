/// A failure that ends a citygen command, with the exit code SPEC §8 documents for it.
public protocol CityGenFailure: Error, CustomStringConvertible {
    /// 64 usage, 65 bad data or config, 66 missing input, 69 source unavailable, 73/74 output errors.
    var exitCode: Int32 { get }
}

/// The source data or the configuration is invalid (exit 65).
public struct InvalidDataError: CityGenFailure {
    public let description: String
    public var exitCode: Int32 { 65 }
    public init(_ description: String) { self.description = description }
}

/// A local input file does not exist or cannot be read (exit 66).
public struct MissingInputError: CityGenFailure {
    public let description: String
    public var exitCode: Int32 { 66 }
    public init(_ description: String) { self.description = description }
}

/// The source could not be downloaded and nothing could stand in for it (exit 69).
public struct SourceUnavailableError: CityGenFailure {
    public let description: String
    public var exitCode: Int32 { 69 }
    public init(_ description: String) { self.description = description }
}

/// The output folder could not be written (exit 73 when it cannot be created, 74 on I/O errors).
public struct OutputError: CityGenFailure {
    public let description: String
    public let exitCode: Int32
    public init(_ description: String, exitCode: Int32 = 74) {
        self.description = description
        self.exitCode = exitCode
    }
}
