/// The Bézier path's marks while it is built: a square at each anchor point, and each handle as a
/// thin line from its anchor to a round grip, in screen-point sizes (so they look the same at any
/// zoom). They are live items only: nothing of them is committed.
extension BezierTool {
    /// The anchors' and handles' colour.
    public static let markColor = Color(r: 0x1e, g: 0x6f, b: 0xd9)
    /// An anchor's side, a grip's diameter and a handle's line width, in screen points.
    public static let anchorSize = 7.0, gripSize = 5.0, handleWidth = 1.0

    /// The anchors and handles of `path` (the working path, with the segment being placed), and
    /// the last anchor's outgoing handle, which the next segment leaves along.
    func marks(of path: Path, _ context: ToolContext) -> [LiveItem] {
        guard !path.isEmpty else { return [] }
        var anchors: [Point] = [], handles: [(anchor: Point, handle: Point)] = []
        var from: Point?
        for e in path.elements {
            switch e {
            case .move(let p): anchors.append(p)
            case .cubic(let a, let b, let p):
                if let from { handles.append((from, a)) }
                handles.append((p, b))
                anchors.append(p)
            default: break
            }
            from = e.endPoint ?? from
        }
        if touchID == nil, let last = anchors.last { handles.append((last, c1)) }
        let size = context.screenPointSize
        var items: [LiveItem] = []
        let guided = guidedAnchor
        for (anchor, handle) in handles where handle != anchor {
            if anchor != guided { items.append(line([anchor, handle], size)) }  // the guide shows that one's line
            let r = BezierTool.gripSize / 2 * size
            items.append(mark(.ellipse(in: Rect(x: handle.x - r, y: handle.y - r, width: 2 * r, height: 2 * r)), fill: BezierTool.markColor, size))
        }
        let half = BezierTool.anchorSize / 2 * size
        for a in anchors {
            items.append(mark(.rectangle(Rect(x: a.x - half, y: a.y - half, width: 2 * half, height: 2 * half)), fill: .white, size))
        }
        return items
    }

    private func line(_ points: [Point], _ size: Double) -> LiveItem {
        .mark(.path(PathDrawable(path: .polyline(points), stroke: BezierTool.markColor, fill: nil,
                                     style: StrokeOptions(width: BezierTool.handleWidth * size, cap: .butt))))
    }

    private func mark(_ path: Path, fill: Color, _ size: Double) -> LiveItem {
        .mark(.path(PathDrawable(path: path, stroke: BezierTool.markColor, fill: fill,
                                     style: StrokeOptions(width: BezierTool.handleWidth * size, join: .miter))))
    }
}
