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

    /// `ctrl+s`: saves to the open document, or to a new file in the pictures folder; with `png`
    /// (`ctrl+shift+s`) also writes a PNG beside it.
    func save(png: Bool) {
        let saved = session.save()
        deliverNotices()
        if saved, png, let path = documentPath { writePNG(beside: path) }
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

    /// Opens a document in place of the current drawing (the current one is made safe first).
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

    /// Renders the committed drawables at scale 1 into a PNG beside the document.
    func writePNG(beside document: String) {
        guard let g = graphics else { return }
        let path = DocumentStore.pngPath(forDocument: document)
        do {
            let canvas = try CanvasBaker(renderer: g.renderer, canvas: editor.canvas, scale: 1)
            canvas.sync(editor.displayList.items)
            let t = canvas.target
            try PNGCodec.write(rgba: g.renderer.readPixels(t), width: t.width, height: t.height, to: path)
            show(.exported(path: path))
        } catch {
            printError("scrawl: cannot write \(path): \(error)")
        }
    }

    /// Files dropped on the window: a PNG becomes the stamp image, anything else is opened as a document.
    func dropped(_ paths: [String]) {
        for path in paths {
            if path.lowercased().hasSuffix(".png") {
                do {
                    editor.stampImage = try PNGCodec.read(path: path)
                    show(.stamp(path: path))
                    if recorder != nil { printError("scrawl: the recording names the stamp it started with, not \(path)") }
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
