import Foundation
import ScrawlCore
import ScrawlSession

/// Autosave health and the quit policy, as the session decides them; the window shows what it says.
extension WindowApp {
    /// Brings the journal up to date with the display list (one write per change), then shows any
    /// change in whether autosave works.
    func autosave() {
        let before = session.autosaveProblem
        session.autosave()
        if session.autosaveProblem != before { needsRedraw = true }
        deliverNotices()
    }

    /// Whether the window may close now (see `DocumentSession.quit`): when not, the title says why.
    func readyToQuit() -> Bool {
        let ready = session.quit()
        deliverNotices()
        return ready
    }
}
