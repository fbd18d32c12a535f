import Foundation
import ScrawlCore
import ScrawlGL

/// A `RenderRegion` resolved for one input at one scale, its frame size checked against the canvas
/// limits: the page (with or without the bars), a rectangle of canvas points, or a window's frame.
enum Framing: Equatable {
    case page(toolbar: Bool)
    case rect(FrameRegion)
    case window(width: Int, height: Int)

    /// Resolves `region` for `replay` over `drawables` at `scale`; `--fit` plays the events through a
    /// plain editor first and keeps the final drawing's rectangle for every frame.
    static func resolve(_ region: RenderRegion, replay: Replay, drawables: [Drawable], stamp: RasterImage,
                        scale: Double, toolbar: Bool, name: String) throws -> Framing {
        switch region {
        case .page:
            return try page(replay.canvas, scale: scale, toolbar: toolbar, name: name)
        case .view, .fit:
            guard let v = try rectangle(region, replay: replay, drawables: drawables, stamp: stamp, scale: scale, name: name) else {
                return try page(replay.canvas, scale: scale, toolbar: false, name: name)
            }
            return .rect(v.region(scale: scale))
        case .window(let w, let h):
            return try window(width: w, height: h, scale: scale)
        }
    }

    /// The rectangle of canvas points that `--view` or `--fit` shows (nil for the page, and for
    /// `--fit` of an empty drawing), refused when its frame at `scale` passes the canvas limits.
    /// `export` frames its SVG with it too (at scale 1), so both bound a rectangle the same way.
    static func rectangle(_ region: RenderRegion, replay: Replay, drawables: [Drawable], stamp: RasterImage,
                          scale: Double, name: String) throws -> ViewRect? {
        let v: ViewRect, what: String
        switch region {
        case .view(let view):
            (v, what) = (view, "--view \(text(view)): the output")
        case .fit:
            guard let fit = RenderRegion.fitRect(RenderRegion.finalBounds(replay, drawables: drawables, stamp: stamp)) else {
                return nil
            }
            (v, what) = (fit, "\(name): --fit: the drawing's bounds with their "
                         + "\(JSONWriter.format(RenderRegion.fitMargin))-point margin (\(text(fit)))")
        case .page, .window:
            return nil
        }
        let frame = v.region(scale: scale)
        try RenderRegion.checkFrame(width: frame.width, height: frame.height, scale: scale, what: what)
        return v
    }

    /// The page, validated as before: its size at `scale`, and with the bars the taller frame.
    static func page(_ canvas: CanvasSpec, scale: Double, toolbar: Bool, name: String) throws -> Framing {
        do { try canvas.validate(scale: scale) } catch { throw CommandFailure.badInput(error.message(file: name)) }
        if toolbar { try RenderCommand.validateToolbarFrame(canvas, scale: scale, name: name) }
        return .page(toolbar: toolbar)
    }

    /// A window of `width` x `height` points: round(W·S) x round(H·S) device pixels, with room
    /// for at least one canvas row between the bars.
    static func window(width: Int, height: Int, scale: Double) throws -> Framing {
        let pw = Int((Double(width) * scale).rounded()), ph = Int((Double(height) * scale).rounded())
        let what = "--window \(width)x\(height): the frame"
        try RenderRegion.checkFrame(width: pw, height: ph, scale: scale, what: what)
        let bars = 2 * Int((ToolbarLayout.barHeight * scale).rounded())
        guard ph > bars else {
            throw CommandFailure.badInput("\(what) is \(ph) device pixels high at scale \(JSONWriter.format(scale)), "
                                          + "no room for the canvas between the bars (\(bars) pixels)")
        }
        return .window(width: pw, height: ph)
    }

    /// `X,Y,W,H` as given.
    static func text(_ v: ViewRect) -> String {
        [v.x, v.y, v.width, v.height].map { JSONWriter.format($0) }.joined(separator: ",")
    }

    /// The player that renders this framing.
    func player(replay: Replay, drawables: [Drawable], stamp: RasterImage, scale: Double,
                renderer: Renderer) throws -> FramePlayer {
        switch self {
        case .page(let toolbar):
            let player = try ReplayPlayer(replay: replay, scale: scale, stamp: stamp, renderer: renderer, drawables: drawables)
            player.toolbar = toolbar
            return player
        case .rect(let region):
            return try ReplayPlayer(replay: replay, scale: scale, stamp: stamp, renderer: renderer, drawables: drawables,
                                    region: region)
        case .window(let w, let h):
            return try WindowReplayPlayer(replay: replay, scale: scale, stamp: stamp, renderer: renderer,
                                          drawables: drawables, width: w, height: h)
        }
    }
}
