#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps a read-only file mapping readable when the file is truncated by another process while it
/// is mapped. Reading a mapped page past the file's new end raises SIGBUS, which would kill the
/// process; a SIGBUS handler that finds the faulting address inside a guarded mapping maps
/// anonymous zero pages over the rest of it and returns, so the read sees zero bytes instead (a
/// decoder then stops on them, and the caller, which checks the file's size after each pass, says
/// the file changed). Any other SIGBUS keeps its default action.
enum MappedFileGuard {
    /// How many mappings may be guarded at once.
    static let slots = 8
    /// Start and end addresses of the guarded mappings (0, 0 for a free slot), read by the handler.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UInt> = {
        let t = UnsafeMutablePointer<UInt>.allocate(capacity: 2 * slots)
        t.initialize(repeating: 0, count: 2 * slots)
        return t
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) static var pageSize = UInt(max(Int(sysconf(Int32(_SC_PAGESIZE))), 1))
    private static let installed: Bool = {
        pthread_mutex_init(&lock, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = mappedFileSIGBUS
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, nil) == 0
    }()

    /// Guards `mapping` until `release` is called with it; false when no slot is free (or the
    /// handler could not be installed), and the mapping is then not guarded.
    static func guardMapping(_ mapping: UnsafeRawBufferPointer) -> Bool {
        guard installed, let base = mapping.baseAddress else { return false }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for i in 0..<slots where table[2 * i] == 0 {
            table[2 * i + 1] = UInt(bitPattern: base) + UInt(mapping.count)
            table[2 * i] = UInt(bitPattern: base)
            return true
        }
        return false
    }

    /// Stops guarding `mapping` (before it is unmapped).
    static func release(_ mapping: UnsafeRawBufferPointer) {
        guard let base = mapping.baseAddress else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for i in 0..<slots where table[2 * i] == UInt(bitPattern: base) {
            table[2 * i] = 0
            table[2 * i + 1] = 0
        }
    }

    /// The handler's work: true when `address` was in a guarded mapping and zero pages now replace
    /// the rest of it from its page on.
    static func patch(_ address: UInt) -> Bool {
        for i in 0..<slots {
            let start = table[2 * i], end = table[2 * i + 1]
            guard start != 0, address >= start, address < end else { continue }
            let page = address & ~(pageSize - 1)
            let p = mmap(UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            return p != MAP_FAILED
        }
        return false
    }
}

/// The SIGBUS handler (a C function pointer: no captures).
private func mappedFileSIGBUS(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
    if MappedFileGuard.patch(address) { return }
    // Not ours: the default action, which the faulting read meets again on return.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, nil)
}
