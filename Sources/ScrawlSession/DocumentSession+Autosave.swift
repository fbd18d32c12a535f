import ScrawlCore
import ScrawlStorage

/// Autosave health: the user hears the moment autosave stops working and when it works again.
extension DocumentSession {
    /// Starts the autosave journal for the current drawing (dropping the previous one, which is
    /// safe elsewhere by then), then removes a recovered session's files (held until the drawing is
    /// saved when the journal cannot start).
    public func startJournal(discarding recovered: RecoveredSession? = nil) {
        journal?.markCleanExit()
        do {
            journal = try Journal(directory: environment.stateDirectory, canvas: editor.canvas, displayList: editor.displayList,
                                  documentPath: documentPath.map(DocumentSession.absolute))
            journalStartError = nil
            stampJournal()
            recovered?.discard()
        } catch {
            journal = nil
            journalStartError = "\(error)"
            if let recovered { heldRecovery = recovered }
        }
        checkAutosave()
    }

    /// Brings the journal up to date with the display list, then reports any change in its health.
    public func autosave() {
        journal?.sync(with: editor.displayList)
        journal?.recordText(editor.openText, now: environment.now().timeIntervalSinceReferenceDate)
        checkAutosave()
    }

    /// Seconds until the text being typed is due to be autosaved (`Journal.textWake`), nil when
    /// it is on disk: the window calls `autosave()` then, even when no event comes.
    public var textAutosaveWake: Double? {
        journal?.textWake(now: environment.now().timeIntervalSinceReferenceDate)
    }

    /// After a failure, tries again to write everything (the window calls this every few seconds
    /// while idle), then reports.
    public func retryAutosave() {
        journal?.retry()
        checkAutosave()
    }

    /// Why autosave does not work now: the journal could not start, or its last write failed.
    public var currentAutosaveProblem: String? {
        guard let journal else { return journalStartError.map { "autosave is off: \($0)" } ?? "autosave is off" }
        return journal.lastError
    }

    /// Notes when autosave stops working, and when it works again.
    public func checkAutosave() {
        let problem = currentAutosaveProblem
        guard problem != autosaveProblem else { return }
        if let problem {
            let reason = problem.hasPrefix("autosave: ") ? String(problem.dropFirst(10)) : problem
            notify(.autosaveStopped(reason: reason))
        } else {
            notify(.autosaveWorksAgain)
        }
        autosaveProblem = problem
    }

    /// Closes the journal with its files kept for the next start (a hot exit); false, with the
    /// journal gone and its files removed, when autosave could not promise that.
    func keepInJournal() -> Bool {
        guard autosaveProblem == nil, let journal else { return false }
        self.journal = nil
        if journal.keepForNextStart() {
            notify(.keptForNextStart(document: documentPath))
            dropAbandoned()
            return true
        }
        notify(.warning(journal.lastError ?? "autosave: the journal could not be flushed to disk"))
        abandoned.append(journal)
        return false
    }

    /// Removes the files of journals a failed hot exit closed, and of a recovered session autosave
    /// could not take over: the drawing they hold is safe now (saved to a file, or kept by a newer
    /// journal), so they must not come back as a session.
    func dropAbandoned() {
        for j in abandoned { j.markCleanExit() }
        abandoned.removeAll()
        heldRecovery?.discard()
        heldRecovery = nil
    }
}
