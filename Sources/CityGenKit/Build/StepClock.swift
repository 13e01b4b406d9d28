import Dispatch

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
