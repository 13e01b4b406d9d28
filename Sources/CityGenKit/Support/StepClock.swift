import Dispatch
import Foundation

/// Measures the time between pipeline steps, and the process's peak memory at the end of each.
struct StepClock {
    private var last = DispatchTime.now()

    /// The step `name` that ends now: seconds since the previous lap (or since creation), and the peak memory.
    mutating func lap(_ name: String) -> (name: String, seconds: Double, peakMemory: Int?) {
        let now = DispatchTime.now()
        defer { last = now }
        return (name, Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9, Self.peakResidentBytes())
    }

    /// The most resident memory the process has used so far, in bytes (`VmHWM`); nil where /proc does not say.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
}
