import Foundation

/// A point or vector in canvas points (origin top-left, y down).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    public var description: String { "(\(x), \(y))" }
    public var isFinite: Bool { x.isFinite && y.isFinite }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var lengthSquared: Double { x * x + y * y }

    /// The unit vector in this direction, or nil for a (near) zero vector.
    public var normalized: Point? {
        let l = length
        return l > 1e-12 ? Point(x / l, y / l) : nil
    }
    /// The vector rotated +90° (counter-clockwise in math axes, clockwise on a y-down screen).
    public var perpendicular: Point { Point(-y, x) }

    public func distance(to other: Point) -> Double { (self - other).length }
    public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    /// Linear interpolation: `self` at t = 0, `other` at t = 1.
    public func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
    /// This vector rotated by `angle` radians (positive turns x towards y).
    public func rotated(by angle: Double) -> Point {
        let c = cos(angle), s = sin(angle)
        return Point(x * c - y * s, x * s + y * c)
    }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    public static func += (a: inout Point, b: Point) { a = a + b }
    public static func -= (a: inout Point, b: Point) { a = a - b }
}
