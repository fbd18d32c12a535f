import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlSession
import ScrawlStorage

/// Saving, opening by drop and the PNG beside a document: thin wrappers over the session's policy,
/// whose notices become lines on standard output or error and toasts.
extension WindowApp {
    var hasUnsavedChanges: Bool { session.hasUnsavedChanges }

    /// `ctrl+s`: saves to the open document; an untitled drawing asks for a name first (Save As,
    /// the chooser suggesting a new file named by date and time in the pictures folder).
    func save() {
        if documentPath == nil { return chooseFile(.saveAs) }
        session.save()
        deliverNotices()
        needsRedraw = true
    }

    /// Writes the drawing to `path` (the previous file stays intact on failure); says where or why not.
    @discardableResult
    func write(to path: String) -> Bool {
        let ok = session.write(to: path)
        deliverNotices()
        needsRedraw = true
        return ok
    }

    /// Opens a document in place of the current drawing (the current one is made safe first;
    /// the session refuses while recording).
    func open(_ path: String) {
        if session.open(path) {
            graphics?.reset()
            viewStarted = false
        }
        deliverNotices()
        needsRedraw = true
    }

    /// Shows the session's notices: each as a prefixed line on standard output or error, and a toast.
    func deliverNotices() {
        for notice in session.takeNotices() { show(notice) }
    }

    /// One notice as a prefixed line on standard output or error, and a toast.
    func show(_ notice: SessionNotice) {
        if let line = notice.standardOutput { print(line) }
        if let line = notice.standardError { printError("scrawl: " + line) }
        if let (text, isError) = notice.toast(session.environment) { toast(text, error: isError) }
    }

    /// Files dropped on the window: a PNG becomes the stamp image, anything else is opened as a document.
    func dropped(_ paths: [String]) {
        for path in paths {
            if PNGCodec.hasSignature(path: path) {  // a picture by its content, as on the command line
                do {
                    session.useStamp(try PNGCodec.read(path: path), from: path)
                    deliverNotices()
                } catch {
                    printError("scrawl: \(error)")
                }
            } else {
                open(path)
            }
        }
        needsRedraw = true
    }
}
