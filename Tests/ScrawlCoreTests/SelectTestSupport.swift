@testable import ScrawlCore

/// Editors with drawables already on the canvas and the selection tool chosen, for selection tests.
enum SelectTestSupport {
    /// A round-capped line from `a` to `b`.
    static func line(_ a: Point, _ b: Point, width: Double = 2, stroke: Color = .black) -> Drawable {
        .path(PathDrawable(path: .polyline([a, b]), stroke: stroke, fill: nil, style: .round(width: width)))
    }

    /// A stroked and filled square outline with round joins.
    static func square(_ r: Rect, width: Double = 4) -> Drawable {
        .path(PathDrawable(path: .rectangle(r), stroke: .black, fill: .lightGray, style: .round(width: width)))
    }

    /// An editor on `drawables` with the selection tool chosen by its key, at `zoom`.
    static func editor(_ drawables: [Drawable], zoom: Double = 1) -> Editor {
        let e = Editor(canvas: CanvasSpec(width: 400, height: 300), seed: 0, stampImage: ToolHelpers.image,
                       drawables: drawables)
        e.handle(.view(Viewport(origin: .zero, zoom: zoom)))
        e.handle(.key(KeyPress("v")))
        return e
    }

    static func tool(_ e: Editor) -> SelectTool { e.tool as! SelectTool }

    /// One touch event.
    static func touch(_ phase: TouchPhase, _ p: Point, shift: Bool = false, alt: Bool = false) -> InputEvent {
        .touches([Touch(id: 0, phase: phase, location: p, shift: shift, alt: alt)])
    }

    /// A click (began and ended without moving) at `p`.
    static func click(_ e: Editor, _ p: Point, shift: Bool = false) {
        e.handle(touch(.began, p, shift: shift))
        e.handle(touch(.ended, p, shift: shift))
    }

    /// A drag from `a` to `b` in `steps` moves, ended at `b`.
    static func drag(_ e: Editor, _ points: [Point], shift: Bool = false, alt: Bool = false) {
        for (i, p) in points.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
            e.handle(touch(phase, p, shift: shift, alt: alt))
        }
    }

    /// The ids of the list in order.
    static func ids(_ e: Editor) -> [UInt64] { e.displayList.items.map(\.id) }

    /// The path drawable with `id`.
    static func path(_ e: Editor, _ id: UInt64) -> PathDrawable? {
        if case .path(let p)? = e.displayList.item(id)?.drawable { return p }
        return nil
    }

    /// Number of undo steps.
    static func undoDepth(_ e: Editor) -> Int { e.displayList.history.undo.count }
}
