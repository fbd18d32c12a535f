import CGLFW
import Foundation
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Pictures in: Insert image (`ctrl+i`, the bar's button) places a PNG chosen in the file chooser,
/// and `ctrl+v` a picture another program put on the clipboard, at the view centre as an image
/// (`StampDrawable(inserting:into:)`). The picture goes in as a paste of a one-image selection, so
/// it is one undo step, selected to be moved, and a recording holds it as a `paste` event.
extension WindowApp {
    /// The canvas points the window shows now (the canvas area through the view).
    var shownCanvasRect: Rect {
        let (w, h) = canvasAreaSize
        return Rect(corner: editor.viewport.canvasPoint(atWindow: .zero), editor.viewport.canvasPoint(atWindow: Point(w, h)))
    }

    /// Insert image chose `path`: a PNG (by its signature, whatever its name) is placed; anything
    /// else is refused with a message.
    func insertImage(from path: String) {
        let name = PathText.name(path)
        let image: RasterImage
        do {
            guard PNGCodec.hasSignature(path: path) else { throw InsertRefusal("it is not a PNG picture") }
            image = try PNGCodec.read(path: path)
        } catch {
            printError("scrawl: cannot insert \(PathText.short(path)): \(error)")
            toast("Could not insert \(name): \(error)", error: true)
            return
        }
        insertImage(image, from: name)
    }

    /// Places `image` (from `source`, in words) at the view centre, selected.
    func insertImage(_ image: RasterImage, from source: String) {
        let stamp = StampDrawable(inserting: image, into: shownCanvasRect)
        let text: String
        do { text = try SelectionClipboard.encodeChecked([.stamp(stamp)]) } catch {
            let why: String
            switch error {
            case .tooLarge(let bytes): why = "it takes \(bytes >> 20) MiB in a drawing; at most \(SelectionClipboard.maxBytes >> 20) MiB go in at once"
            case .invalid(let message): why = message
            case .notASelection: why = "\(error)"
            }
            return clipboardProblem("Could not insert \(source): \(why)")
        }
        if ui.toast?.isError == true { ui.toast = nil }
        if let problem = editor.pasteSelection(text: text, decoder: editor.selectionDecoder) {
            return clipboardProblem("Could not insert \(source): \(problem)")
        }
        session.record(.paste(text))
        autosave()
        needsRedraw = true
        toast("Inserted \(source) (\(image.width) × \(image.height)) — drag it into place; delete removes it")
    }

    /// ctrl+v with no Scrawl selection on the clipboard: a picture there (`image/png`) is
    /// inserted. False when the clipboard offers none, so the caller says what it holds instead.
    func pasteImageFromClipboard() -> Bool {
        switch clipboard.readImage(limit: PNGCodec.maxFileSize) {
        case .text(let bytes) where bytes.starts(with: WindowApp.pngSignature):
            do { insertImage(try PNGCodec.decode(bytes), from: "the clipboard's picture") } catch {
                clipboardProblem("The clipboard's picture cannot be read: \(error); nothing was pasted")
            }
        case .noAnswer: clipboardProblem(WindowClipboard.noAnswer)
        case .tooLarge(let limit): clipboardProblem("The clipboard's picture is larger than \(limit >> 20) MiB; nothing was pasted")
        case .text, .empty, .ours, .unavailable: return false  // an owner that answers every target with its text
        }
        return true
    }

    /// The first bytes of every PNG file.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Revert to saved (`ctrl+r`): the session puts the file back as one undo step, or says why not.
    func revert() {
        session.revert()
        deliverNotices()
        needsRedraw = true
    }
}

/// Why a chosen file cannot be inserted.
struct InsertRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
