import ScrawlCore

/// Why a file could not be saved: the path and the system's reason. The previous file, if any,
/// is untouched when this is thrown by `AtomicFile.write`, unless `fileIsInPlace`.
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was being written.
    public var path: String
    /// What went wrong, e.g. `No space left on device (writing the temporary file)`.
    public var reason: String
    /// The new file was written and is in place; only flushing its folder to disk failed, so the
    /// save might not survive a power cut (a crash of the program is fine).
    public var fileIsInPlace: Bool

    public init(path: String, reason: String, fileIsInPlace: Bool = false) {
        self.path = path
        self.reason = reason
        self.fileIsInPlace = fileIsInPlace
    }

    /// `path: cannot save: reason`, or `path: saved, but the folder could not be synced: reason`.
    public var description: String {
        let shown = PathText.short(path)
        return fileIsInPlace ? "\(shown): saved, but the folder could not be synced: \(reason)" : "\(shown): cannot save: \(reason)"
    }
}
