import Foundation

/// A value behind a lock, for state the journal's background queue shares with the main thread.
///
/// Not the Synchronization module's `Mutex`: on Linux it locks with raw futexes, which
/// ThreadSanitizer cannot see, so `make sanitize` reported every access under it as a race.
/// `NSLock` is a pthread mutex, which ThreadSanitizer understands.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
