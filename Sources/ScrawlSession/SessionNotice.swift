import ScrawlCore

/// Something a session tells its user. The session returns these as values; the window turns each
/// into a line on standard output or error (prefixed with what it is) and a toast.
public enum SessionNotice: Hashable, Sendable {
    /// The drawing was written to `path` (ctrl+s, Save As, a quit).
    case saved(path: String)
    /// Saved, but the folder could not be flushed to disk (`reason`): the file is in place.
    case savedUnsynced(path: String, reason: String)
    /// The document's file changed since this session opened or saved it (another window or program
    /// saved it): the save went to the sibling `savedAs` instead of overwriting it.
    case changedSince(path: String, savedAs: String)
    /// A save failed; `safeInJournal` when autosave still holds the drawing.
    case saveFailed(path: String, reason: String, safeInJournal: Bool)
    /// A document could not be opened (`reason` names the file).
    case openFailed(reason: String)
    /// A crashed session's drawing was recovered, as `document` when it belonged to one.
    case recovered(count: DrawingCount, document: String?, detail: String?)
    /// A recovered drawing is not tied to the file its session named (`reason`: the file changed
    /// since, or the name is not one scrawl saves to): it comes back untitled.
    case recoveredAsUntitled(path: String, reason: String)
    /// The drawing kept at the last quit (a hot exit) is back.
    case hotExitRestored(count: DrawingCount, document: String?)
    /// The drawing stays in the autosave folder and comes back at the next start: an untitled one,
    /// or the unsaved changes to `document`, whose file was left as it was saved.
    case keptForNextStart(document: String?)
    /// An earlier session (a crash, or a drawing kept at a quit) was left for a start without a file
    /// (this start opened another file).
    case sessionKept(count: DrawingCount)
    /// `scrawl NEW.scrawl` for a file that does not exist: an empty drawing that saves there.
    case newDocument(path: String)
    /// A picture became the Image tool's stamp.
    case stamp(path: String)
    /// A PNG or SVG was written; `what` says what it shows ("the selection (2 strokes)").
    case exported(path: String, what: String? = nil)
    /// Revert to saved put the document's file back in place of the unsaved changes (undo brings
    /// them back).
    case reverted(path: String)
    /// Revert to saved did nothing: `reason` says why (no file, no unsaved changes, unreadable).
    case revertRefused(reason: String)
    /// Open named the file being edited, which has unsaved changes: they stay, as they are.
    case alreadyOpen(path: String)
    /// Autosave stopped working (`reason`), or works again.
    case autosaveStopped(reason: String)
    case autosaveWorksAgain
    /// A quit could not save the drawing anywhere: the window stays open.
    case quitRefused(reason: String)
    /// A crashed session that could not be read, left on disk.
    case unreadableSession(message: String)
    /// The settings file had something unusable (`message` names the file and what); `broken`
    /// when none of it was usable and the defaults are in use.
    case settingsProblem(message: String, broken: Bool)
    /// Settings could not be written (said once until a write works again).
    case settingsNotSaved(reason: String)
    /// Open (ctrl+o, a dropped document) was refused: the session is recording (`--record`), and
    /// a replay starts from one drawing, so it could not reproduce a swap to another.
    case openRefusedWhileRecording
    /// The recording starts after the `count` drawings the session started with.
    case recordingOmitsStart(count: DrawingCount)
    /// Writing the recording failed (`reason`): it stops, and the session goes on.
    case recordingStopped(reason: String)
    /// A picture became the stamp, but the recording names the stamp it started with.
    case stampNotRecorded(path: String)
    /// Anything else worth a line on standard error.
    case warning(String)

    /// The line for standard output, prefixed with what it is (`saved: PATH`), or nil.
    public var standardOutput: String? {
        switch self {
        case .saved(let path), .savedUnsynced(let path, _): return "saved: \(PathText.short(path))"
        case .recovered(let n, let document, let detail):
            return "recovered: \(n.text) from a session that did not quit cleanly"
                + (document.map { " (\(PathText.short($0)))" } ?? "") + (detail.map { " \($0)" } ?? "")
        case .hotExitRestored(let n, let document):
            let what = n.isEmpty ? "the drawing kept at the last quit, with nothing shown (ctrl+z brings back what was removed)"
                : "\(n.text) kept at the last quit"
            return "restored: " + what + (document.map { " (\(PathText.short($0)))" } ?? "")
        case .keptForNextStart(nil): return "kept: the drawing stays in the autosave folder and comes back at the next start"
        case .keptForNextStart(let document?):
            return "kept: the unsaved changes to \(PathText.short(document)) stay in the autosave folder (the file is as last saved); "
                + "they come back at the next start or when it is opened again (ctrl+s saves them, ctrl+r reverts)"
        case .sessionKept(let n):
            return "kept: \(n.text) from an earlier session, in the autosave folder; "
                + "start scrawl without a file to get \(n.total == 1 ? "it" : "them") back"
        case .newDocument(let path): return "new: \(PathText.short(path)) (ctrl+s saves it there)"
        case .stamp(let path): return "stamp: \(PathText.short(path))"
        case .exported(let path, _): return "exported: \(PathText.short(path))"
        case .reverted(let path): return "reverted: \(PathText.short(path)) (ctrl+z brings the changes back)"
        case .autosaveWorksAgain: return "autosave: working again"
        default: return nil
        }
    }

