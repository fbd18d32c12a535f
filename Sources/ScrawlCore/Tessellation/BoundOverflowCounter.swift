import Foundation

/// A thread-safe count of the times a tessellator's upper bound on its output proved too small
/// (`Mesh.boundOverflowCount`).
final class BoundOverflowCounter: @unchecked Sendable {
    /// The process-wide counter behind `Mesh.boundOverflowCount`.
    static let shared = BoundOverflowCounter()

    private let lock = NSLock()
    private var count = 0

    /// The overflows counted so far.
    var value: Int { lock.withLock { count } }

    /// Counts one overflow.
    func increment() { lock.withLock { count += 1 } }
}
