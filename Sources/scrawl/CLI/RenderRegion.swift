import Foundation
import ScrawlCore
import ScrawlGL

/// A rectangle of canvas points as `--view X,Y,W,H` gives it (kept as the four numbers).
struct ViewRect: Equatable {
    var x: Double, y: Double, width: Double, height: Double

    /// The frame region at `scale`: ceil(W·S) x ceil(H·S) device pixels.
    func region(scale: Double) -> FrameRegion { FrameRegion(x: x, y: y, width: width, height: height, scale: scale) }
}

/// What `render` (and `export`) draws: the page, a rectangle (`--view`), the drawing's bounds with
/// a margin (`--fit`), or what a window of a size shows (`--window`, render only). At most one.
enum RenderRegion: Equatable {
    case page
    case view(ViewRect)
    case fit
    case window(width: Int, height: Int)

    /// The margin `--fit` adds around the drawing's bounds, in canvas points.
    static let fitMargin = ExportRegion.margin
    /// The bars take this many window points of a window's height.
    static let barsHeight = Int(2 * ToolbarLayout.barHeight)

    /// The region a command line parsed through a table with `--view`, `--fit` (and `--window`)
    /// chose; the table has refused more than one.
    init(_ p: ParsedCommand) {
        if case .rectangle(let rect)? = p.value("--view") {
            self = .view(rect)
        } else if p.flag("--fit") {
            self = .fit
        } else if p.spec.option("--window") != nil, case .windowSize(let w, let h)? = p.value("--window") {
            self = .window(width: w, height: h)
        } else {
            self = .page
        }
    }

    /// `X,Y,W,H`: four finite numbers, W and H greater than 0, the rectangle within ±1e6 canvas points.
    static func parseView(_ text: String) throws -> ViewRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
            throw UsageError(message: "--view needs four numbers X,Y,W,H (canvas points), not \(PathText.short(text))")
        }
        let v = parts.map { $0! }
        guard v.allSatisfy(\.isFinite) else { throw UsageError(message: "--view \(PathText.short(text)): each number must be finite") }
        guard v[2] > 0, v[3] > 0 else {
            throw UsageError(message: "--view \(PathText.short(text)): the width and height must be greater than 0")
        }
        let limit = CanvasSpec.coordinateLimit
        guard [v[0], v[1], v[0] + v[2], v[1] + v[3]].allSatisfy({ abs($0) <= limit }) else {
            throw UsageError(message: "--view \(PathText.short(text)): the rectangle must lie within "
                             + "±\(JSONWriter.format(limit)) canvas points")
        }
        return ViewRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `WxH` in whole window points: W at least 1, H more than the bars' 88 points.
    static func parseWindow(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        let sizes = parts.map { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && $0.count <= 6 ? Int($0) : nil }
        guard sizes.count == 2, let w = sizes[0], let h = sizes[1] else {
            throw UsageError(message: "--window needs WxH in whole window points (e.g. 800x600), not \(PathText.short(text))")
        }
        guard w >= 1, h > barsHeight else {
            throw UsageError(message: "--window \(text) is too small: the width must be at least 1 point and the height "
                             + "more than \(barsHeight) points (the bars take \(barsHeight))")
        }
        return (w, h)
    }

    /// Refuses a frame of `width` x `height` device pixels beyond the canvas limits, naming `what`.
    static func checkFrame(width: Int, height: Int, scale: Double, what: String) throws {
        guard !CanvasSpec.fits(width: width, height: height) else { return }
        let size = width >= Int.max / 4 || height >= Int.max / 4 ? "too many" : "\(width)x\(height)"
        throw CommandFailure.badInput("\(what) is \(size) device pixels at scale \(JSONWriter.format(scale)); "
                                      + CanvasSpec.limitText)
    }

    /// The rectangle `--fit` shows for a drawing with `bounds`: grown by `fitMargin`; nil (the page) when empty.
    static func fitRect(_ bounds: Rect?) -> ViewRect? {
        guard let b = bounds, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        let m = fitMargin
        return ViewRect(x: b.minX - m, y: b.minY - m, width: b.width + 2 * m, height: b.height + 2 * m)
    }

    /// What the editor shows at the end of playing: its committed drawables and its live shapes.
    static func drawingBounds(_ editor: Editor) -> Rect? {
        var bounds = editor.displayList.paintedBounds
        for item in editor.liveItems {
            var b: Rect?
            switch item {
            case .drawable, .mark, .moved: b = item.shownDrawable?.paintedBounds
            case .polyline(_, let points, _, let style, _):
                b = Rect.bounding(points)?.insetBy(-style.width / 2 * style.paintedReachFactor)
            case .dashed: b = nil
            }
            if let b { bounds = bounds?.union(b) ?? b }
        }
        return bounds
    }

    /// The final drawing's bounds of `replay` over `drawables`, played through a plain editor (no GL).
    static func finalBounds(_ replay: Replay, drawables: [Drawable], stamp: RasterImage) -> Rect? {
        let editor = Editor(canvas: replay.canvas, seed: replay.seed, stampImage: stamp, drawables: drawables)
        for event in replay.events { editor.handle(event) }
        return drawingBounds(editor)
    }
}
