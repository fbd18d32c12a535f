import ScrawlCore

/// What `Journal.recoverReporting(directory:)` found: the session to recover, if any, and the
/// sessions it could not read and left on disk (to be reported, never silently skipped).
public struct RecoveryResult {
    /// The newest crashed session that could be replayed.
    public var session: RecoveredSession?
    /// Crashed sessions that could not be read, newest first; their files are left as they are.
    public var unreadable: [UnreadableSession]
}

/// A crashed autosave session that could not be read: where it is and why.
public struct UnreadableSession: Hashable, Sendable {
    /// The session folder.
    public var path: String
    /// Why it could not be read, e.g. `journal-3.log: the file is larger than 256 MiB`.
    public var reason: String

    /// `autosave session PATH could not be read (REASON); it was left there`.
    public var message: String { "autosave session \(PathText.short(path)) could not be read (\(reason)); it was left there" }
}
