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

    /// The element's kind without its points.
    public var verb: PathVerb {
        switch self {
        case .move: return .move
        case .line: return .line
        case .quad: return .quad
        case .cubic: return .cubic
        case .close: return .close
        }
    }

    /// The element of kind `verb` whose points start at `points[i]`.
    @inline(__always)
    init(_ verb: PathVerb, _ points: [Point], at i: Int) {
        switch verb {
        case .move: self = .move(points[i])
        case .line: self = .line(points[i])
        case .quad: self = .quad(control: points[i], to: points[i + 1])
        case .cubic: self = .cubic(c1: points[i], c2: points[i + 1], to: points[i + 2])
        case .close: self = .close
        }
    }
}

/// A path element's kind, one byte: what `Path` stores per element next to its points.
public enum PathVerb: UInt8, Hashable, Sendable {
    case move, line, quad, cubic, close

    /// How many points an element of this kind names (controls included).
    @inline(__always)
    public var pointCount: Int {
        switch self {
        case .move, .line: return 1
        case .quad: return 2
        case .cubic: return 3
        case .close: return 0
        }
    }
}

/// A sequence of subpaths made of lines, quadratic and cubic Béziers. A value type.
///
/// Stored as Skia and lyon do: one verb per element and one array of all the elements' points in
/// order (move and line 1, quad 2, cubic 3, close 0), about 17 bytes per polyline point.
/// `elements` reads it as `PathElement`s. Equal paths have equal elements in the same order.
public struct Path: Hashable, Sendable {
    /// Each element's kind, in order.
    public private(set) var verbs: [PathVerb] = []
    /// Every element's points in order, controls included.
    public private(set) var points: [Point] = []

    public init() {}
    public init(elements: [PathElement]) {
        var pointCount = 0
        for e in elements { pointCount += e.verb.pointCount }
        reserveCapacity(elements: elements.count, points: pointCount)
        for e in elements { append(e) }
    }

    /// A path of these verbs and points; `points` must hold exactly the points the verbs name.
    init(verbs: [PathVerb], points: [Point]) {
        assert(verbs.reduce(0) { $0 + $1.pointCount } == points.count, "verbs and points disagree")
        self.verbs = verbs
        self.points = points
    }

    /// The elements in order, read from the verbs and points (no copy).
    public var elements: Elements { Elements(verbs: verbs, points: points) }

    public var isEmpty: Bool { verbs.isEmpty }
    /// The end point of the last element that has one (where the next segment starts).
    public var currentPoint: Point? { points.last }
    /// The first point of the path, or nil when it is empty.
    public var firstPoint: Point? {
        guard let v = verbs.first, v != .close else { return nil }
        return points[v.pointCount - 1]
    }

    public mutating func move(to p: Point) { verbs.append(.move); points.append(p) }
    public mutating func line(to p: Point) { implicitMove(); verbs.append(.line); points.append(p) }
    public mutating func quad(control c: Point, to p: Point) {
        implicitMove(); verbs.append(.quad); points.append(c); points.append(p)
    }
    public mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) {
        implicitMove(); verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }
    public mutating func close() { if !verbs.isEmpty { verbs.append(.close) } }
    public mutating func append(_ other: Path) {
        verbs.append(contentsOf: other.verbs)
        points.append(contentsOf: other.points)
    }

    /// Appends `e` as it is (no implicit move), as `Path(elements:)` does.
    public mutating func append(_ e: PathElement) {
        verbs.append(e.verb)
        switch e {
        case .move(let p), .line(let p): points.append(p)
        case .quad(let c, let p): points.append(c); points.append(p)
        case .cubic(let c1, let c2, let p): points.append(c1); points.append(c2); points.append(p)
        case .close: break
        }
    }

    /// Removes the last element and returns it, or nil when the path is empty.
    @discardableResult
    public mutating func removeLastElement() -> PathElement? {
        guard let v = verbs.popLast() else { return nil }
        let e = PathElement(v, points, at: points.count - v.pointCount)
        points.removeLast(v.pointCount)
        return e
    }

    /// Makes room for `elements` more elements naming `points` more points.
    public mutating func reserveCapacity(elements: Int, points: Int) {
        verbs.reserveCapacity(verbs.count + elements)
        self.points.reserveCapacity(self.points.count + points)
    }

    /// A segment with no current point starts at the origin, as in Core Graphics' empty-path case.
    private mutating func implicitMove() { if verbs.isEmpty { move(to: .zero) } }

    /// Every coordinate is finite.
    public var isFinite: Bool { points.allSatisfy(\.isFinite) }

    /// The path with `transform` applied to every point (in order, controls included).
    public func mapped(_ transform: (Point) -> Point) -> Path {
        Path(verbs: verbs, points: points.map(transform))
    }

    /// The same path in arrays of just their size, or nil when both already are (give or take the
    /// allocator's rounding: under 16 bytes of spare verbs).
    func trimmedStorage() -> Path? {
        guard verbs.capacity - verbs.count >= 16 || points.capacity > points.count else { return nil }
        return Path(verbs: Path.exactCopy(verbs), points: Path.exactCopy(points))
    }

    /// A copy of `a` in an allocation of its size (the allocator may still round it up a little).
    private static func exactCopy<T>(_ a: [T]) -> [T] {
        [T](unsafeUninitializedCapacity: a.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: a)
        }
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
