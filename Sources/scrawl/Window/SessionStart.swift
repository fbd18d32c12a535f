import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// What the window starts with: an opened document, a recovered session, or a fresh canvas.
struct SessionStart {
    var canvas = CanvasSpec()
    var displayList = DisplayList()
    var documentPath: String?
    /// A crashed session whose drawing this start took over (discarded once the new journal holds it).
    var recovered: RecoveredSession?

    /// Opens `document` if given; otherwise recovers the newest crashed session, if any. With a
    /// document and a crashed session both, the crashed drawing is saved to a new file in the
    /// default save location (and its path printed) before the document opens, so nothing is lost.
    static func make(document: String?) throws -> SessionStart {
        var start = SessionStart()
        let stateDir = XDGPaths.stateDirectory(environment: ProcessInfo.processInfo.environment)
        let recovery = Journal.recoverReporting(directory: stateDir)
        for unreadable in recovery.unreadable { printError("scrawl: \(unreadable.message)") }
        let session = recovery.session
        guard let document else {
            if let session {
                start.canvas = session.canvas
                start.displayList = session.displayList
                start.recovered = session
            }
            return start
        }
        if let session { saveAside(session) }
        let opened = try DocumentCommands.open(document)
        do { try FlatteningBudget.check(opened.drawables, scale: 1) } catch {
            throw CommandFailure.badInput("\(PathText.name(document)): \(error.message)")
        }
        start.canvas = opened.canvas
        start.displayList = opened.displayList
        start.documentPath = document
        return start
    }

    /// The one line the window prints once it is open, saying what was recovered.
    var recoveryNotice: String? {
        recovered.map {
            "scrawl: recovered \($0.drawables.count) drawings from a session that did not quit cleanly"
                + ($0.imageProblems.isEmpty
                   ? ($0.foundTornRecord ? " (its last record was torn and left out)" : "")
                   : " (images lost: " + $0.imageProblems.joined(separator: "; ") + ")")
        }
    }

    /// Saves a crashed session's drawing to a new file and drops the session; keeps it on failure.
    private static func saveAside(_ session: RecoveredSession) {
        let path = DocumentStore.standard.defaultSavePath()
        do {
            try DocumentStore.standard.save(items: session.displayList.items, canvas: session.canvas, to: path)
            print("scrawl: recovered \(session.drawables.count) drawings from a session that did not quit cleanly; saved them to")
            print(path)
            session.discard()
        } catch {
            printError("scrawl: could not save the recovered drawing (\(error)); it stays in the autosave folder")
            session.release()
        }
    }
}
