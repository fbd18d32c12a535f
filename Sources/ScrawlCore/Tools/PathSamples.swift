/// Samples along a path at most one point apart, for the Follow handle to walk.
public struct PathSamples: Sendable {
    public let points: [Point]
    /// Indices wrap around (a closed path).
    public let closed: Bool

    /// Samples the first subpath of `path`, at most `spacing` points apart.
    public init(path: Path, spacing: Double = 1) {
        let line = path.firstSubpath.flattened(tolerance: 0.05).first
        var pts: [Point] = []
        let source = line?.points ?? []
        let closed = line?.closed ?? false
        // At most 1 point apart, but never more than about a million samples (a path ±1e6 points
        // long); lengths that overflow to infinity count as a million points.
        let ring = closed && source.count > 1 ? source + [source[0]] : source
        func length(_ a: Point, _ b: Point) -> Double { min(a.distance(to: b), 1e6) }
        let total = zip(ring, ring.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) }
        let spacing = max(spacing, total / 1_000_000)
        for (i, p) in ring.enumerated() {
            if i == 0 { pts.append(p); continue }
            let a = ring[i - 1]
            let d = length(a, p)
            if d < 1e-9 || !d.isFinite { continue }
            let n = max(1, Int((d / spacing).rounded(.up)))
            for k in 1...n { pts.append(a.lerp(p, Double(k) / Double(n))) }
        }
        if closed, pts.count > 1, pts[pts.count - 1].distance(to: pts[0]) < 1e-9 { pts.removeLast() }
        self.points = pts
        self.closed = closed
    }

    /// The index `offset` steps from `index`, wrapped on closed paths and clamped on open ones.
    public func index(_ index: Int, offset: Int) -> Int {
        let n = points.count
        let i = index + offset
        if closed { return ((i % n) + n) % n }
        return min(max(i, 0), n - 1)
    }

    /// Slides from `index` towards `target`: to the neighbour that is strictly closer,
    /// then on in that direction while each step gets strictly closer. Ties stay.
    public func slide(from index: Int, towards target: Point) -> Int {
        guard points.count > 1 else { return index }
        func dist(_ off: Int) -> Double { (points[self.index(index, offset: off)] - target).lengthSquared }
        let here = dist(0), earlier = dist(-1), later = dist(1)
        if here <= earlier && here <= later { return index }
        let direction = earlier < later ? -1 : 1
        var offset = direction
        var best = min(earlier, later)
        while abs(offset) < points.count {
            let next = dist(offset + direction)
            if next >= best { break }
            best = next
            offset += direction
        }
        return self.index(index, offset: offset)
    }
}
