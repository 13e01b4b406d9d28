import CityGenKit
import Foundation

/// Progress bars on stderr, only when it is a terminal: `Rendering [#####-----] 42% 1,234/2,938 files …`.
/// Redrawn at most ten times a second, from any thread; `clear()` before printing a line of text.
final class ProgressBar: Sendable {
    let enabled: Bool
    private let state = Locked<(step: BuildProgress.Step?, started: Date, drawn: Date, visible: Bool)>((nil, Date(), .distantPast, false))

    init(enabled: Bool) { self.enabled = enabled }

    /// Whether stderr is a terminal (and not redirected to a file or a pipe).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    func update(_ progress: BuildProgress) {
        guard enabled else { return }
        let line: String? = state.withLock { state in
            let now = Date()
            if state.step != progress.step { state = (progress.step, now, .distantPast, state.visible) }
            let finished = progress.total.map { progress.done >= $0 } ?? false
            guard finished || now.timeIntervalSince(state.drawn) >= 0.1 else { return nil }
            state.drawn = now
            state.visible = true
            return Self.describe(progress, elapsed: now.timeIntervalSince(state.started))
        }
        if let line { FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8)) }
    }

    /// Removes the bar, so that the next line of text starts clean.
    func clear() {
        guard enabled, state.withLock({ state in defer { state.visible = false }; return state.visible }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    static func describe(_ progress: BuildProgress, elapsed: TimeInterval) -> String {
        let name = progress.step.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
        let rate = elapsed > 0 ? Double(progress.done) / elapsed : 0
        switch progress.step {
        case .download:
            let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
            guard let total = progress.total, total > 0 else { return "\(name) \(mb(progress.done))" }
            return "\(name) \(bar(progress.done, total)) \(mb(progress.done)) of \(mb(total))"
        case .render:
            let total = progress.total ?? progress.done
            let eta = rate > 0 ? Double(total - progress.done) / rate : 0
            return "\(name) \(bar(progress.done, total)) \(Digits.grouped(progress.done))/\(Digits.grouped(total)) files  "
                + "\(Digits.grouped(Int(rate)))/s  ETA \(Int(eta.rounded())) s"
        }
    }

    static func bar(_ done: Int, _ total: Int) -> String {
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let filled = Int((fraction * 24).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 24 - filled) + "] "
            + String(format: "%3d%%", Int((fraction * 100).rounded(.down)))
    }
}
