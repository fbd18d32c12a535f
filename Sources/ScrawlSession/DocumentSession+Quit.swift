import ScrawlCore
import ScrawlStorage

/// The quit policy: a quit never asks and never litters, and never closes the window before the
/// drawing is safe somewhere.
extension DocumentSession {
    /// Whether the window may close now. Unsaved changes stay in the autosave folder and come
    /// back at the next start (a hot exit, as VS Code and the GNOME apps do): an untitled
    /// drawing's, and a document's, whose file is left as it was last saved (ctrl+s writes them,
    /// Revert to saved drops them). An untitled drawing with nothing shown and nothing to undo is
    /// not kept. When autosave cannot keep the drawing, it goes where it can: a document's own
    /// file, then a new file in the pictures folder, the home folder, the temporary folder. Only
    /// when nothing could be written anywhere is the quit refused (`quitRefusal` says why).
    public func quit() -> Bool {
        editor.commitText()  // the text being typed is part of the drawing a quit keeps
        journal?.sync(with: editor.displayList)
        checkAutosave()
        guard hasUnsavedChanges, !isBlankUntitled else { return quitCleanly() }
        if keepInJournal() { return true }
        var reasons: [String] = []
        if let documentPath, saveForQuit(to: documentPath, inPlace: true, reasons: &reasons) { return quitCleanly() }
        for path in [environment.defaultSavePath()] + environment.fallbackFolders.map(environment.newFilePath) {
            if saveForQuit(to: path, reasons: &reasons) { return quitCleanly() }
        }
        if journal == nil, !abandoned.isEmpty { startJournal() }  // autosave goes on after a failed hot exit
        let first = reasons.first ?? "no folder"
        quitRefusal = "cannot save (\(first)) and autosave could not keep it; free space or fix the folder, then quit again"
        notify(.quitRefused(reason: "the drawing could not be saved anywhere (\(reasons.joined(separator: "; "))) "
                            + "and autosave could not keep it"))
        return false
    }

    /// Writes the drawing to `path` for a quit (`inPlace`: the document's file, see `saveInPlace`);
    /// on failure adds the reason to `reasons`.
    private func saveForQuit(to path: String, inPlace: Bool = false, reasons: inout [String]) -> Bool {
        if inPlace ? saveInPlace(path) : write(to: path) { return true }
        reasons.append(pendingFailureReason ?? "cannot save \(PathText.short(path))")
        return false
    }

    /// The reason of the last failed save among the pending notices.
    private var pendingFailureReason: String? {
        for notice in peekNotices().reversed() {
            if case .saveFailed(_, let reason, _) = notice { return reason }
        }
        return nil
    }

    /// The drawing is safe: the journal and any abandoned one are removed (a clean quit leaves no
    /// recovery behind).
    private func quitCleanly() -> Bool {
        journal?.markCleanExit()
        journal = nil
        dropAbandoned()
        quitRefusal = nil
        return true
    }
}