    /// The line for standard error (after `scrawl: `), or nil.
    public var standardError: String? {
        switch self {
        case .savedUnsynced(let path, let reason): return "\(PathText.short(path)): saved, but the folder could not be synced: \(reason)"
        case .saveFailed(let path, let reason, _): return "\(PathText.short(path)): cannot save: \(reason)"
        case .changedSince(let path, let sibling):
            return "\(PathText.short(path)): changed since this window opened or saved it; saved as \(PathText.name(sibling)) instead"
        case .openFailed(let reason): return reason
        case .revertRefused(let reason): return "not reverted: \(reason)"
        case .recoveredAsUntitled(let path, let reason):
            return "\(PathText.short(path)): \(reason); recovered as an untitled drawing"
        case .autosaveStopped(let reason):
            return "autosave stopped working: \(reason); save with ctrl+s to keep this drawing safe"
        case .quitRefused(let reason): return "not quitting: \(reason)"
        case .unreadableSession(let message): return message
        case .settingsProblem(let message, _): return message
        case .settingsNotSaved(let reason): return "settings not saved: \(reason)"
        case .openRefusedWhileRecording:
            return "Open is not available while recording (--record): the replay could not reproduce it"
        case .recordingOmitsStart(let n):
            return "the recording holds only this session's input: replaying it does not redraw the \(n.text) the session started with"
        case .recordingStopped(let reason): return "\(reason); recording stopped"
        case .stampNotRecorded(let path): return "the recording names the stamp it started with, not \(PathText.short(path))"
        case .warning(let text): return text
        default: return nil
        }
    }

    /// The toast the window shows (`home` shortens paths to `~/…`), and whether it is an error.
    public func toast(_ environment: SessionEnvironment) -> (text: String, isError: Bool)? {
        let home = environment.homeRelative
        switch self {
        case .saved(let path), .savedUnsynced(let path, _): return ("Saved to " + home(path), false)
        case .saveFailed(_, let reason, let safe):
            return ("Could not save: \(reason)" + (safe ? " — your drawing is safe in the autosave journal" : ""), true)
        case .openFailed(let reason): return ("Could not open: \(reason)", true)
        case .changedSince(let path, let sibling):
            return ("\(PathText.name(path)) was changed by another program; saved as \(PathText.name(sibling)) instead", true)
        case .recovered(let n, let document, let detail):
            // Something lost stays on screen (as errors do) until the next click or key.
            return ("Recovered \(n.text) from the last session" + (document.map { " as " + PathText.name($0) } ?? "")
                    + (detail.map { " " + $0 } ?? ""), detail != nil)
        case .recoveredAsUntitled(let path, let reason):
            return ("\(PathText.name(path)) \(reason); recovered as an untitled drawing", true)
        case .hotExitRestored(let n, let document):
            let what = n.isEmpty ? "nothing is shown; ctrl+z brings back what was removed" : "\(n.text), with the undo history"
            return ((document == nil ? "Your unsaved drawing is back (" : "Your unsaved changes are back (") + what + ")"
                    + (document.map { " — " + PathText.name($0) + " is not saved yet: ctrl+s saves, ctrl+r reverts" } ?? ""), false)
        case .keptForNextStart(let document?):
            return ("Your unsaved changes to \(PathText.name(document)) are kept (the file is as last saved); "
                    + "opening it again brings them back", false)
        case .sessionKept(let n):
            return ("\(n.text) from an earlier session \(n.total == 1 ? "is" : "are") kept; "
                    + "start Scrawl without a file to get \(n.total == 1 ? "it" : "them") back", false)
        case .newDocument(let path): return ("New drawing: ctrl+s saves it as " + home(path), false)
        case .stamp(let path): return ("Stamp image: \(PathText.name(path)) — the Image tool (i) places it", false)
        case .exported(let path, let what): return ("Exported " + (what.map { $0 + " to " } ?? "") + home(path), false)
        case .reverted(let path): return ("Reverted to the saved \(PathText.name(path)) — ctrl+z brings your changes back", false)
        case .revertRefused(let reason): return ("Not reverted: " + reason, true)
        case .alreadyOpen(let path):
            return ("\(PathText.name(path)) is open already, with unsaved changes: ctrl+s saves them, ctrl+r reverts to the file", false)
        case .autosaveStopped(let reason): return ("Autosave stopped: \(reason) — save with ctrl+s", true)
        case .quitRefused(let reason): return ("Not quitting: \(reason)", true)
        case .settingsProblem(_, let broken):
            return broken ? ("Settings were broken; the defaults are used", true) : ("Some settings were not usable", false)
        case .openRefusedWhileRecording: return ("Open is not available while recording", true)
        default: return nil
        }
    }

    /// `1 stroke or image`, `3 strokes or images`: drawings lost, whose kind is not known any more.
    static func lost(_ n: Int) -> String { "\(n) \(n == 1 ? "stroke or image" : "strokes or images")" }
}
