/// Arrow: a Smooth brush stroke that gets an arrowhead at its last point when it ends. The shaft's
/// width follows pressure like the Smooth brush's; the head is drawn at the tool's width.
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
        var d = smoothStroke(for: t)
        if ended, let (a, b) = ArrowTool.headPoints(points: t.points, width: t.style.width) {
            let shaftNodes = PathDrawable.nodeCount(of: d.path)
            d.path.move(to: t.last); d.path.line(to: a)
            d.path.move(to: t.last); d.path.line(to: b)
            // The head: constant, at the tool's width (a shaft of one width other than that keeps it per node).
            let shaft = d.widths ?? (d.style.width == t.style.width ? nil : Array(repeating: Float(d.style.width), count: shaftNodes))
            if let shaft {
                d.widths = shaft + Array(repeating: Float(t.style.width), count: 4)
                d.style.width = t.style.width
            }
        }
        return .path(d)
    }
}
