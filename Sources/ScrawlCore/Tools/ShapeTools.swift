/// Rectangle and Ellipse (Dudel, QuartzFun): the rectangle spanned by the touch's start and current
/// point, or the ellipse inscribed in it; filled, then stroked with butt caps (miter joins on the
/// rectangle). Shift constrains to a square or circle. A tap (zero width or height) commits nothing.
public final class ShapeTool: MultiTouchTool {
    public init(ellipse: Bool) { super.init(kind: ellipse ? .ellipse : .rectangle) }

    /// The rectangle from `a` towards `b`; with `square`, its side is the larger span, towards the drag.
    public static func span(from a: Point, to b: Point, square: Bool) -> Rect {
        guard square else { return Rect(corner: a, b) }
        let dx = b.x - a.x, dy = b.y - a.y
        let side = max(abs(dx), abs(dy))
        let end = Point(a.x + (dx < 0 ? -side : side), a.y + (dy < 0 ? -side : side))
        return Rect(corner: a, end)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let rect = ShapeTool.span(from: t.first, to: t.last, square: t.shift)
        guard rect.width > 0, rect.height > 0 else { return nil }
        let path: Path = kind == .ellipse ? .ellipse(in: rect) : .rectangle(rect)
        let style = StrokeOptions(width: t.style.width, cap: .butt, join: .miter)
        return .path(PathDrawable(path: path, stroke: t.style.stroke, fill: t.style.fill, style: style))
    }
}

/// Image stamp (QuartzFun): the stamp image centred on the touch, following it, committed on `ended`.
public final class StampTool: MultiTouchTool {
    private let image: () -> RasterImage

    public init(image: @escaping () -> RasterImage) {
        self.image = image
        super.init(kind: .stamp)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .stamp(StampDrawable(image: image(), center: t.last, opacity: t.style.opacity))
    }
}

/// Smooth brush (the 5-point cubic scheme of 003): a dot on a tap, round caps and joins.
public class SmoothTool: MultiTouchTool {
    public init() { super.init(kind: .smooth) }
    override init(kind: ToolKind) { super.init(kind: kind) }

    public override func began(_ t: TrackedTouch) { t.smooth = SmoothPathBuilder(start: t.first) }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let path = t.smooth?.path ?? .polyline(t.points)
        return .path(PathDrawable(path: path, stroke: t.style.stroke, fill: nil, style: .round(width: t.style.width)))
    }
}

/// Arrow (003): a Smooth brush stroke that gets an arrowhead at its last point when it ends.
public final class ArrowTool: SmoothTool {
    public override init() { super.init(kind: .arrow) }

    /// The two head segments' far ends: length max(12, 4·width) from the tip, along the unit vector
    /// from the last distinct earlier point to the tip rotated by ±150°. Nil without such a point.
    public static func headPoints(points: [Point], width: Double) -> (Point, Point)? {
        guard let tip = points.last,
              let from = points.dropLast().last(where: { $0 != tip }),
              let u = (tip - from).normalized else { return nil }
        let length = max(12, 4 * width)
        let angle = 150 * Double.pi / 180
        return (tip + u.rotated(by: angle) * length, tip + u.rotated(by: -angle) * length)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        guard case .path(var d)? = super.drawable(for: t, ended: ended) else { return nil }
        if ended, let (a, b) = ArrowTool.headPoints(points: t.points, width: t.style.width) {
            d.path.move(to: t.last); d.path.line(to: a)
            d.path.move(to: t.last); d.path.line(to: b)
        }
        return .path(d)
    }
}

/// Builds the Smooth brush's path as points arrive: cubic junctions at midpoints (5-point scheme).
public struct SmoothPathBuilder: Sendable {
    /// The cubics committed so far (starting with a move to the first point).
    public private(set) var body: Path
    private var buffer: [Point]

    public init(start: Point) {
        body = Path()
        body.move(to: start)
        buffer = [start]
    }

    /// Adds an input point; a full buffer of five becomes one cubic.
    public mutating func add(_ p: Point) {
        buffer.append(p)
        guard buffer.count == 5 else { return }
        let p3 = buffer[2].lerp(buffer[4], 0.5)
        body.cubic(buffer[1], buffer[2], to: p3)
        buffer = [p3, buffer[4]]
    }

    /// The path as it would be committed now: the body plus the tail (line, quadratic or cubic).
    public var path: Path {
        var p = body
        switch buffer.count {
        case 2: p.line(to: buffer[1])
        case 3: p.quad(control: buffer[1], to: buffer[2])
        case 4: p.cubic(buffer[1], buffer[2], to: buffer[3])
        default: break
        }
        return p
    }
}
