/// The exit statuses of SPEC §8: the one place that gives them numbers.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case ok = 0
    /// `search`: nothing matched; `check`: a link is broken or a host limit is exceeded (like grep).
    case notFound = 1
    case usage = 64
    case badData = 65
    case missingInput = 66
    case sourceUnavailable = 69
    case cannotCreateOutput = 73
    case outputIOError = 74
    case locked = 75

    /// One line for `--help`: `0 ok, 1 …, 64 usage, …`.
    public static var summary: String {
        "\(ok.rawValue) ok, \(notFound.rawValue) no match (search) or failed check (check), \(usage.rawValue) usage, "
            + "\(badData.rawValue) bad data or config, \(missingInput.rawValue) missing input, "
            + "\(sourceUnavailable.rawValue) source unavailable, \(cannotCreateOutput.rawValue)/\(outputIOError.rawValue) output errors, "
            + "\(locked.rawValue) output locked by another build"
    }
}
