/// What the selection tool shows live: the box or lasso being drawn, the moved or scaled copies,
/// the selection's box and handles.
extension SelectTool {
    public func liveItems(_ context: ToolContext) -> [LiveItem] {
        let size = context.screenPointSize
        if let g = gesture, g.mode == .lasso { return [lassoItem(g.lasso, size)] }
        if let g = gesture, g.mode == .box { return boxDragItems(Rect(corner: g.start, g.current), size) }
        var drawables = selectedItems(context).map(\.drawable)
        var items: [LiveItem] = []
        var shift = Point.zero
        if let g = gesture, g.mode == .move {
            // The drawables as committed, with the drag's offset: a renderer tessellates them once.
            shift = g.offset
            items = drawables.map { .moved($0, by: shift) }
        } else if let g = gesture, g.transforms {
            drawables = drawables.map(g.transform)
            items = drawables.map(LiveItem.drawable)
        }
        guard let b = SelectGeometry.bounds(drawables) else { return items }
        let box = Rect(minX: b.minX + shift.x, minY: b.minY + shift.y, maxX: b.maxX + shift.x, maxY: b.maxY + shift.y)
        return items + boxItems(box, handles: activeHandles(box, context), size)
    }

    /// The lasso: a dashed closed path through the touch's points.
    private func lassoItem(_ points: [Point], _ size: Double) -> LiveItem {
        var path = Path.polyline(points)
        path.close()
        return .dashed(path, color: SelectTool.boxColor, width: SelectTool.boxLineWidth * size,
                       pattern: DashPattern(on: 4 * size, off: 4 * size))
    }

    /// The box being dragged out: a faint tint under a dashed outline, as the lasso's.
    private func boxDragItems(_ r: Rect, _ size: Double) -> [LiveItem] {
        [.mark(.path(PathDrawable(path: .rectangle(r), stroke: nil, fill: SelectTool.boxColor.withOpacity(0.12),
                                      style: StrokeOptions(width: 0)))),
         .dashed(.rectangle(r), color: SelectTool.boxColor, width: SelectTool.boxLineWidth * size,
                 pattern: DashPattern(on: 4 * size, off: 4 * size))]
    }

    /// The box (1 screen point lines) and its square handles (8 screen points).
    func boxItems(_ box: Rect, handles: [Int], _ size: Double) -> [LiveItem] {
        let line = StrokeOptions(width: SelectTool.boxLineWidth * size, cap: .butt, join: .miter)
        var items: [LiveItem] = [.mark(.path(PathDrawable(path: .rectangle(box), stroke: SelectTool.boxColor,
                                                                 fill: nil, style: line)))]
        let half = SelectTool.handleSize / 2 * size
        for k in handles {
            let c = SelectGeometry.handle(k, of: box)
            let square = Rect(minX: c.x - half, minY: c.y - half, maxX: c.x + half, maxY: c.y + half)
            items.append(.mark(.path(PathDrawable(path: .rectangle(square), stroke: SelectTool.boxColor,
                                                      fill: .white, style: line))))
        }
        return items
    }
}
