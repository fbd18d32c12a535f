import ScrawlCore

/// The clipboard text for a selection of drawables (ctrl+c, ctrl+v between Scrawl windows): a
/// document (see `Document`, images embedded) whose first member is `"scrawlSelection": 1`, which
/// the reader requires, so arbitrary text is never taken for drawings.
///
/// ```json
/// {"scrawlSelection": 1, "format": "scrawl", "version": 1,
/// "canvas": {"width": 800, "height": 600, "background": "#ffffff"},
/// "images": [],
/// "drawables": [
/// {"id": 1, "type": "path", "d": [["M", 10, 20], ["L", 30, 40]], "stroke": "#000000", ...}
/// ]}
/// ```
///
/// Ids are written (1…n) but not kept: pasted drawables get new ids in the list they join.
public enum SelectionClipboard {
    /// The top-level member that marks a selection.
    public static let marker = "scrawlSelection"
    /// The value of `marker` this build writes, and the newest it reads.
    public static let version = 1
    /// The largest selection text read or written (64 MiB).
    public static let maxBytes = 64 << 20

    /// Why clipboard text is not a selection Scrawl can paste.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not a Scrawl selection (no `scrawlSelection` member): paste nothing, quietly.
        case notASelection
        /// The text is larger than `maxBytes`.
        case tooLarge(bytes: Int)
        /// The text is marked as a selection but cannot be read; `message` says what is wrong,
        /// e.g. `drawables[2].d[0]: expected an array such as ["L", x, y], found a number`.
        case invalid(String)

        public var description: String {
            switch self {
            case .notASelection: return "the clipboard holds no Scrawl drawings"
            case .tooLarge(let bytes):
                return "the clipboard's drawings take \(DocumentError.size(Int64(bytes))); at most \(maxBytes >> 20) MiB are pasted"
            case .invalid(let message): return "the clipboard's drawings cannot be read: \(message)"
            }
        }
    }

    /// The selection text for `drawables`, in order. Drawables a document cannot hold (a non-finite
    /// number, a coordinate beyond ±1e6, an image that does not encode) are left out.
    public static func encode(_ drawables: [Drawable]) -> String {
        if let text = try? encodeChecked(drawables) { return text }
        let writable = drawables.filter { (try? Document(drawables: [$0]).encoded()) != nil }
        return (try? encodeChecked(writable)) ?? ""
    }

    /// `encode(_:)`, throwing `.invalid` for a drawable a document cannot hold (naming it) or
    /// `.tooLarge` for text over `maxBytes`, instead of leaving anything out.
    public static func encodeChecked(_ drawables: [Drawable]) throws(Error) -> String {
        let bytes: [UInt8]
        do { bytes = try Document(drawables: drawables).encoded(selection: true) } catch {
            throw .invalid(error.message(file: "selection").dropPrefix("selection: "))
        }
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes: bytes.count) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a paste of `text` into a drawing holding `images` gives (`ScrawlCore.SelectionDecoder`,
    /// which the window and `scrawl render` use): `decode(_:reusing:)`, its errors as the title
    /// says them.
    public static func paste(_ text: String, reusing images: [RasterImage]) throws(PasteRefusal) -> [Drawable] {
        do { return try decode(text, reusing: images) } catch {
            if case .notASelection = error { throw .notASelection }
            throw .unreadable(error.description)
        }
    }

    /// The drawables of selection text, in order. Throws `.notASelection` for text without the
    /// marker (any other clipboard content), `.tooLarge` over `maxBytes`, and `.invalid` for a
    /// marked text that does not read as a document (broken JSON with its line and column, a bad
    /// drawable with its path, a newer selection version, an image over the pixel budget with its
    /// size). With `images` (those of the drawing pasted into), a pasted image with the same PNG
    /// bytes as one of them is that image, not a second copy, and new images must fit
    /// `Document.maxImagePixels` together with them.
    public static func decode(_ text: String, reusing images: [RasterImage]? = nil) throws(Error) -> [Drawable] {
        let count = text.utf8.count
        guard count <= maxBytes else {
            if text.utf8.prefix(4096).starts(with: "{\"\(marker)\"".utf8) { throw .tooLarge(bytes: count) }
            throw .notASelection
        }
        guard text.contains("\"\(marker)\"") else { throw .notASelection }
        let body: DocumentBody
        do { body = try DocumentBody.decode(Array(text.utf8), reusing: images) } catch {
            throw .invalid(error.message(file: "selection").dropPrefix("selection: "))
        }
        guard let value = body.top[marker] else { throw .notASelection }
        guard let n = value.numberValue?.int64Value, n >= 1 else {
            throw .invalid("\"\(marker)\" must be a positive integer, found \(value.numberValue?.description ?? value.kindName)")
        }
        guard n <= Int64(version) else {
            throw .invalid("selection version \(n), written by a newer Scrawl; this build reads version \(version)")
        }
        return body.drawables
    }
}
