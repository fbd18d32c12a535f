import ScrawlCore

/// Draws the live layer: in-progress strokes, guides and handles, every frame. A Pencil stroke's
/// mesh grows incrementally: a `moved` event tessellates and uploads only the new part.
public final class LiveLayer {
    private final class LivePolyline {
        var stroker: IncrementalStroker
        let mesh: StreamingMesh
        var pointCount = 0
        let blend: StrokeBlend
        /// The indices the latest `grow` rewrote or added (empty when it changed nothing).
        var changedIndices = 0..<0

        init(color: Color, style: StrokeOptions, scale: Double) throws {
            stroker = IncrementalStroker(options: style, color: color, scale: scale)
            mesh = try StreamingMesh()
            blend = color.isOpaque ? .over : .uniformAlpha
        }

        /// Appends the points after `pointCount` and uploads what changed.
        func grow(_ points: [Point]) {
            guard points.count > pointCount else {
                changedIndices = stroker.mesh.indices.count..<stroker.mesh.indices.count
                return
            }
            var firstVertex = Int.max, firstIndex = Int.max
            for p in points[pointCount...] {
                let change = stroker.append(p)
                firstVertex = min(firstVertex, change.firstVertex)
                firstIndex = min(firstIndex, change.firstIndex)
            }
            pointCount = points.count
            let count = stroker.mesh.indices.count
            mesh.update(stroker.mesh, firstVertex: min(firstVertex, stroker.mesh.vertices.count),
                        firstIndex: min(firstIndex, count))
            changedIndices = min(firstIndex, count)..<count
        }
    }

    public let renderer: Renderer
    public let scale: Double
    private var polylines: [LiveStrokeID: LivePolyline] = [:]

    public init(renderer: Renderer, scale: Double) {
        self.renderer = renderer
        self.scale = scale
    }

    /// Brings cached live meshes up to date with `items` (dropping those no longer live).
    public func update(_ items: [LiveItem]) {
        var seen = Set<LiveStrokeID>()
        for case .polyline(let id, let points, let color, let style) in items {
            seen.insert(id)
            if polylines[id] == nil || polylines[id]!.pointCount > points.count {
                polylines[id] = try? LivePolyline(color: color, style: style, scale: scale)
            }
            polylines[id]?.grow(points)
        }
        polylines = polylines.filter { seen.contains($0.key) }
    }

    /// Draws `items` into `target` (after `update`), in order.
    public func draw(_ items: [LiveItem], into target: RenderTarget) {
        var pending: [DrawCommand] = []
        for item in items {
            if case .polyline(let id, _, _, _) = item, let live = polylines[id] {
                renderer.draw(pending, into: target); pending.removeAll()
                renderer.draw(live.mesh, blend: live.blend, into: target)
            } else {
                pending += item.commands(scale: scale)
            }
        }
        renderer.draw(pending, into: target)
    }

    /// Draws only the live-stroke triangles that the latest `update` rewrote or added, onto a target
    /// that already holds the rest of each stroke (an `.over` stroke's per-event cost, independent
    /// of its length). Translucent (`.uniformAlpha`) strokes would blend their rewritten tail twice,
    /// so they, and items other than polylines, are left to `draw`.
    public func drawChanges(_ items: [LiveItem], into target: RenderTarget) {
        for case .polyline(let id, _, _, _) in items {
            guard let live = polylines[id], live.blend == .over, !live.changedIndices.isEmpty else { continue }
            renderer.draw(live.mesh, blend: .over, into: target, indices: live.changedIndices)
        }
    }

    /// Vertices and indices of the live polyline `id` on the GPU (nil when it is not live).
    public func meshCounts(_ id: LiveStrokeID) -> (vertices: Int, indices: Int)? {
        polylines[id].map { ($0.mesh.vertexCount, $0.mesh.indexCount) }
    }
}
