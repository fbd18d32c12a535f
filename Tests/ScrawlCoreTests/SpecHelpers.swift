import Foundation
import XCTest
@testable import ScrawlCore

/// Helpers for the spec tests (the `*SpecTests` files): read the live layer and committed geometry
/// through public values only, and evaluate paths exactly (never through the temporary flattener).
enum SpecHelpers {
    // MARK: Spec checks

    /// A spec check that once disagreed with the code: fails the test with `message` unless it holds.
    static func specHolds(_ holds: Bool, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(holds, "spec disagreement: " + message, file: file, line: line)
    }

    // MARK: Events

    static func began(_ id: Int, _ p: Point, shift: Bool = false) -> Touch {
        Touch(id: id, phase: .began, location: p, shift: shift)
    }
    static func moved(_ id: Int, _ p: Point, shift: Bool = false) -> Touch {
        Touch(id: id, phase: .moved, location: p, shift: shift)
    }
    static func ended(_ id: Int, _ p: Point, shift: Bool = false) -> Touch {
        Touch(id: id, phase: .ended, location: p, shift: shift)
    }
    static func cancelled(_ id: Int, _ p: Point) -> Touch { Touch(id: id, phase: .cancelled, location: p) }

    static func ev(_ touches: Touch...) -> InputEvent { .touches(touches) }

    /// began at `points[0]`, moved through the middle ones, ended at the last (a tap for one point).
    static func drag(_ points: [Point], id: Int = 0, shift: Bool = false) -> [InputEvent] {
        if points.count == 1 { return [ev(began(id, points[0], shift: shift)), ev(ended(id, points[0], shift: shift))] }
        return points.enumerated().map { i, p in
            let phase: TouchPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
            return .touches([Touch(id: id, phase: phase, location: p, shift: shift)])
        }
    }

    /// Points from `a` to `b` (both included) about `step` apart.
    static func steps(_ a: Point, _ b: Point, step: Double = 1) -> [Point] {
        let n = max(1, Int((a.distance(to: b) / step).rounded(.up)))
        return (0...n).map { a.lerp(b, Double($0) / Double(n)) }
    }

    // MARK: Committed and live items

    static func drawables(_ e: Editor) -> [Drawable] { e.displayList.drawables }

    static func stamps(_ e: Editor) -> [StampDrawable] {
        e.displayList.drawables.compactMap { if case .stamp(let s) = $0 { return s } else { return nil } }
    }

    static func liveDrawables(_ e: Editor) -> [Drawable] {
        e.liveItems.compactMap(\.shownDrawable)
    }

    static func livePaths(_ e: Editor) -> [PathDrawable] {
        liveDrawables(e).compactMap { if case .path(let p) = $0 { return p } else { return nil } }
    }

    static func liveStamps(_ e: Editor) -> [StampDrawable] {
        liveDrawables(e).compactMap { if case .stamp(let s) = $0 { return s } else { return nil } }
    }

    struct Guide { var path: Path; var color: Color; var width: Double; var pattern: DashPattern }

    static func guides(_ e: Editor) -> [Guide] {
        e.liveItems.compactMap {
            if case .dashed(let p, let c, let w, let pat) = $0 { return Guide(path: p, color: c, width: w, pattern: pat) }
            return nil
        }
    }

    // MARK: Exact path evaluation

    /// Points along every segment of the path's subpaths (`n` per curve, the closing line included),
    /// evaluated from the Bézier formulas, not from any flattener.
    static func sample(_ path: Path, perCurve n: Int = 48) -> [[Point]] {
        var out: [[Point]] = []
        var cur: [Point] = []
        var start = Point.zero, last = Point.zero
        func flush() { if !cur.isEmpty { out.append(cur) }; cur = [] }
        for el in path.elements {
            switch el {
            case .move(let p): flush(); cur = [p]; start = p; last = p
            case .line(let p):
                if cur.isEmpty { cur = [last] }
                for i in 1...n { cur.append(last.lerp(p, Double(i) / Double(n))) }
                last = p
            case .quad(let c, let p):
                if cur.isEmpty { cur = [last] }
                for i in 1...n { cur.append(quad(last, c, p, Double(i) / Double(n))) }
                last = p
            case .cubic(let c1, let c2, let p):
                if cur.isEmpty { cur = [last] }
                for i in 1...n { cur.append(cubic(last, c1, c2, p, Double(i) / Double(n))) }
                last = p
            case .close:
                for i in 1...n { cur.append(last.lerp(start, Double(i) / Double(n))) }
                last = start
                flush()
            }
        }
        flush()
        return out
    }

