import ScrawlCore
import ScrawlStorage

/// Revert to saved: the way to discard unsaved changes, now that a quit keeps them instead of
/// writing them into the file.
extension DocumentSession {
    /// Puts the document's file, as it is on disk now, in place of the drawing, as one undo step
    /// (undo brings the changes back, marked unsaved again); the drawing then counts as saved.
    /// Refused, with a notice saying why, for an untitled drawing, a drawing without unsaved
    /// changes, a file that cannot be read, or one whose page has changed since, and while recording
    /// (a replay holds no file to revert to). Returns whether it reverted.
    @discardableResult
    public func revert() -> Bool {
        guard !isRecording else { return refuseRevert("not while recording (--record): the replay could not reproduce it") }
        guard let documentPath else { return refuseRevert("this drawing has no file yet (ctrl+s saves it)") }
        let name = PathText.name(documentPath)
        guard hasUnsavedChanges else { return refuseRevert("\(name) has no unsaved changes") }
        let stamp = FileStamp.of(documentPath), document: Document  // before reading, as Open does
        do { document = try DocumentSession.load(documentPath) } catch {
            return refuseRevert(error.message)
        }
        guard document.canvas == editor.canvas else {
            return refuseRevert("\(name) has another page size or background now; open it again (ctrl+o) to see it")
        }
        editor.replaceAll(withLayers: document.layersWithDrawables)
        journal?.sync(with: editor.displayList)
        markSaved()
        noteFileSeen(stamp)
        recovered = false
        notify(.reverted(path: documentPath))
        return true
    }

    private func refuseRevert(_ reason: String) -> Bool {
        notify(.revertRefused(reason: reason))
        return false
    }
}
