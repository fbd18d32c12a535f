import ScrawlCore

/// Draws the live layer: in-progress strokes, guides and handles, every frame. A Pencil stroke's
/// mesh grows incrementally: a `moved` event tessellates and uploads only the new part.
///
/// With `base(over:)` and `drawOverBase`, a frame also draws only the new part: the canvas and the
/// frozen prefix of the first live item (an opaque polyline) are kept in a base target, which
/// receives each newly frozen triangle once; the frame copies the base and draws the rest of that
/// stroke (its re-emitted tail) and the other items. Same triangles in the same order as `draw`
/// over the canvas, so the same pixels, at a cost independent of the stroke's length.
public final class LiveLayer {
    final class LivePolyline {
        var stroker: LiveStroker
        let mesh: StreamingMesh
        var pointCount = 0
        let blend: StrokeBlend
        /// Never reused within a layer (an object's address may be).
        let serial: UInt64
        /// The indices the latest `grow` rewrote or added (empty when it changed nothing).
        var changedIndices = 0..<0
        /// Bounds of every vertex emitted so far (mesh coordinates); rewritten tails only grow it.
        var bounds: Rect?

        /// Subtracted from every point before stroking (the layer's `origin`).
        let origin: Point

        init(color: Color, style: StrokeOptions, scale: Double, origin: Point, serial: UInt64) throws {
            self.serial = serial
            self.origin = origin
            stroker = LiveStroker(options: style, color: color, scale: scale)
            mesh = try StreamingMesh()
            blend = color.isOpaque ? .over : .uniformAlpha
        }

        /// Appends the points after `pointCount` (with their widths, when the stroke has them) and
        /// uploads what changed.
        func grow(_ points: [Point], widths: [Float]? = nil) {
            guard points.count > pointCount else {
                changedIndices = stroker.mesh.indices.count..<stroker.mesh.indices.count
                return
            }
            let change = stroker.append(points, widths: widths, from: pointCount, origin: origin)
            let firstVertex = change.firstVertex, firstIndex = change.firstIndex
            pointCount = points.count
            growBounds(from: min(firstVertex, stroker.mesh.vertices.count))
            let count = stroker.mesh.indices.count
            mesh.update(stroker.mesh, firstVertex: min(firstVertex, stroker.mesh.vertices.count),
                        firstIndex: min(firstIndex, count))
            changedIndices = min(firstIndex, count)..<count
        }

        private func growBounds(from first: Int) {
            let vertices = stroker.mesh.vertices
            guard first < vertices.count else { return }
            var r = bounds ?? Rect(minX: Double(vertices[first].x), minY: Double(vertices[first].y),
                                   maxX: Double(vertices[first].x), maxY: Double(vertices[first].y))
            for v in vertices[first...] {
                r.minX = min(r.minX, Double(v.x)); r.maxX = max(r.maxX, Double(v.x))
                r.minY = min(r.minY, Double(v.y)); r.maxY = max(r.maxY, Double(v.y))
            }
            bounds = r
        }
    }

    /// The frozen part of a translucent live stroke's coverage, accumulated into a layer the size of
    /// the target it is drawn into, through one view.
    struct Coverage {
        let layer: RenderTarget
        let serial: UInt64
        let view: ViewTransform
        /// The stroke's indices `0..<drawn` are in the layer.
        var drawn: Int
    }

    /// The canvas plus the frozen prefix of one opaque live polyline.
    private struct Base {
        let target: RenderTarget
        /// The canvas revision and the polyline it was built from.
        var revision: UInt64
        var owner: UInt64?
        /// The polyline's indices `0..<drawn` are in the target.
        var drawn: Int
    }

    public let renderer: Renderer
    public let scale: Double
    /// Canvas point that meshes are tessellated relative to (see `MeshAnchor`): a layer made near
    /// where it is viewed keeps its `Float` vertices small anywhere on the canvas.
    public let origin: Point
    var polylines: [LiveStrokeID: LivePolyline] = [:]
    private var base: Base?
    private var nextSerial: UInt64 = 0
    /// The polyline whose prefix the last `base(over:)` holds, and how many of its indices.
    private(set) var baseUsed: (id: LiveStrokeID, drawn: Int)?
    /// Coverage layers of translucent live strokes, by stroke.
    var coverage: [LiveStrokeID: Coverage] = [:]
    /// The canvas plus a translucent first stroke's frozen part, composited (`LiveLayer+Translucent`).
    var translucentBase: TranslucentBase?
    var translucentUsed: TranslucentUse?
    /// The selection being dragged (`LiveLayer+Moved`), kept while `.moved` items are live.
    var moved: MovedGroup?
    /// The commands of the drawables live now (`.drawable` and `.mark` items), by drawable: one
    /// drawn again unchanged (the text being typed, its caret, a shape held still) is not
    /// tessellated again each frame.
    private var drawableCommands: [Drawable: [DrawCommand]] = [:]
    /// Dragged selections tessellated (once per drag and scale), the seconds that took, and pictures
    /// of them rendered (once per sub-pixel phase of the drag's offset): for tests and stats.
    public internal(set) var movedTessellations = 0
    public internal(set) var movedTessellateSeconds = 0.0
    public internal(set) var movedPictureRenders = 0

