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
    /// Start and end addresses of the guarded mappings (0, 0 for a free slot) and, third, whether a
    /// fault was patched in it; then the page size. Plain memory made before the handler is
    /// installed, so the handler reads it without any runtime call.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UInt> = {
        let t = UnsafeMutablePointer<UInt>.allocate(capacity: 3 * slots + 1)
        t.initialize(repeating: 0, count: 3 * slots + 1)
        t[3 * slots] = UInt(max(Int(sysconf(Int32(_SC_PAGESIZE))), 1))
        return t
    }()
    /// The SIGBUS action in place before ours (the Swift runtime's crash reporter, a sanitizer's),
    /// which gets every SIGBUS that is not a guarded mapping's.
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        p.initialize(to: sigaction())
        return p
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    private static let installed: Bool = {
        pthread_mutex_init(&lock, nil)
        _ = (table, previous)  // made before the handler can run
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = mappedFileSIGBUS
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, previous) == 0
    }()

    /// Guards `mapping` until `release` is called with it; false when no slot is free (or the
    /// handler could not be installed), and the mapping is then not guarded.
    static func guardMapping(_ mapping: UnsafeRawBufferPointer) -> Bool {
        guard installed, let base = mapping.baseAddress else { return false }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for i in 0..<slots where table[3 * i] == 0 {
            table[3 * i + 1] = UInt(bitPattern: base) + UInt(mapping.count)
            table[3 * i + 2] = 0
            table[3 * i] = UInt(bitPattern: base)
            return true
        }
        return false
    }

    /// Stops guarding `mapping` (before it is unmapped).
    static func release(_ mapping: UnsafeRawBufferPointer) {
        guard let base = mapping.baseAddress else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for i in 0..<slots where table[3 * i] == UInt(bitPattern: base) {
            table[3 * i] = 0
            table[3 * i + 1] = 0
        }
    }

    /// Whether a fault in the guarded `mapping` was patched with zero pages.
    static func wasPatched(_ mapping: UnsafeRawBufferPointer) -> Bool {
        guard let base = mapping.baseAddress else { return false }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return (0..<slots).contains { table[3 * $0] == UInt(bitPattern: base) && table[3 * $0 + 2] != 0 }
    }

    /// The handler's work: true when `address` was in a guarded mapping and zero pages now replace
    /// the rest of it from its page on. Only plain memory and a system call.
    static func patch(_ address: UInt) -> Bool {
        let pageSize = table[3 * slots]
        for i in 0..<slots {
            let start = table[3 * i], end = table[3 * i + 1]
            guard start != 0, address >= start, address < end else { continue }
            let page = address & ~(pageSize - 1)
            let p = mmap(UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            table[3 * i + 2] = 1
            return p != MAP_FAILED
        }
        return false
    }
}

/// The SIGBUS handler (a C function pointer: no captures). A fault at an address in a guarded
/// mapping (`BUS_ADRERR`, what reading past a truncated file's end raises) is patched; every other
/// SIGBUS goes to the previous action: called when it is a handler, else that action is put back
/// and a sent signal raised again (a fault meets it when the read is retried on return).
private func mappedFileSIGBUS(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if let info, info.pointee.si_code == BUS_ADRERR,
       MappedFileGuard.patch(UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)) { return }
    let old = MappedFileGuard.previous
    let sent = (info?.pointee.si_code ?? 0) <= 0
    if old.pointee.sa_flags & SA_SIGINFO != 0, let handler = old.pointee.__sigaction_handler.sa_sigaction {
        handler(signal, info, context)
        // A handler that reports and then puts the default action back (the Swift runtime's) relies
        // on the fault happening again; a sent signal does not, so it is raised again for it.
        var now = sigaction()
        if sent, sigaction(SIGBUS, nil, &now) == 0, unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) == 0 {
            raise(SIGBUS)
        }
        return
    }
    let handler = old.pointee.__sigaction_handler.sa_handler
    let raw = unsafeBitCast(handler, to: Int.self)
    if raw == 1 { return }  // SIG_IGN
    if raw != 0, let handler {  // a plain handler
        handler(signal)
        return
    }
    sigaction(SIGBUS, old, nil)  // SIG_DFL
    if sent { raise(SIGBUS) }  // not a fault: deliver it again
}
