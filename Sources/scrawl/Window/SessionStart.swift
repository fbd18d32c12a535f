import Foundation
import ScrawlCore
import ScrawlGL

/// What the window starts with: an opened document, a recovered session, or a fresh canvas.
struct SessionStart {
    var canvas = CanvasSpec()
    var displayList = DisplayList()
    var documentPath: String?
    /// A crashed session whose drawing this start took over (discarded once the new journal holds it).
    var recovered: RecoveredSession?

    /// Opens `document` if given; otherwise recovers the newest crashed session, if any.
    static func make(document: String?) throws -> SessionStart {
        var start = SessionStart()
        if let document {
            let opened = try DocumentCommands.open(document)
            start.canvas = opened.canvas
            start.displayList = DisplayList(drawables: opened.drawables)
            start.documentPath = document
            return start
        }
        let stateDir = XDGPaths.stateDirectory(environment: ProcessInfo.processInfo.environment)
        if let session = Journal.recover(directory: stateDir) {
            start.canvas = session.canvas
            start.displayList = session.displayList
            start.recovered = session
            print("scrawl: recovered \(session.drawables.count) drawings from a session that did not quit cleanly"
                  + (session.foundTornRecord ? " (its last record was torn and left out)" : ""))
        }
        return start
    }
}
