/// A rectangle's corners and its distances to points and segments (a stamp's hit tests).
extension Rect {
    /// The rectangle's four corners, clockwise on screen from the top-left.
    public var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }

    /// Whether `p` lies inside or on the edge.
    public func containsClosed(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// Distance from `p` to the rectangle (0 inside).
    public func distance(to p: Point) -> Double {
        let dx = max(minX - p.x, 0, p.x - maxX), dy = max(minY - p.y, 0, p.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Distance from the segment `a`–`b` to the rectangle (0 when it enters it).
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        if containsClosed(a) || containsClosed(b) { return 0 }
        let corners = [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
        var best = min(distance(to: a), distance(to: b))
        for i in 0..<4 { best = min(best, Point.segmentDistance(a, b, corners[i], corners[(i + 1) % 4])) }
        return best
    }
}
