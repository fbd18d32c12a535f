/// The selection tool's touches: clicks pick, drags draw a box or a lasso, move or scale.
extension SelectTool {
    public func handle(_ touches: [Touch], _ context: ToolContext) {
        for t in touches {
            switch t.phase {
            case .began: if gesture == nil { begin(t, context) }
            case .moved: if t.id == gesture?.touchID { move(t, context) }
            case .ended: if t.id == gesture?.touchID { move(t, context); end(context) }
            case .cancelled: if t.id == gesture?.touchID { gesture = nil }
            }
        }
    }

    private func begin(_ t: Touch, _ context: ToolContext) {
        let size = context.screenPointSize
        if let box = selectionBounds(context) {
            let reach = (SelectTool.handleSize / 2 + 2) * size
            if let k = SelectGeometry.handle(at: t.location, box: box, handles: activeHandles(box, context),
                                                reach: reach) {
                gesture = SelectGesture(t, mode: .scale(handle: k, box: box))
                gesture?.limits = selectionLimits(context)
                return
            }
            if box.containsClosed(t.location) {
                gesture = SelectGesture(t, mode: .pending(inBox: true, grab: nil))
                return
            }
        }
        gesture = SelectGesture(t, mode: .pending(inBox: false, grab: pick(at: t.location, context)))
    }

    private func move(_ t: Touch, _ context: ToolContext) {
        guard var g = gesture else { return }
        g.current = t.location; g.shift = t.shift; g.alt = t.alt
        if case .pending(let inBox, let grab) = g.mode,
           g.start.distance(to: t.location) > SelectTool.clickSlop * context.screenPointSize {
            if let grab {
                selectedIDs = g.shift ? selectedIDs.union([grab]) : [grab]
                g.mode = .move
            } else {
                g.mode = inBox ? .move : (mode == .box ? .box : .lasso)
            }
            if g.mode == .move { g.limits = selectionLimits(context) }
        }
        if g.mode == .lasso, g.lasso.last != t.location { g.lasso.append(t.location) }
        gesture = g
    }

    private func end(_ context: ToolContext) {
        guard let g = gesture else { return }
        gesture = nil
        switch g.mode {
        case .pending: click(at: g.start, shift: g.shift, context)
        case .lasso: finishLasso(g.lasso, shift: g.shift, context)
        case .box: finishLasso(SelectGeometry.corners(of: Rect(corner: g.start, g.current)), shift: g.shift, context)
        case .move, .scale:
            replaceSelection(context, g.transform)
            if g.isLimited { context.note(g.mode == .move && g.offset == .zero ? .selectionAtLimit : .selectionStoppedAtLimit) }
        }
    }

    /// The topmost drawable whose painted geometry comes within `pickRadius` screen pixels of `p`.
    public func pick(at p: Point, _ context: ToolContext) -> UInt64? {
        let r = SelectTool.pickRadius * context.screenPointSize
        let index = context.spatialIndex
        let ids = index.query(Rect(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r))
        return ids.last { index.drawable($0)?.isHit(at: p, radius: r) == true }
    }

    private func click(at p: Point, shift: Bool, _ context: ToolContext) {
        let hit = pick(at: p, context)
        guard shift else { selectedIDs = hit.map { [$0] } ?? []; return }
        guard let hit else { return }
        if selectedIDs.contains(hit) { selectedIDs.remove(hit) } else { selectedIDs.insert(hit) }
    }

    /// Selects what lies wholly inside the closed polygon `lasso` (a box's four corners, or a lasso).
    private func finishLasso(_ lasso: [Point], shift: Bool, _ context: ToolContext) {
        guard let area = Rect.bounding(lasso) else { return }
        let index = context.spatialIndex
        let enclosed = index.query(area).filter {
            index.drawable($0).map { SelectGeometry.encloses(lasso, $0) } ?? false
        }
        selectedIDs = shift ? selectedIDs.union(enclosed) : Set(enclosed)
    }
}
