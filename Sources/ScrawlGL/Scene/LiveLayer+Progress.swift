import ScrawlCore

/// How far the last `base(over:)` got through its polyline, and where triangles of it lie: for a
/// frame that redraws only what changed of a stroke (`WindowScene+LiveUnder`).
extension LiveLayer {
    /// The polyline the last `base(over:)` drew a prefix of into its base: its serial, the indices
    /// drawn there (`0..<drawn`, frozen: never rewritten) and all it has; nil when that base holds none.
    var baseProgress: (serial: UInt64, drawn: Int, count: Int)? {
        guard let used = baseUsed, let live = polylines[used.id] else { return nil }
        return (live.serial, used.drawn, live.stroker.mesh.indices.count)
    }

    /// The pixels of `target` that the triangles `range` of that polyline may touch through `view`
    /// (their vertices' bounds, fringe included, and two pixels more); nil when there are none.
    func pixelBounds(ofIndices range: Range<Int>, view: ViewTransform, in target: RenderTarget) -> PixelRect? {
        guard let used = baseUsed, let live = polylines[used.id] else { return nil }
        let mesh = live.stroker.mesh
        let r = range.clamped(to: 0..<mesh.indices.count)
        guard !r.isEmpty else { return nil }
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for i in r {
            let v = mesh.vertices[Int(mesh.indices[i])]
            minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let box = Rect(minX: Double(minX), minY: Double(minY), maxX: Double(maxX), maxY: Double(maxY))
        let p = renderer.pixelRect(box, transform: meshTransform(view), in: target).grown(1)
        return p.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
    }
}
