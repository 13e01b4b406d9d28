import Dispatch
import Foundation

/// Work spread over all cores: the one parallel loop of citygen. Items go in chunks, so that each task has
/// enough to do; tasks share nothing but what `body` captures, which must be `Sendable`.
enum Parallel {
    /// Calls `body` with consecutive chunks of `range` (each at most `chunk` long) on all cores, then rethrows the
    /// first error thrown (chunks not yet started by then are skipped).
    static func forEachChunk(_ range: Range<Int>, chunk: Int, _ body: @Sendable (Range<Int>) throws -> Void) throws {
        let firstError = Locked<Error?>(nil)
        DispatchQueue.concurrentPerform(iterations: (range.count + chunk - 1) / chunk) { c in
            guard firstError.withLock({ $0 == nil }) else { return }
            let start = range.lowerBound + c * chunk
            do {
                try body(start..<min(range.upperBound, start + chunk))
            } catch {
                firstError.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = firstError.withLock({ $0 }) { throw error }
    }

    /// Calls `body` for every index of `range`, on all cores, `chunk` indices a task.
    static func forEach(_ range: Range<Int>, chunk: Int = 1, _ body: @Sendable (Int) throws -> Void) throws {
        try forEachChunk(range, chunk: chunk) { part in
            for index in part { try body(index) }
        }
    }

    /// `(first(), second())`, computed at the same time: `first` on a thread of its own, `second` on this one.
    /// Not with `concurrentPerform`: Dispatch runs an apply nested in another one serially, so that the parallel
    /// loops inside `first` and `second` would each get one core.
    static func both<A: Sendable, B: Sendable>(_ first: @escaping @Sendable () -> A, _ second: () -> B) -> (A, B) {
        let a = Locked<A?>(nil), done = DispatchSemaphore(value: 0)
        Thread {
            let value = first()
            a.withLock { $0 = value }
            done.signal()
        }.start()
        let b = second()
        done.wait()
        return (a.withLock { $0! }, b)
    }

    /// `range.map(transform)`, computed on all cores.
    static func map<T: Sendable>(_ range: Range<Int>, chunk: Int = 1024, _ transform: @Sendable (Int) -> T) -> [T] {
        map(range, chunk: chunk, carrying: ()) { i, _ in transform(i) }
    }

    /// `range.map(transform)`, computed on all cores; each chunk's calls share a `state` that starts as `initial`.
    static func map<T: Sendable, State: Sendable>(
        _ range: Range<Int>, chunk: Int = 1024, carrying initial: State, _ transform: @Sendable (Int, inout State) -> T
    ) -> [T] {
        // Each element is made in its place in the result: no chunk's array to concatenate, so no second copy.
        Array(unsafeUninitializedCapacity: range.count) { buffer, initialized in
            let elements = Shared(buffer.baseAddress)
            try? forEachChunk(range, chunk: chunk) { part in
                var state = initial
                for i in part { (elements.value! + (i - range.lowerBound)).initialize(to: transform(i, &state)) }
            }
            initialized = range.count
        }
    }

    /// `0..<count` sorted by `areInIncreasingOrder`, a strict total order: each half sorted on a core, then merged.
    static func sortedIndices(_ count: Int, by areInIncreasingOrder: @Sendable (Int, Int) -> Bool) -> [Int] {
        var halves = Array(0..<count)
        let middle = count / 2
        halves.withUnsafeMutableBufferPointer { buffer in
            let shared = Shared(buffer)
            try? forEachChunk(0..<2, chunk: 1) { part in
                let half = part.lowerBound == 0 ? 0..<middle : middle..<count
                shared.value[half].sort(by: areInIncreasingOrder)
            }
        }
        var sorted: [Int] = []
        sorted.reserveCapacity(count)
        var (a, b) = (0, middle)
        while a < middle, b < count {
            if areInIncreasingOrder(halves[b], halves[a]) {
                sorted.append(halves[b])
                b += 1
            } else {
                sorted.append(halves[a])
                a += 1
            }
        }
        sorted += halves[a..<middle]
        sorted += halves[b..<count]
        return sorted
    }

    /// A buffer (or another value) that tasks share, each reading it or writing its own elements only, as the caller promises.
    struct Shared<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