    /// Points from which a live polyline grows its own streaming mesh.
    public static let streamingThreshold = 32

    public init(renderer: Renderer, scale: Double, origin: Point = .zero) {
        self.renderer = renderer
        self.scale = scale
        self.origin = origin
    }

    /// Whether the layer draws nothing cached (no live polyline has its own mesh).
    public var isIdle: Bool { polylines.isEmpty }

    /// Brings cached live meshes up to date with `items` (dropping those no longer live).
    public func update(_ items: [LiveItem]) {
        var seen = Set<LiveStrokeID>()
        for case .polyline(let id, let points, let color, let style, let widths) in items {
            seen.insert(id)
            // Short strokes (and the thousands of taps a replay may hold) are drawn with the batched
            // commands; a stroke gets its own growing GPU mesh once it is long enough to matter.
            if polylines[id] == nil && points.count < LiveLayer.streamingThreshold { continue }
            // A stroke whose widths start to vary is stroked anew at variable width, under a new
            // serial, so no cached base or coverage keeps its constant-width triangles.
            if polylines[id] == nil || polylines[id]!.pointCount > points.count
                || polylines[id]!.stroker.becomesVariable(with: widths) {
                nextSerial += 1
                polylines[id] = try? LivePolyline(color: color, style: style, scale: scale, origin: origin, serial: nextSerial)
            }
            polylines[id]?.grow(points, widths: widths)
        }
        if polylines.count != seen.count { polylines = polylines.filter { seen.contains($0.key) } }
        if moved != nil, !items.contains(where: \.isMoved) { moved = nil }
        if !drawableCommands.isEmpty {
            var live = Set<Drawable>()
            for item in items { if case .drawable(let d) = item { live.insert(d) } else if case .mark(let d) = item { live.insert(d) } }
            drawableCommands = drawableCommands.filter { live.contains($0.key) }
        }
        if coverage.count > 0 { coverage = coverage.filter { polylines[$0.key]?.serial == $0.value.serial } }
    }

    /// Canvas points to the pixels of a canvas-sized target: the layer's scale, `origin` at the top-left.
    public var canvasView: ViewTransform { ViewTransform(scale: scale, translation: Point(-origin.x * scale, -origin.y * scale)) }

    /// What the GPU applies to the layer's meshes (tessellated at `scale`, relative to `origin`) so
    /// that canvas points land where `view` puts them.
    func meshTransform(_ view: ViewTransform) -> ViewTransform {
        ViewTransform(scale: view.scale == scale ? 1 : view.scale / scale, translation: view.apply(origin))
    }

    /// Draws `items` into a canvas-sized `target` (after `update`), in order.
    public func draw(_ items: [LiveItem], into target: RenderTarget) {
        draw(items, into: target, view: canvasView)
    }

    /// Draws `items` into `target` through `view` (canvas points to target pixels), in order.
    public func draw(_ items: [LiveItem], into target: RenderTarget, view: ViewTransform) {
        draw(items, into: target, view: view, skipping: nil, overBase: false)
    }

    /// What a frame starts from (after `update`): the canvas picture `c` (whose pixels change only
    /// with `revision`, showing canvas points through `view`), or when the first live item is an
    /// opaque polyline, a target holding the picture and that stroke's frozen prefix, brought up to
    /// date by drawing only what froze since. Follow it with `drawOverBase` into the frame.
    public func base(over c: RenderTarget, revision: UInt64, view: ViewTransform, items: [LiveItem]) -> RenderTarget {
        baseUsed = nil
        translucentUsed = nil
        guard case .polyline(let id, _, _, _, _)? = items.first, let live = polylines[id] else { return c }
        if live.blend == .uniformAlpha { return translucentBase(id, live, canvas: c, revision: revision, view: view) ?? c }
        guard live.blend == .over else { return c }
        if base == nil || base!.target.width != c.width || base!.target.height != c.height {
            guard let t = try? RenderTarget(width: c.width, height: c.height) else { return c }
            base = Base(target: t, revision: revision &- 1, owner: nil, drawn: 0)
        }
        let owner = live.serial
        if base!.revision != revision || base!.owner != owner {
            renderer.copy(c, to: base!.target)
            base!.revision = revision
            base!.owner = owner
            base!.drawn = 0
        }
        let stable = min(live.stroker.stableIndexCount, live.mesh.indexCount)
        if stable > base!.drawn {
            renderer.draw(live.mesh, blend: .over, into: base!.target,
                          transform: meshTransform(view), indices: base!.drawn..<stable)
            base!.drawn = stable
        }
        baseUsed = (id, base!.drawn)
        return base!.target
    }

