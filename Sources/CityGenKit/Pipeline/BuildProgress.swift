import Synchronization

/// How far a long step has come, for progress bars: `done` of `total` units (bytes or files).
public struct BuildProgress: Sendable, Equatable {
    public enum Step: String, Sendable {
        case download = "Downloading", render = "Rendering"
    }

    public let step: Step
    public let done: Int
    /// Nil when unknown (a download without `Content-Length`).
    public let total: Int?
}
