import Foundation

/// An axis-aligned rectangle in canvas points.
public struct Rect: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    /// The rectangle spanned by two corners in any order.
    public init(corner a: Point, _ b: Point) {
        self.init(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
    }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }
    public var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// This rectangle shrunk by `d` on every side (grown when `d` is negative), as `CGRect.insetBy`.
    public func insetBy(_ d: Double) -> Rect { Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }
    public func union(_ o: Rect) -> Rect {
        Rect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }
    /// The bounds of a non-empty list of points, or nil for an empty one.
    public static func bounding(_ points: [Point]) -> Rect? {
        guard let f = points.first else { return nil }
        var r = Rect(minX: f.x, minY: f.y, maxX: f.x, maxY: f.y)
        for p in points.dropFirst() {
            r.minX = min(r.minX, p.x); r.minY = min(r.minY, p.y)
            r.maxX = max(r.maxX, p.x); r.maxY = max(r.maxY, p.y)
        }
        return r
    }
}
