import Foundation

/// A value behind a lock, for state that several threads change (`withLock`, as `Synchronization.Mutex` has): a
/// pthread mutex (`NSLock`) rather than `Mutex`: on Linux `Mutex` waits on a futex, which ThreadSanitizer does
/// not see, so every access under it would be reported as a race and `scripts/sanitize thread` would be noise.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, with the lock held.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
