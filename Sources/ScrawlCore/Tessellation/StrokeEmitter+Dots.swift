extension StrokeEmitter {
    /// A zero-length subpath (a tap): a disc (round caps; see `roundDot`), an axis-aligned square of
    /// side `width` (square caps: 6 vertices, 4 triangles), or nothing (butt caps).
    func dot(at p: Point, into m: inout MeshWriter) {
        let r = style.radius
        switch style.cap {
        case .butt:
            return
        case .round:
            if style.dotIsPixelQuads { pixelDot(at: p, into: &m) } else { fanDot(at: p, into: &m) }
        case .square:
            // Three rows across x: along 0 → radius → 0; edge ±radius across y.
            let n = Point(0, 1)
            let left = row(at: Point(p.x - r, p.y), normal: n, along: 0, s: 0, into: &m)
            let mid = row(at: p, normal: n, along: r, s: 0, into: &m)
            let right = row(at: Point(p.x + r, p.y), normal: n, along: 0, s: 0, into: &m)
            quad(left, mid, into: &m)
            quad(mid, right, into: &m)
        }
    }

    /// A dot at least `StrokeStyle.pixelDotHalfWidth` px in half width: a fan around the
    /// circumscribed `RoundRim` (`dotRim.segments + 1` vertices and as many triangles), with the
    /// shader radius `dotRadius`, so its coverage integrates to the disc's area about its centre.
    private func fanDot(at p: Point, into m: inout MeshWriter) {
        let rim = style.dotRim
        let rc = style.dotRadius, rf = Float(rc)
        let far = StrokeStyle.farAlong
        let centre = m.addVertex(p, edge: 0, radius: rf, along: far, arc: 0, color: style.color)
        var v = Point(rc * rim.rimScale, 0)
        let first = m.addVertex(p + v, edge: rc, radius: rf, along: far, arc: 0, color: style.color)
        var previous = first
        for _ in 1..<rim.segments {
            v = Point(v.x * rim.step.cos - v.y * rim.step.sin, v.x * rim.step.sin + v.y * rim.step.cos)
            let i = m.addVertex(p + v, edge: rc, radius: rf, along: far, arc: 0, color: style.color)
            m.addStrokeTriangle(centre, previous, i)
            previous = i
        }
        m.addStrokeTriangle(centre, previous, first)
    }

    /// A dot thinner than `StrokeStyle.pixelDotHalfWidth`: one quad per device pixel it touches,
    /// with edge 0 and the pixel's `PixelDot` coverage as `radius` (so the shader draws exactly it).
    private func pixelDot(at p: Point, into m: inout MeshWriter) {
        let h = style.halfWidth
        let side = PixelDot.maxSide(halfWidth: h)
        let x0 = PixelDot.origin(p.x, halfWidth: h), y0 = PixelDot.origin(p.y, halfWidth: h)
        let values = PixelDot.coverage(centre: p, halfWidth: h)
        for j in 0..<side {
            for i in 0..<side where values[j * side + i] > 1e-7 {
                pixelQuad(x: Double(x0 + i), y: Double(y0 + j), coverage: values[j * side + i], into: &m)
            }
        }
    }

    /// The quad over the device pixel whose top left corner is (`x`, `y`), with constant coverage.
    private func pixelQuad(x: Double, y: Double, coverage: Double, into m: inout MeshWriter) {
        let c = Float(min(coverage, 1)), far = StrokeStyle.farAlong
        let corners = [Point(x, y), Point(x + 1, y), Point(x + 1, y + 1), Point(x, y + 1)].map {
            m.addVertex($0, edge: 0, radius: c, along: far, arc: 0, color: style.color)
        }
        m.addStrokeTriangle(corners[0], corners[1], corners[2])
        m.addStrokeTriangle(corners[0], corners[2], corners[3])
    }
}
