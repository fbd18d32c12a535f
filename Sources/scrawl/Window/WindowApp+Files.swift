import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// The window's external file chooser (one stored property of WindowApp).
final class FilesState {
    /// The external chooser running now.
    var chooser: FileChooser?
    /// The in-window prompt cannot be drawn (no font); said once.
    var toldNoFont = false
}

/// Open (`ctrl+o`), Save As (`ctrl+shift+s`, and the first `ctrl+s` of an untitled drawing) and
/// Export (`ctrl+e`, `ctrl+alt+e`) through a file chooser: the desktop portal, zenity or kdialog
/// on a background thread, else a path prompt drawn in the window.
extension WindowApp {
    /// Asks for a file for `purpose`. A chooser still open is closed first (it may be stuck); Open
    /// is not asked for when the session would refuse it (while recording).
    func chooseFile(_ purpose: FilePurpose) {
        if purpose == .open, !session.mayOpen() { deliverNotices(); return }
        guard ui.prompt == nil else {
            toast("A file chooser is already open")
            return
        }
        serviceChooser()
        if let old = files.chooser {
            old.stop(waiting: false)  // its answer, if any, is dropped: the new request replaces it
            files.chooser = nil
        }
        let request = FileRequest(purpose: purpose, suggestion: suggestedPath(purpose), parentWindow: parentWindow())
        let programs = FileChooser.programs(environment: ProcessInfo.processInfo.environment)
        if programs.isEmpty {
            openPrompt(request)
        } else {
            let chooser = FileChooser(request: request, programs: programs)
            files.chooser = chooser
            chooser.start()
        }
    }

