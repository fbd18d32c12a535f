import Synchronization

/// Fault injection for the storage code's system calls (tests only): makes `open`, `write`,
/// `fsync`, `rename` or `unlink` through `PosixIO` fail with a chosen errno (ENOSPC, EROFS, EIO,
/// EPERM ...), so tests check what a full disk, a read-only folder, a failing device or a file
/// that cannot be deleted (immutable) do at each step.
///
/// Costs one relaxed atomic load per call while nothing is injected. Thread-safe: the journal's
/// background queue goes through the same calls.
enum StorageFaults {
    /// The system calls a fault can hit.
    enum Call: String, Sendable, CaseIterable {
        case open, write, fsync, rename, unlink
    }

    /// One injected fault: `call` fails with `code` on paths containing `pathContains` (any path
    /// when nil), after `skip` matching calls succeeded, `times` times (nil: until cleared).
    struct Fault: Sendable {
        var call: Call
        var code: Int32
        var pathContains: String?
        var skip = 0
        var times: Int?
    }

    private static let armed = Atomic<Bool>(false)
    private static let faults = Locked<[Fault]>([])

    /// Adds a fault.
    static func inject(_ fault: Fault) {
        faults.withLock { $0.append(fault) }
        armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// `call` fails with `code` (on paths containing `path`), from the next matching call on.
    static func inject(_ call: Call, _ code: Int32, path: String? = nil, skip: Int = 0, times: Int? = nil) {
        inject(Fault(call: call, code: code, pathContains: path, skip: skip, times: times))
    }

    /// Removes every fault.
    static func clear() {
        faults.withLock { $0.removeAll() }
        armed.store(false, ordering: .sequentiallyConsistent)
    }

    /// The errno `call` on `path` must fail with, or nil to make the real call.
    @inline(__always)
    static func failure(_ call: Call, path: String?) -> Int32? {
        guard armed.load(ordering: .relaxed) else { return nil }
        return match(call, path: path)
    }

    private static func match(_ call: Call, path: String?) -> Int32? {
        faults.withLock { list -> Int32? in
            for i in list.indices where list[i].call == call {
                if let part = list[i].pathContains, !(path ?? "").contains(part) { continue }
                if list[i].skip > 0 {
                    list[i].skip -= 1
                    continue
                }
                if let t = list[i].times {
                    if t <= 0 { continue }
                    list[i].times = t - 1
                }
                return list[i].code
            }
            return nil
        }
    }
}
