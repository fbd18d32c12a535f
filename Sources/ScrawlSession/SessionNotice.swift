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
    case recovered(count: Int, document: String?, detail: String?)
    /// A recovered drawing is not tied to the file its session named (`reason`: the file changed
    /// since, or the name is not one scrawl saves to): it comes back untitled.
    case recoveredAsUntitled(path: String, reason: String)
    /// The drawing kept at the last quit (a hot exit) is back.
    case hotExitRestored(count: Int, document: String?)
    /// The untitled drawing stays in the autosave folder and comes back at the next start.
    case keptForNextStart
    /// An earlier session (a crash, or a drawing kept at a quit) was left for a start without a file
    /// (this start opened another file).
    case sessionKept(count: Int)
    /// `scrawl NEW.scrawl` for a file that does not exist: an empty drawing that saves there.
    case newDocument(path: String)
    /// A picture became the Image tool's stamp.
    case stamp(path: String)
    /// A PNG or SVG was written.
    case exported(path: String)
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
    case recordingOmitsStart(count: Int)
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
            return "recovered: \(Self.drawings(n)) from a session that did not quit cleanly"
                + (document.map { " (\(PathText.short($0)))" } ?? "") + (detail.map { " \($0)" } ?? "")
        case .hotExitRestored(let n, let document):
            return "restored: \(Self.drawings(n)) kept at the last quit" + (document.map { " (\(PathText.short($0)))" } ?? "")
        case .keptForNextStart: return "kept: the drawing stays in the autosave folder and comes back at the next start"
        case .sessionKept(let n):
            return "kept: \(Self.drawings(n)) from an earlier session, in the autosave folder; "
                + "start scrawl without a file to get \(n == 1 ? "it" : "them") back"
        case .newDocument(let path): return "new: \(PathText.short(path)) (ctrl+s saves it there)"
        case .stamp(let path): return "stamp: \(PathText.short(path))"
        case .exported(let path): return "exported: \(PathText.short(path))"
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
            return "the recording holds only this session's input: replaying it does not redraw the \(n) drawings the session started with"
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
            return ("Recovered \(Self.drawings(n)) from the last session" + (document.map { " as " + PathText.name($0) } ?? "")
                    + (detail.map { " " + $0 } ?? ""), detail != nil)
        case .recoveredAsUntitled(let path, let reason):
            return ("\(PathText.name(path)) \(reason); recovered as an untitled drawing", true)
        case .hotExitRestored(let n, let document):
            return ("Your unsaved drawing is back (\(Self.drawings(n)), with its undo history)"
                    + (document.map { " — " + PathText.name($0) + " is not saved yet" } ?? ""), false)
        case .sessionKept(let n):
            return ("\(Self.drawings(n)) from an earlier session \(n == 1 ? "is" : "are") kept; "
                    + "start Scrawl without a file to get \(n == 1 ? "it" : "them") back", false)
        case .newDocument(let path): return ("New drawing: ctrl+s saves it as " + home(path), false)
        case .stamp(let path): return ("Stamp image: \(PathText.name(path)) — the Image tool (i) places it", false)
        case .exported(let path): return ("Exported " + home(path), false)
        case .autosaveStopped(let reason): return ("Autosave stopped: \(reason) — save with ctrl+s", true)
        case .quitRefused(let reason): return ("Not quitting: \(reason)", true)
        case .settingsProblem(_, let broken):
            return broken ? ("Settings were broken; the defaults are used", true) : ("Some settings were not usable", false)
        case .openRefusedWhileRecording: return ("Open is not available while recording", true)
        default: return nil
        }
    }

    /// `1 drawing`, `3 drawings`.
    static func drawings(_ n: Int) -> String { "\(n) drawing\(n == 1 ? "" : "s")" }
}
