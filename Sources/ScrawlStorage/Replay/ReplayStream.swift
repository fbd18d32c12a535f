#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrawlCore

/// A replay file decoded in two streaming passes, so that neither its events nor its bytes stay in
/// memory: `init` validates the whole file exactly as `Replay.loadRecording` does (the same errors,
/// the same rule for a recording cut mid-event) without building any event (`Replay.check`); `play`
/// decodes it again and hands each event on as it is decoded. A regular file is mapped read-only and
/// the pages each pass has read are dropped as it goes; anything else is read whole as `Replay.load` reads it.
public final class ReplayStream {
    /// The replay's version, canvas, seed and stamp; its `events` is empty.
    public let header: Replay
    /// How many events `play` hands on.
    public let eventCount: Int
    /// Whether the file ends inside an event (see `Replay.loadRecording`): `play` gives the complete ones.
    public let truncated: Bool
    private let bytes: ReplayBytes

    /// Opens and validates the replay at `path`; throws what `Replay.loadRecording(path:)` throws.
    public init(path: String) throws(ReplayError) {
        bytes = try ReplayBytes(path: path)
        (header, eventCount, truncated) = try ReplayStream.validate(bytes)
    }

    /// Decodes the events again and calls `body` with each in order. The file was validated, so
    /// this throws only if it changed in between (nothing is handed on after the problem then).
    public func play(_ body: @escaping (InputEvent) -> Void) throws(ReplayError) {
        _ = try bytes.decode(allowTruncatedEvents: truncated, body)
    }

    /// Strict first; input that is not complete JSON is tried again as a cut recording, and the
    /// strict error stands when that fails too. Only checks: no event is built.
    private static func validate(_ bytes: ReplayBytes) throws(ReplayError) -> (Replay, Int, Bool) {
        do {
            let (replay, count) = try bytes.check(allowTruncatedEvents: false)
            return (replay, count, false)
        } catch {
            guard case .invalidJSON = error,
                  let cut = try? bytes.check(allowTruncatedEvents: true) else { throw error }
            return (cut.replay, cut.eventCount, true)
        }
    }
}

/// The bytes of a replay file: a private read-only mapping whose decoded pages are released as a
/// pass goes on (they are read again from the page cache if touched again), or a whole-file read.
final class ReplayBytes {
    private let mapped: UnsafeRawBufferPointer?
    private let owned: [UInt8]
    /// The mapped file, kept open to see whether it changed: its descriptor, size and change time.
    private let file: (fd: Int32, stat: stat)?
    /// The mapped bytes below this offset have been released in the current pass.
    private var released = 0
    /// Pages are released a MiB at a time, a MiB behind the decoder.
    private static let step = 1 << 20
    /// The system's page size.
    private static let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)

    init(path: String) throws(ReplayError) {
        let m = ReplayBytes.map(path)
        mapped = m?.bytes
        file = m?.file
        owned = m == nil ? try ReplayFileIO.read(path: path) : []
        if let mapped { _ = MappedFileGuard.guardMapping(mapped) }
    }

    deinit {
        if let mapped {
            MappedFileGuard.release(mapped)
            munmap(UnsafeMutableRawPointer(mutating: mapped.baseAddress), mapped.count)
        }
        if let file { _ = close(file.fd) }
    }

    /// Throws when the mapped file was replaced, changed size, or was modified since it was mapped,
    /// or when part of it could not be read (a truncated file reads as zero bytes past its new end,
    /// as does a page the system failed to read: see `MappedFileGuard`).
    private func checkUnchanged() throws(ReplayError) {
        guard let file, let mapped else { return }
        var st = stat()
        let was = file.stat
        guard fstat(file.fd, &st) == 0, st.st_size == was.st_size, st.st_ino == was.st_ino,
              st.st_mtim.tv_sec == was.st_mtim.tv_sec, st.st_mtim.tv_nsec == was.st_mtim.tv_nsec,
              st.st_ctim.tv_sec == was.st_ctim.tv_sec, st.st_ctim.tv_nsec == was.st_ctim.tv_nsec else {
            throw .unreadable(reason: "it changed while it was being read")
        }
        if MappedFileGuard.wasPatched(mapped) { throw .unreadable(reason: "part of it could not be read") }
    }

    /// `Replay.decode` over the bytes, handing each event to `body`.
    func decode(allowTruncatedEvents: Bool, _ body: @escaping (InputEvent) -> Void) throws(ReplayError)
        -> (replay: Replay, eventCount: Int) {
        try pass { (buffer, release) throws(ReplayError) in
            try Replay.decode(buffer, allowTruncatedEvents: allowTruncatedEvents) { event, offset in
                body(event)
                release(offset)
            }
        }
    }

    /// `Replay.check` over the bytes: the same errors as `decode`, no event built.
    func check(allowTruncatedEvents: Bool) throws(ReplayError) -> (replay: Replay, eventCount: Int) {
        try pass { (buffer, release) throws(ReplayError) in
            try Replay.check(buffer, allowTruncatedEvents: allowTruncatedEvents, progress: release)
        }
    }

    /// One pass over the bytes: `body` gets them and a function to call with the offset reached
    /// (it releases the mapped pages behind it; it does nothing for bytes read whole).
    private func pass<R>(_ body: (UnsafeBufferPointer<UInt8>, @escaping (Int) -> Void) throws(ReplayError) -> R)
        throws(ReplayError) -> R {
        guard let mapped else {
            return try owned.withUnsafeBufferPointer { (buffer) throws(ReplayError) in try body(buffer) { _ in } }
        }
        released = 0
        let result: R
        do {
            result = try body(mapped.assumingMemoryBound(to: UInt8.self)) { offset in self.release(upTo: offset) }
        } catch {
            try checkUnchanged()  // a file that changed explains the error better than the bytes do
            throw error
        }
        try checkUnchanged()
        return result
    }

    /// Drops the mapped pages more than `step` behind `offset`, once a whole `step` of them is due.
    private func release(upTo offset: Int) {
        guard let base = mapped?.baseAddress else { return }
        let end = (offset - ReplayBytes.step) / ReplayBytes.page * ReplayBytes.page
        guard end - released >= ReplayBytes.step else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, Int32(MADV_DONTNEED))
        released = end
    }

    /// Maps a non-empty regular file within `ReplayFileIO.maxFileSize` and keeps it open; nil for
    /// anything else (or when mapping fails), which is then read whole so that its errors read as
    /// before (a FIFO or a device is refused by `PosixIO.openRegularFile` without waiting on it).
    private static func map(_ path: String) -> (bytes: UnsafeRawBufferPointer, file: (fd: Int32, stat: stat))? {
        guard case .success(let (fd, st)) = PosixIO.openRegularFile(path) else { return nil }
        guard st.st_size > 0, Int64(st.st_size) <= Int64(ReplayFileIO.maxFileSize),
              let p = mmap(nil, Int(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            _ = close(fd)
            return nil
        }
        let count = Int(st.st_size)
        return (UnsafeRawBufferPointer(start: p, count: count), (fd, st))
    }
}
