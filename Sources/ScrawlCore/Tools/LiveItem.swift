/// Identifies one live polyline across frames, so a renderer can grow its mesh incrementally.
public typealias LiveStrokeID = UInt64

/// Something drawn in the live layer: redrawn every frame, never committed by itself.
public enum LiveItem: Sendable {
    /// A polyline that only ever grows (the Pencil's touch): `points` extends the previous frame's,
    /// and `widths` (one per point, when the width varies: pressure ink) the previous frame's widths.
    case polyline(id: LiveStrokeID, points: [Point], color: Color, style: StrokeOptions, widths: [Float]? = nil)
    /// Ink of the current layer drawn as it would be committed now (a shape being dragged out, a
    /// Bézier path being built, text being typed, a selection being scaled): shown at the layer's
    /// opacity (`Editor.liveItems`).
    case drawable(Drawable)
    /// A tool's own mark, not ink: a handle, a selection box, the eraser's disc, the caret. Shown as
    /// it is, whatever the layer's opacity.
    case mark(Drawable)
    /// A committed drawable shown moved by `offset` canvas points (a selection being dragged): looks
    /// like `.drawable(drawable.translated(by: offset))`, but a renderer may tessellate `drawable`
    /// once for the whole drag and translate its mesh.
    case moved(Drawable, by: Point)
    /// A dashed guide line.
    case dashed(Path, color: Color, width: Double, pattern: DashPattern)
}

extension LiveItem {
    /// Whether the item is a dragged selection's drawable (`.moved`).
    public var isMoved: Bool { if case .moved = self { return true } else { return false } }

    /// The drawable the item shows, where it shows it (nil for polylines and guides).
    public var shownDrawable: Drawable? {
        switch self {
        case .drawable(let d), .mark(let d): return d
        case let .moved(d, offset): return d.translated(by: offset)
        case .polyline, .dashed: return nil
        }
    }
}

extension LiveItem {
    /// The item as a layer at `opacity` shows it: ink (polylines, drawables, a dragged selection)
    /// with its alpha scaled (`Drawable.faded(by:)`), marks and guides as they are. The same for
    /// every item at opacity 1.
    public func faded(by opacity: Double) -> LiveItem {
        guard opacity < 1 else { return self }
        switch self {
        case let .polyline(id, points, color, style, widths):
            return .polyline(id: id, points: points, color: color.alphaScaled(by: opacity), style: style, widths: widths)
        case .drawable(let d): return .drawable(d.faded(by: opacity))
        case let .moved(d, offset): return .moved(d.faded(by: opacity), by: offset)
        case .mark, .dashed: return self
        }
    }
}
