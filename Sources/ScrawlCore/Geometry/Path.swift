/// One element of a path, as in Core Graphics and SVG.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// A quadratic Bézier to `to` with control point `control`.
    case quad(control: Point, to: Point)
    /// A cubic Bézier to `to` with control points `c1`, `c2`.
    case cubic(c1: Point, c2: Point, to: Point)
    case close

    /// The point this element ends at, or nil for `close`.
    public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p): return p
        case .quad(_, let p): return p
        case .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// Every point the element names (controls included).
    public var points: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }
}

/// A sequence of subpaths made of lines, quadratic and cubic Béziers. A value type.
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement] = []

    public init() {}
    public init(elements: [PathElement]) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }
    /// The end point of the last element that has one (where the next segment starts).
    public var currentPoint: Point? {
        for e in elements.reversed() { if let p = e.endPoint { return p } }
        return nil
    }
    /// The first point of the path, or nil when it is empty.
    public var firstPoint: Point? { elements.first?.endPoint }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { implicitMove(); elements.append(.line(p)) }
    public mutating func quad(control c: Point, to p: Point) { implicitMove(); elements.append(.quad(control: c, to: p)) }
    public mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) {
        implicitMove(); elements.append(.cubic(c1: c1, c2: c2, to: p))
    }
    public mutating func close() { if !elements.isEmpty { elements.append(.close) } }
    public mutating func append(_ other: Path) { elements += other.elements }

    /// A segment with no current point starts at the origin, as in Core Graphics' empty-path case.
    private mutating func implicitMove() { if elements.isEmpty { elements.append(.move(.zero)) } }

    /// Every coordinate is finite.
    public var isFinite: Bool { elements.allSatisfy { $0.points.allSatisfy(\.isFinite) } }

    /// The path with `transform` applied to every point.
    public func mapped(_ transform: (Point) -> Point) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(transform(p))
            case .line(let p): return .line(transform(p))
            case .quad(let c, let p): return .quad(control: transform(c), to: transform(p))
            case .cubic(let c1, let c2, let p): return .cubic(c1: transform(c1), c2: transform(c2), to: transform(p))
            case .close: return .close
            }
        })
    }
}

extension Path {
    /// A polyline through `points` (a single `move` for one point).
    public static func polyline(_ points: [Point]) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        return p
    }

    /// A closed rectangle starting at its top-left corner, clockwise on screen (y down).
    public static func rectangle(_ r: Rect) -> Path {
        var p = Path()
        p.move(to: Point(r.minX, r.minY))
        p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY))
        p.line(to: Point(r.minX, r.maxY))
        p.close()
        return p
    }

    /// The ellipse inscribed in `r` as four cubics, starting at its rightmost point, clockwise on screen.
    public static func ellipse(in r: Rect) -> Path {
        let k = 0.5522847498307936  // 4/3·(√2 − 1): the standard quarter-circle cubic
        let c = r.center, rx = r.width / 2, ry = r.height / 2
        let ox = rx * k, oy = ry * k
        var p = Path()
        p.move(to: Point(c.x + rx, c.y))
        p.cubic(Point(c.x + rx, c.y + oy), Point(c.x + ox, c.y + ry), to: Point(c.x, c.y + ry))
        p.cubic(Point(c.x - ox, c.y + ry), Point(c.x - rx, c.y + oy), to: Point(c.x - rx, c.y))
        p.cubic(Point(c.x - rx, c.y - oy), Point(c.x - ox, c.y - ry), to: Point(c.x, c.y - ry))
        p.cubic(Point(c.x + ox, c.y - ry), Point(c.x + rx, c.y - oy), to: Point(c.x + rx, c.y))
        p.close()
        return p
    }
}
