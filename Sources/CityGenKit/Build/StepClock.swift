import Dispatch
import Synchronization

/// Measures the time between pipeline steps.
struct StepClock {
    private var last = DispatchTime.now()

    /// Seconds since the previous lap (or since creation).
    mutating func lap() -> Double {
        let now = DispatchTime.now()
        defer { last = now }
        return Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
    }
}

/// Keeps the first error of concurrent work.
final class FirstError: Sendable {
    private let stored = Mutex<Error?>(nil)

    var isSet: Bool { stored.withLock { $0 != nil } }
    var value: Error? { stored.withLock { $0 } }

    func record(_ error: Error) {
        stored.withLock { if $0 == nil { $0 = error } }
    }
}
