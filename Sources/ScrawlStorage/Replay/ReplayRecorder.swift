import ScrawlCore

/// Appends input events to a replay file as they happen, one line and one write(2) per event, so a
/// crash loses at most the event being written. Such an unterminated file reads back with
/// `Replay.parse(_:allowTruncatedEvents: true)`. A finished file is identical to
/// `Replay.encoded()`. Not thread-safe: use it from one thread.
public final class ReplayRecorder {
    /// The file being written.
    public let path: String
    private var fd: Int32
    /// The open replay object and events array; drained by every write.
    private var writer = JSONWriter()

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, canvas: CanvasSpec, seed: UInt64, stamp: String? = nil) throws(ReplayWriteError) {
        self.path = path
        fd = try ReplayFileIO.create(path: path)
        ReplayEncoding.begin(version: Replay.currentVersion, canvas: canvas, seed: seed, stamp: stamp, into: &writer)
        do {
            try flush()
        } catch {
            _ = closeDescriptor()
            throw error
        }
    }

    /// Appends one event as one line, written immediately.
    public func record(_ event: InputEvent) throws(ReplayWriteError) {
        guard fd >= 0 else { throw ReplayWriteError(path: path, reason: "the recorder is closed") }
        ReplayEncoding.event(event, into: &writer)
        try flush()
    }

    /// Writes the closing `]}` and closes the file; later calls do nothing.
    public func close() throws(ReplayWriteError) {
        guard fd >= 0 else { return }
        defer { _ = closeDescriptor() }
        ReplayEncoding.finish(into: &writer)
        try flush()
    }

    /// Writes what the writer holds with one write(2).
    private func flush() throws(ReplayWriteError) {
        try ReplayFileIO.write(writer.takeBytes(), to: fd, path: path)
    }

    /// Finishes the file if `close()` was never called (best effort).
    deinit {
        try? close()
    }

    private func closeDescriptor() -> Int32 {
        let result = PosixIO.closeFile(fd)
        fd = -1
        return result
    }
}
