import Foundation
import ScrawlCore
import ScrawlStorage

/// Autosave health and the quit policy: the user is told the moment autosave stops working and when
/// it works again, and a quit never closes the window before the drawing is safe somewhere.
extension WindowApp {
    /// Brings the journal up to date with the display list (one write per change), then reports
    /// any change in whether autosave works.
    func autosave() {
        journal?.sync(with: editor.displayList)
        checkAutosave()
    }

    /// Why autosave does not work now: the journal could not start, or its last write failed.
    var currentAutosaveProblem: String? {
        guard let journal else { return journalStartError.map { "autosave is off: \($0)" } ?? "autosave is off" }
        return journal.lastError
    }

    /// Says on standard error (and in the title) when autosave stops working, and when it works again.
    func checkAutosave() {
        let problem = currentAutosaveProblem
        guard problem != autosaveProblem else { return }
        if let problem {
            let reason = problem.hasPrefix("autosave: ") ? String(problem.dropFirst(10)) : problem
            printError("scrawl: autosave stopped working: \(reason); "
                       + "save with ctrl+s to keep this drawing safe")
        } else {
            print("autosave: working again")
        }
        autosaveProblem = problem
        needsRedraw = true
    }

    /// Whether the window may close now. Unsaved work is saved first, to a new file in the default
    /// save location (printing its path and why not); when that fails and autosave works, the
    /// journal keeps it for the next start (and says so); when autosave does not work either, the
    /// drawing goes to a new file in the home or temporary folder. Only when nothing could be
    /// written anywhere does the quit fail: the window stays open, saying why in its title.
    func readyToQuit() -> Bool {
        checkAutosave()
        guard hasUnsavedChanges, !editor.displayList.isEmpty || documentPath != nil else {
            return quitCleanly()
        }
        var reasons: [String] = []
        if saveForQuit(to: DocumentStore.standard.defaultSavePath(), reasons: &reasons) { return quitCleanly() }
        if autosaveProblem == nil, let journal {
            self.journal = nil
            if journal.close() {
                printError("scrawl: the drawing stays in the autosave folder and will be recovered at the next start")
                return true
            }
            printError("scrawl: \(journal.lastError ?? "autosave: the journal could not be flushed to disk")")
        }
        for folder in fallbackFolders() {
            if saveForQuit(to: DocumentStore.standard.newFilePath(in: folder), reasons: &reasons) { return quitCleanly() }
        }
        quitRefusal = "cannot save (\(reasons.first ?? "no folder")) and autosave is off; free space or fix the "
            + "folder, then quit again"
        printError("scrawl: not quitting: the drawing could not be saved anywhere "
                   + "(\(reasons.joined(separator: "; "))) and autosave is off")
        return false
    }

    /// Folders a quit falls back on when the default save location fails: home, then temporary.
    private func fallbackFolders() -> [String] {
        let env = ProcessInfo.processInfo.environment
        let temp = env["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return [XDGPaths.homeDirectory(environment: env), temp]
    }

    /// Writes the drawing to `path` for a quit; on failure adds the reason to `reasons`.
    private func saveForQuit(to path: String, reasons: inout [String]) -> Bool {
        do {
            try DocumentStore.standard.save(items: editor.displayList.items, canvas: editor.canvas, to: path)
        } catch {
            guard error.fileIsInPlace else {
                printError("scrawl: \(error)")
                reasons.append(error.reason)
                return false
            }
        }
        savedRevision = editor.displayList.revision
        print(path)
        return true
    }

    /// The drawing is safe: the journal is removed (a clean quit leaves no recovery behind).
    private func quitCleanly() -> Bool {
        journal?.markCleanExit()
        journal = nil
        quitRefusal = nil
        return true
    }
}
