import Synchronization

/// Counts units of work from several threads and reports every `every` of them.
final class ProgressCounter: Sendable {
    private let count = Atomic<Int>(0)
    let step: BuildProgress.Step
    let total: Int
    let every: Int
    let report: @Sendable (BuildProgress) -> Void

    init(_ step: BuildProgress.Step, total: Int, every: Int = 1000, report: @escaping @Sendable (BuildProgress) -> Void) {
        self.step = step
        self.total = total
        self.every = every
        self.report = report
    }

    func add(_ units: Int = 1) {
        let done = count.add(units, ordering: .relaxed).newValue
        if done / every != (done - units) / every || done == total { report(BuildProgress(step: step, done: done, total: total)) }
    }
}