    static func quad(_ a: Point, _ c: Point, _ b: Point, _ t: Double) -> Point {
        let u = 1 - t
        return a * (u * u) + c * (2 * u * t) + b * (t * t)
    }

    static func cubic(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, _ t: Double) -> Point {
        let u = 1 - t
        return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
    }

    /// The corner points of a path made of moves and lines only (nil if it has curves); a trailing
    /// repeat of the first point before `close` is dropped.
    static func vertices(_ path: Path) -> (points: [Point], closed: Bool)? {
        var pts: [Point] = []
        var closed = false
        for el in path.elements {
            switch el {
            case .move(let p), .line(let p): pts.append(p)
            case .close: closed = true
            default: return nil
            }
        }
        if closed, pts.count > 1, pts.last == pts.first { pts.removeLast() }
        return (pts, closed)
    }

    /// Twice the signed area with y down: positive for a loop that runs clockwise on screen.
    static func signedArea(_ pts: [Point]) -> Double {
        guard pts.count > 2 else { return 0 }
        var s = 0.0
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            s += a.x * b.y - b.x * a.y
        }
        return s
    }

    /// The line segments a path of moves and lines draws (nil if it has curves or `close`).
    static func segments(_ elements: some Sequence<PathElement>) -> [(Point, Point)]? {
        var cur: Point?
        var out: [(Point, Point)] = []
        for el in elements {
            switch el {
            case .move(let p): cur = p
            case .line(let p):
                guard let c = cur else { return nil }
                out.append((c, p)); cur = p
            default: return nil
            }
        }
        return out
    }

    // MARK: Follow handle

    /// The Follow handle ring: the live path stroked red.
    static func ring(_ e: Editor) -> PathDrawable? { livePaths(e).first { $0.stroke == .red } }

    /// The centre of the handle ring (circumcentre of three of its on-curve points).
    static func handle(_ e: Editor) -> Point? {
        guard let r = ring(e) else { return nil }
        let pts = r.path.elements.compactMap(\.endPoint)
        guard pts.count >= 3 else { return nil }
        // Three points spread around the ring.
        return circumcentre(pts[0], pts[pts.count / 3], pts[2 * pts.count / 3])
    }

    static func circumcentre(_ a: Point, _ b: Point, _ c: Point) -> Point? {
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-12 else { return nil }
        let a2 = a.lengthSquared, b2 = b.lengthSquared, c2 = c.lengthSquared
        return Point((a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
                     (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d)
    }

    static func follow(_ e: Editor) -> FollowTool? { e.tool as? FollowTool }

    // MARK: Smooth brush reference (the spec's 5-point scheme)

    static func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }

    /// The elements the spec gives for a Smooth stroke through `points` (distinct consecutive points).
    static func smoothReference(_ points: [Point]) -> [PathElement] {
        var out: [PathElement] = [.move(points[0])]
        var buf = [points[0]]
        for p in points.dropFirst() {
            buf.append(p)
            if buf.count == 5 {
                let m = mid(buf[2], buf[4])
                out.append(.cubic(c1: buf[1], c2: buf[2], to: m))
                buf = [m, buf[4]]
            }
        }
        switch buf.count {
        case 2: out.append(.line(buf[1]))
        case 3: out.append(.quad(control: buf[1], to: buf[2]))
        case 4: out.append(.cubic(c1: buf[1], c2: buf[2], to: buf[3]))
        default: break
        }
        return out
    }

    // MARK: Assertions

    static func assertClose(_ a: Point?, _ b: Point, _ tol: Double = 1e-9, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("nil point, expected \(b) \(message)", file: file, line: line) }
        XCTAssertLessThanOrEqual(a.distance(to: b), tol, "\(a) is not \(b) \(message)", file: file, line: line)
    }

    static func allFinite(_ d: Drawable) -> Bool {
        switch d {
        case .path(let p): return p.path.isFinite && p.style.width.isFinite
        case .stamp(let s): return s.rect.minX.isFinite && s.rect.minY.isFinite && s.rect.maxX.isFinite && s.rect.maxY.isFinite
        case .text(let t): return t.outline.isFinite && t.size.isFinite && t.position.isFinite
        }
    }
}
