import Foundation
import ScrawlCore

/// Opening and saving documents: what the window calls for ctrl+s and for opening a file.
public struct DocumentStore: Sendable {
    /// The store (it holds no state; stamps are coded with `PNGCodec`).
    public static let standard = DocumentStore()

    public init() {}

    /// Saves `drawables` (the committed ones: `editor.displayList.drawables`, never the live layer)
    /// on `canvas` to `path`, atomically: on failure the previous file is intact and the error
    /// names the path and the reason (`SaveError`). The drawables are numbered 1…n; to keep their
    /// ids, save the items instead.
    public func save(_ drawables: [Drawable], canvas: CanvasSpec, to path: String) throws(SaveError) {
        try Document(canvas: canvas, drawables: drawables).save(to: path)
    }

    /// Saves `items` (`editor.displayList.items`) as `save(_:canvas:to:)` does, keeping each
    /// drawable's id, so a document opened again (`Document.displayList`) has the same ids.
    public func save(items: [DisplayItem], layers: [Layer] = [.initial], canvas: CanvasSpec, to path: String) throws(SaveError) {
        try Document(canvas: canvas, items: items, layers: layers).save(to: path)
    }

    /// Reads and validates the document at `path`.
    public func open(_ path: String) throws(DocumentError) -> Document {
        try Document.load(path: path)
    }

    /// Where ctrl+s saves a document that has no file yet: the pictures folder (see
    /// `XDGPaths.picturesDirectory`) and `Scrawl YYYY-MM-DD HH-MM-SS.scrawl`, with ` 2`, ` 3`, …
    /// before the extension when that name is taken.
    public func defaultSavePath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                date: Date = Date(), timeZone: TimeZone = .current) -> String {
        newFilePath(in: XDGPaths.picturesDirectory(environment: environment), date: date, timeZone: timeZone)
    }

    /// A new file in `folder` named as `defaultSavePath` names it (a name not taken yet).
    public func newFilePath(in folder: String, date: Date = Date(), timeZone: TimeZone = .current) -> String {
        let name = XDGPaths.defaultDocumentName(date: date, timeZone: timeZone)
        let stem = String(name.dropLast(Document.fileExtension.count + 1))
        var path = PosixIO.join(folder, name)
        var n = 2
        while PosixIO.exists(path) && n < 10_000 {
            path = PosixIO.join(folder, "\(stem) \(n).\(Document.fileExtension)")
            n += 1
        }
        return path
    }

    /// The PNG written beside a document (ctrl+shift+s): `a/b.scrawl` → `a/b.png`.
    public static func pngPath(forDocument path: String) -> String {
        let suffix = "." + Document.fileExtension
        let name = PosixIO.lastComponent(of: path)
        if name.hasSuffix(suffix) && name.count > suffix.count { return String(path.dropLast(suffix.count)) + ".png" }
        return path + ".png"
    }
}