    /// The window as the portal names a dialog's parent: `x11:XID` (hexadecimal), from GLFW's X11
    /// window when the library has one (looked up at run time: its native header is not imported).
    func parentWindow() -> String {
        typealias X11Window = @convention(c) (OpaquePointer?) -> UInt
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "glfwGetX11Window") else { return "" }
        let xid = unsafeBitCast(symbol, to: X11Window.self)(window)
        return xid == 0 ? "" : "x11:" + String(xid, radix: 16)
    }

    /// Where the chooser starts: the open document's folder (or name), else the pictures folder.
    func suggestedPath(_ purpose: FilePurpose) -> String {
        let document = documentPath ?? session.environment.defaultSavePath()
        switch purpose {
        case .open, .insertImage: return (document as NSString).deletingLastPathComponent + "/"
        case .saveAs: return document
        case .export: return DocumentStore.pngPath(forDocument: document)
        }
    }

    /// Called once per turn of the run loop: takes a finished chooser's answer and writes settings
    /// that have been waiting long enough.
    func serviceFiles() {
        serviceChooser()
        serviceSettings()
    }

    /// Acts on a finished chooser's answer, if there is one.
    func serviceChooser() {
        guard let chooser = files.chooser, let outcome = chooser.outcome else { return }
        files.chooser = nil
        switch outcome {
        case .chosen(let path): chosenOutside(path, for: chooser.request.purpose)
        case .cancelled: break
        case .unavailable(let why):
            if let why { printError("scrawl: no file chooser could be used: \(why); asking in the window") }
            openPrompt(chooser.request)
        }
    }

    /// At quit: an open chooser is closed and settings waiting to be written are written.
    func finishFiles() {
        files.chooser?.stop()
        files.chooser = nil
        flushSettings()
    }

    /// An external chooser's answer. The chooser asked before replacing the name it was given, but
    /// the file written may be another one (`.scrawl` or `.png` added): when that one exists (and is
    /// not the open document), the in-window prompt asks for a second enter before replacing it.
    func chosenOutside(_ path: String, for purpose: FilePurpose) {
        if let target = WindowApp.target(path, for: purpose), target != path, !session.isDocument(target),
           FileManager.default.fileExists(atPath: target) {
            openPrompt(FileRequest(purpose: purpose, suggestion: path))
            ui.prompt?.askToReplace(target)
            return
        }
        chosen(path, for: purpose)
    }

    /// Does what the chooser was for with the chosen path.
    func chosen(_ path: String, for purpose: FilePurpose) {
        switch purpose {
        case .open: open(path)
        case .saveAs: saveAs(path)
        case .export(let transparent): export(to: path, transparent: transparent)
        case .insertImage: insertImage(from: path)
        }
        needsRedraw = true
    }

    /// The file Save As writes for a chosen name: `.scrawl` added when it has no extension.
    static func saveAsPath(_ chosen: String) -> String {
        (chosen as NSString).pathExtension.isEmpty ? chosen + "." + Document.fileExtension : chosen
    }

    /// The file Export writes for a chosen name: `.png` added when it has no extension.
    static func exportPath(_ chosen: String) -> String {
        (chosen as NSString).pathExtension.isEmpty ? chosen + ".png" : chosen
    }

    /// The file a save-like request writes for a chosen name (nil for Open and names Save As refuses).
    static func target(_ chosen: String, for purpose: FilePurpose) -> String? {
        switch purpose {
        case .open, .insertImage: return nil
        case .saveAs:
            let path = saveAsPath(chosen)  // a picture's name is refused, not replaced
            return isPictureName(path) ? nil : path
        case .export: return exportPath(chosen)
        }
    }

    /// Whether `path` names a picture Export writes (`.png`, `.svg`, `.pdf`): Save As refuses it.
    static func isPictureName(_ path: String) -> Bool {
        ["png", "svg", "pdf"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Writes the drawing to `path` (`.scrawl` added when it has no extension) and keeps it as the
    /// document. A `.png`, `.svg` or `.pdf` name is refused: those are what Export writes.
    func saveAs(_ chosen: String) {
        let path = WindowApp.saveAsPath(chosen)
        if WindowApp.isPictureName(path) {
            printError("scrawl: not saved as \(PathText.short(path)): Save As writes .scrawl documents")
            toast("Save As writes .scrawl documents; use Export (ctrl+e) for PNG, SVG or PDF", error: true)
            return
        }
        guard write(to: path) else { return }
        documentPath = path
        needsRedraw = true
    }

    /// Exports what was drawn to `path`: SVG for `.svg`, a vector PDF for `.pdf` (without the
    /// background when `transparent`), PNG for `.png` (or no extension, `.png` added) at the
    /// window's content scale; any other extension is refused. The region is the page with
    /// everything drawn beyond it, or the selection when there is one (`ExportRegion`); the toast
    /// says which.
    func export(to chosen: String, transparent: Bool) {
        let ext = (chosen as NSString).pathExtension.lowercased()
        let path = WindowApp.exportPath(chosen)
        let region = ExportRegion(items: editor.displayList.items, canvas: editor.canvas,
                                  selected: editor.selection?.selectedIDs ?? [])
        do {
            switch ext {
            case "svg":
                let r = region.rect
                try SVGExporter.write(Document(canvas: editor.canvas, items: region.items),
                                      viewBox: SVGViewBox(x: r.minX, y: r.minY, width: r.width, height: r.height), to: path)
            case "pdf":
                let r = region.rect
                try PDFExporter.write(Document(canvas: editor.canvas, items: region.items),
                                      viewBox: SVGViewBox(x: r.minX, y: r.minY, width: r.width, height: r.height),
                                      transparent: transparent, to: path)
            case "png", "":
                try exportPNG(region, to: path, transparent: transparent)
            default:
                toast("Export writes .png, .svg or .pdf files, not .\(ext)", error: true)
                return
            }
        } catch {
            if let save = error as? SaveError, save.fileIsInPlace {} else {
                printError("scrawl: cannot export \(PathText.short(path)): \(error)")
                toast("Could not export: \(error)", error: true)
                return
            }
        }
        show(.exported(path: path, what: region.description))
    }

    /// Why a PNG export could not be drawn.
    struct ExportUnavailable: Error, CustomStringConvertible {
        var description: String { "no renderer to draw the PNG with" }
    }

    /// Renders `region` at the content scale (less if the canvas limits need it) into a PNG.
    func exportPNG(_ region: ExportRegion, to path: String, transparent: Bool) throws {
        guard let g = graphics else { throw ExportUnavailable() }
        var background = editor.canvas.background
        if transparent { background = .clear }
        let scale = region.scale(fitting: contentScale)
        glfwMakeContextCurrent(window)
        let scene = try SceneView(renderer: g.renderer, canvas: region.canvas(background: background), scale: scale,
                                  origin: Point(region.rect.minX, region.rect.minY))
        let shown = region.ids
        let hidden = Set(editor.displayList.items.lazy.map(\.id).filter { !shown.contains($0) })
        guard let t = scene.canvasTarget(editor.displayList, hidden: hidden) else { throw ExportUnavailable() }
        try PNGCodec.write(rgba: g.renderer.readPixels(t), width: t.width, height: t.height, to: path)
    }
}