    /// Draws `items` into `target` through `view` over what the last `base(over:)` returned, placed
    /// there by the same view: as `draw`, less the first polyline's prefix that the base already holds.
    public func drawOverBase(_ items: [LiveItem], into target: RenderTarget, view: ViewTransform) {
        draw(items, into: target, view: view, skipping: baseUsed, overBase: true)
    }

    private func draw(_ items: [LiveItem], into target: RenderTarget, view: ViewTransform,
                      skipping: (id: LiveStrokeID, drawn: Int)?, overBase: Bool) {
        // Live meshes are tessellated at the layer's scale; the GPU applies the rest of the view.
        let transform = meshTransform(view)
        var pending: [DrawCommand] = []
        var i = 0
        while i < items.count {
            let item = items[i]
            if case .moved(_, let offset) = item {
                // A dragged selection: cached meshes or picture, translated (`LiveLayer+Moved`).
                renderer.draw(pending, into: target, transform: transform); pending.removeAll()
                let run = movedRun(items, from: i)
                drawMoved(run, offset: offset, into: target, view: view)
                i += run.count
                continue
            }
            if case .polyline(let id, _, _, _, _) = item, let live = polylines[id] {
                renderer.draw(pending, into: target, transform: transform); pending.removeAll()
                let first = i == 0 && skipping?.id == id ? skipping!.drawn : 0
                let tail = overBase && i == 0 && translucentUsed?.id == id
                i += 1
                if tail, let used = translucentUsed, drawTail(live, used, into: target, view: view) { continue }
                if live.blend == .uniformAlpha, drawTranslucent(id, live, into: target, view: view) { continue }
                renderer.draw(live.mesh, blend: live.blend, into: target, transform: transform,
                              indices: first..<live.mesh.indexCount, bounds: live.bounds)
            } else {
                pending += commands(item)
                i += 1
            }
        }
        renderer.draw(pending, into: target, transform: transform)
    }

    /// `item`'s commands at the layer's scale, relative to its origin; a drawable's kept while it stays live.
    private func commands(_ item: LiveItem) -> [DrawCommand] {
        let make = { (self.origin == .zero ? item : item.translated(by: Point(-self.origin.x, -self.origin.y))).commands(scale: self.scale) }
        let drawable: Drawable
        switch item {
        case .drawable(let d), .mark(let d): drawable = d
        default: return make()
        }
        if let kept = drawableCommands[drawable] { return kept }
        let made = make()
        drawableCommands[drawable] = made
        return made
    }

    /// A translucent live stroke at a cost independent of its length: the newly frozen triangles are
    /// added to its coverage layer (`GL_MAX`), the layer is copied to the renderer's scratch layer
    /// inside the stroke's bounds, the re-emitted tail is added there, and that is composited over
    /// `target` once: the pixels a committed stroke gets (`Renderer.drawUniformAlpha`).
    private func drawTranslucent(_ id: LiveStrokeID, _ live: LivePolyline, into target: RenderTarget, view: ViewTransform) -> Bool {
        let transform = meshTransform(view)
        guard let scratch = renderer.layer(matching: target), scratch !== target else { return false }
        guard var c = coverageLayer(id, live, like: target, view: view) else { return false }
        let clip = ClipTransform.target(width: target.width, height: target.height).after(transform)
        let area = renderer.pixelRect(live.bounds, transform: transform, in: target)
        let stable = min(live.stroker.stableIndexCount, live.mesh.indexCount)
        live.mesh.buffers.bind()
        if stable > c.drawn {
            let from = c.drawn
            renderer.accumulate(into: c.layer, clip: clip, area: area) {
                live.mesh.buffers.drawTriangles(first: from, count: stable - from)
            }
            c.drawn = stable
        }
        coverage[id] = c
        renderer.blit(c.layer, from: area, to: scratch, rect: area, clip: area)
        live.mesh.buffers.bind()
        renderer.accumulate(into: scratch, clip: clip, area: area) {
            live.mesh.buffers.drawTriangles(first: stable, count: live.mesh.indexCount - stable)
        }
        renderer.composite(layer: scratch, over: target, area: area)
        return true
    }

    /// Draws only the live-stroke triangles that the latest `update` rewrote or added, onto a
    /// canvas-sized target that already holds the rest of each stroke (an `.over` stroke's per-event
    /// cost, independent of its length). Translucent (`.uniformAlpha`) strokes would blend their
    /// rewritten tail twice, so they, and items other than polylines, are left to `draw`.
    public func drawChanges(_ items: [LiveItem], into target: RenderTarget) {
        let transform = meshTransform(canvasView)
        for case .polyline(let id, _, _, _, _) in items {
            guard let live = polylines[id], live.blend == .over, !live.changedIndices.isEmpty else { continue }
            renderer.draw(live.mesh, blend: .over, into: target, transform: transform, indices: live.changedIndices)
        }
    }

    /// Vertices and indices of the live polyline `id` on the GPU (nil when it is not live).
    public func meshCounts(_ id: LiveStrokeID) -> (vertices: Int, indices: Int)? {
        polylines[id].map { ($0.mesh.vertexCount, $0.mesh.indexCount) }
    }
}
