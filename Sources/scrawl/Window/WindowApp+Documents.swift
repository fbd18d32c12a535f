import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Saving, opening by drop, autosave to the journal, and never losing a drawing on quit.
extension WindowApp {
    var hasUnsavedChanges: Bool { savedRevision != editor.displayList.revision }

    /// Starts the autosave journal for the current drawing (then drops a recovered session's files).
    func startJournal(discarding recovered: RecoveredSession? = nil) {
        journal?.markCleanExit()
        let dir = XDGPaths.stateDirectory(environment: ProcessInfo.processInfo.environment)
        do {
            journal = try Journal(directory: dir, canvas: editor.canvas, displayList: editor.displayList)
            journalStartError = nil
            recovered?.discard()
        } catch {
            journal = nil
            journalStartError = "\(error)"
            recovered?.release()
        }
        checkAutosave()
    }

    /// `ctrl+s`: saves to the open document, or to a new file in the pictures folder; with `png`
    /// (`ctrl+shift+s`) also writes a PNG beside it. Prints the path on standard output.
    func save(png: Bool) {
        let path = documentPath ?? DocumentStore.standard.defaultSavePath()
        guard write(to: path) else { return }
        documentPath = path
        if png { writePNG(beside: path) }
        needsRedraw = true
    }

    /// Writes the drawing to `path`; prints the path, or the reason it failed (keeping the old file).
    @discardableResult
    func write(to path: String) -> Bool {
        do {
            try DocumentStore.standard.save(items: editor.displayList.items, canvas: editor.canvas, to: path)
        } catch {
            printError("scrawl: \(error)")
            guard error.fileIsInPlace else {
                toast("Could not save: \(error) — your drawing is safe in the autosave journal", error: true)
                return false
            }
        }
        savedRevision = editor.displayList.revision
        print(path)
        toast("Saved to " + WindowApp.homeRelative(path))
        return true
    }

    /// `path` with the home folder shown as `~`, for messages in the window.
    static func homeRelative(_ path: String) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        guard !home.isEmpty, path.hasPrefix(home + "/") else { return PathText.short(path) }
        return "~" + PathText.short(String(path.dropFirst(home.count)))
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
            print(path)
        } catch {
            printError("scrawl: cannot write \(path): \(error)")
        }
    }

    /// Files dropped on the window: a `.scrawl` document is opened, a PNG becomes the stamp image.
    func dropped(_ paths: [String]) {
        for path in paths {
            if path.lowercased().hasSuffix(".png") {
                do {
                    editor.stampImage = try PNGCodec.read(path: path)
                    print("scrawl: stamp image \(path)")
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

    /// Opens a document in place of the current drawing, saving unsaved changes first.
    func open(_ path: String) {
        let document: Document
        do {
            document = try DocumentStore.standard.open(path)
            try FlatteningBudget.check(document.drawables, scale: 1)
        } catch let error as DocumentError {
            printError("scrawl: " + error.message(file: path))
            return
        } catch let error as FlatteningBudget.Exceeded {
            printError("scrawl: \(path): \(error.message)")
            return
        } catch {
            printError("scrawl: \(path): \(error)")
            return
        }
        if hasUnsavedChanges, !editor.displayList.isEmpty {
            guard write(to: DocumentStore.standard.defaultSavePath()) else { return }
        }
        editor = Editor(canvas: document.canvas, seed: UInt64(Date().timeIntervalSince1970 * 1000), stampImage: editor.stampImage,
                        displayList: document.displayList)
        editor.selectionDecoder = WindowApp.decodeSelection
        documentPath = path
        recovered = false
        savedRevision = editor.displayList.revision
        graphics?.reset()
        viewStarted = false
        startJournal()
    }
}
