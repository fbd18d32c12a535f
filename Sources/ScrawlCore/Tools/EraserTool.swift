/// What the eraser removes.
public enum EraserMode: String, Hashable, Sendable, CaseIterable {
    /// Whole drawables whose painted area the disc touches.
    case stroke
    /// Open strokes cut where the disc covers their centre line; other drawables removed whole
    /// (each kind says which it is: `DrawableKind.erased(along:radius:mode:)`).
    case partial
}

/// One eraser touch: the disc's centre path and the drawables it has touched so far.
final class ErasingTouch {
    let id: Int
    let mode: EraserMode
    let radius: Double
    private(set) var points: [Point]
    /// Ids touched so far, in the order they were touched.
    private(set) var hits: [UInt64] = []
    private(set) var hitSet: Set<UInt64> = []

    init(id: Int, mode: EraserMode, radius: Double, start: Point) {
        self.id = id; self.mode = mode; self.radius = radius; self.points = [start]
    }

    var last: Point { points[points.count - 1] }

    func add(_ p: Point) { if p != last { points.append(p) } }

    /// Records the drawables the disc touches swept from `a` to `b` (the spatial index narrows
    /// the candidates to those whose painted bounds meet the swept disc's bounds).
    func sweep(_ a: Point, _ b: Point, _ index: DisplayListIndex) {
        let rect = Rect(corner: a, b).insetBy(-radius)
        for id in index.query(rect) where !hitSet.contains(id) {
            guard let d = index.drawable(id), touches(d, a, b) else { continue }
            hits.append(id); hitSet.insert(id)
        }
    }

    private func touches(_ d: Drawable, _ a: Point, _ b: Point) -> Bool {
        d.isTouched(byEraserFrom: a, to: b, radius: radius, mode: mode)
    }

    /// Forgets the hits and sweeps the whole path again (the list changed under the touch).
    func resweep(_ index: DisplayListIndex) {
        hits.removeAll(); hitSet.removeAll()
        if points.count == 1 { sweep(last, last, index) }
        for i in points.indices.dropFirst() { sweep(points[i - 1], points[i], index) }
    }

    /// The replacements this touch's drag makes: ids to their pieces (none to remove whole).
    func replacements(_ index: DisplayListIndex) -> [UInt64: [Drawable]] {
        var out: [UInt64: [Drawable]] = [:]
        for id in hits {
            guard let d = index.drawable(id) else { continue }
            out[id] = d.erased(along: points, radius: radius, mode: mode)
        }
        return out
    }
}

/// The eraser (`x`): a disc as wide as its own width (`StyleRecord.eraser`; at least 8 screen points).
/// Stroke mode removes every drawable it touches; partial mode cuts open strokes where it covers
/// their centre line and removes other drawables whole. `shift+x` toggles the mode. Each touch's
/// drag is one undo step, made when it ends; until then the drawables it will change are dimmed.
public final class EraserTool: Tool {
    public let kind = ToolKind.eraser
    /// Stroke (whole drawables) or partial (cuts open strokes).
    public var mode: EraserMode = .stroke
    /// The touches down, in the order they began.
    private var touches: [ErasingTouch] = []

    /// Grey of the circle showing the disc, one screen point wide.
    public static let discColor = Color(r: 128, g: 128, b: 128)
    /// The disc's smallest diameter in screen points.
    public static let minimumScreenDiameter = 8.0

    /// What dims the drawables a touch will change to 30 %, drawn over each (`DrawableKind.veiled`):
    /// the page's colour at 70 % of its opacity.
    public static func veilColor(on background: Color) -> Color {
        Color(r: background.r, g: background.g, b: background.b, a: UInt8((Double(background.a) * 0.7).rounded()))
    }

    public init() {}

    /// The mode for the window's title line: "stroke eraser" or "partial eraser".
    public var statusText: String { "\(mode.rawValue) eraser" }

    /// The disc's radius now: half of max(its width, 8 screen points), in canvas points.
    public func radius(_ context: ToolContext) -> Double {
        max(style(context).width, EraserTool.minimumScreenDiameter * context.screenPointSize) / 2
    }

    /// "Eraser — width 16, stroke eraser": its own width and its mode.
    public func statusLine(_ context: ToolContext) -> String {
        "\(kind.title) — width \(style(context).widthText), \(statusText)"
    }

    public func perform(_ action: KeyAction, _ context: ToolContext) -> Bool {
        guard action == .toggleEraserMode else { return false }
        mode = mode == .stroke ? .partial : .stroke
        return true
    }

    public func handle(_ events: [Touch], _ context: ToolContext) {
        for t in events {
            let tracked = touches.first { $0.id == t.id }
            switch t.phase {
            case .began:
                if let tracked { end(tracked, context) }
                let new = ErasingTouch(id: t.id, mode: mode, radius: radius(context), start: t.location)
                new.sweep(t.location, t.location, context.spatialIndex)
                touches.append(new)
            case .moved:
                guard let tracked else { continue }
                move(tracked, to: t.location, context)
            case .ended:
                guard let tracked else { continue }
                move(tracked, to: t.location, context)
                end(tracked, context)
            case .cancelled:
                touches.removeAll { $0 === tracked }
            }
        }
    }

    private func move(_ t: ErasingTouch, to p: Point, _ context: ToolContext) {
        let from = t.last
        t.add(p)
        t.sweep(from, p, context.spatialIndex)
    }

    private func end(_ t: ErasingTouch, _ context: ToolContext) {
        touches.removeAll { $0 === t }
        let replacements = t.replacements(context.spatialIndex)
        if !replacements.isEmpty { context.replace(replacements) }
    }

    public func cancelAll(_ context: ToolContext) { touches.removeAll() }

    public func displayListChanged(_ context: ToolContext) {
        guard !touches.isEmpty else { return }
        let index = context.spatialIndex
        for t in touches { t.resweep(index) }
    }

    /// The drawables the touches down now will change when they end.
    public var pendingIDs: Set<UInt64> {
        touches.reduce(into: Set<UInt64>()) { $0.formUnion($1.hitSet) }
    }

    public func liveItems(_ context: ToolContext) -> [LiveItem] {
        let index = context.spatialIndex
        // The drawables stay in the canvas (no tile is re-rendered during the drag); a veil of the
        // background over each dims it.
        let ids = index.bottomFirst(pendingIDs)
        let veil = EraserTool.veilColor(on: context.canvas.background)
        var items: [LiveItem] = ids.compactMap { index.drawable($0).map { .mark($0.veiled(veil)) } }
        let width = context.screenPointSize
        for t in touches {
            let r = t.radius, c = t.last
            let circle = Path.ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            items.append(.mark(.path(PathDrawable(path: circle, stroke: EraserTool.discColor, fill: nil,
                                                      style: .round(width: width)))))
        }
        return items
    }
}

extension Editor {
    /// The drawables the eraser's touches down now will change when they end; empty when another
    /// tool is current.
    public var pendingErase: Set<UInt64> { (tool as? EraserTool)?.pendingIDs ?? [] }
}
