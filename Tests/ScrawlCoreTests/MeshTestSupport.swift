import XCTest
import ScrawlCore

/// A seeded generator (SplitMix64) so randomized tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed; MeshBoundCheck.register() }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One triangle of a mesh with its vertices.
struct Tri {
    var a: Vertex, b: Vertex, c: Vertex

    /// Signed area in device px² (x right, y down), from the stored `Float` positions.
    var signedArea: Double {
        let ax = Double(a.x), ay = Double(a.y)
        return ((Double(b.x) - ax) * (Double(c.y) - ay) - (Double(b.y) - ay) * (Double(c.x) - ax)) / 2
    }

    /// Barycentric weights of `p`, or nil when `p` lies outside (beyond a small slack).
    func weights(_ p: Point) -> (Double, Double, Double)? {
        let ax = Double(a.x), ay = Double(a.y), bx = Double(b.x), by = Double(b.y)
        let cx = Double(c.x), cy = Double(c.y)
        let det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy)
        guard det != 0 else { return nil }
        let l1 = ((by - cy) * (p.x - cx) + (cx - bx) * (p.y - cy)) / det
        let l2 = ((cy - ay) * (p.x - cx) + (ax - cx) * (p.y - cy)) / det
        let l3 = 1 - l1 - l2
        let eps = -1e-9
        return l1 >= eps && l2 >= eps && l3 >= eps ? (l1, l2, l3) : nil
    }
}

extension Mesh {
    var triangles: [Tri] {
        MeshBoundCheck.register()
        return stride(from: 0, to: indices.count, by: 3).map {
            Tri(a: vertices[Int(indices[$0])], b: vertices[Int(indices[$0 + 1])], c: vertices[Int(indices[$0 + 2])])
        }
    }
}

/// Evaluates the fragment shader's coverage formula on the CPU, taking the maximum over overlapping
/// triangles (the union an opaque stroke shows).
struct CoverageField {
    let triangles: [Tri]
    /// Triangle indices by 16 px grid cell (a spatial index, so sampling stays cheap).
    private var cells: [Int: [Int]] = [:]
    private static let cellSize = 16.0

    init(_ mesh: Mesh) {
        triangles = mesh.triangles
        for (i, t) in triangles.enumerated() {
            let xs = [t.a.x, t.b.x, t.c.x].map(Double.init), ys = [t.a.y, t.b.y, t.c.y].map(Double.init)
            let (x0, x1) = (Self.cell(xs.min()! - 1e-3), Self.cell(xs.max()! + 1e-3))
            let (y0, y1) = (Self.cell(ys.min()! - 1e-3), Self.cell(ys.max()! + 1e-3))
            guard x1 - x0 < 1000, y1 - y0 < 1000 else { continue }
            for cy in y0...y1 { for cx in x0...x1 { cells[Self.key(cx, cy), default: []].append(i) } }
        }
    }

    private static func cell(_ v: Double) -> Int { Int((v / cellSize).rounded(.down)) }
    private static func key(_ cx: Int, _ cy: Int) -> Int { cx &* 1_000_003 &+ cy }

    /// Coverage at `p` and the interpolated `arc` of the triangle giving it (nil when uncovered).
    func sample(_ p: Point) -> (coverage: Double, arc: Double?) {
        var best = 0.0
        var arc: Double?
        for i in cells[Self.key(Self.cell(p.x), Self.cell(p.y))] ?? [] {
            let t = triangles[i]
            guard let (l1, l2, l3) = t.weights(p) else { continue }
            let c = Self.coverage(t, l1, l2, l3)
            if arc == nil || c > best {
                best = c
                arc = l1 * Double(t.a.arc) + l2 * Double(t.b.arc) + l3 * Double(t.c.arc)
            }
        }
        return (best, arc)
    }

    /// The best coverage at `p` or within `slack` of it (stored `Float` positions blur exact edges).
    func sample(near p: Point, slack: Double = 1e-3) -> Double {
        let offsets = [Point(0, 0), Point(slack, 0), Point(-slack, 0), Point(0, slack), Point(0, -slack)]
        return offsets.map { sample(p + $0).coverage }.max()!
    }

    static func coverage(_ t: Tri, _ l1: Double, _ l2: Double, _ l3: Double) -> Double {
        func lerp(_ f: (Vertex) -> Float) -> Double {
            l1 * Double(f(t.a)) + l2 * Double(f(t.b)) + l3 * Double(f(t.c))
        }
        let edge = lerp(\.edge), radius = lerp(\.radius), along = lerp(\.along)
        return min(max(radius - abs(edge), 0), 1) * min(max(along, 0), 1)
    }

    /// Coverage at every pixel centre of a `width × height` device image, row-major.
    func rasterize(width: Int, height: Int) -> [Double] {
        var image = [Double](repeating: 0, count: width * height)
        for t in triangles {
            let xs = [t.a.x, t.b.x, t.c.x], ys = [t.a.y, t.b.y, t.c.y]
            let x0 = max(0, Int(floor(Double(xs.min()!) - 0.5))), x1 = min(width - 1, Int(ceil(Double(xs.max()!))))
            let y0 = max(0, Int(floor(Double(ys.min()!) - 0.5))), y1 = min(height - 1, Int(ceil(Double(ys.max()!))))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    guard let (l1, l2, l3) = t.weights(Point(Double(x) + 0.5, Double(y) + 0.5)) else { continue }
                    let c = Self.coverage(t, l1, l2, l3)
                    if c > image[y * width + x] { image[y * width + x] = c }
                }
            }
        }
        return image
    }
}

/// Distance from `p` to the segment `a b`.
func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let ab = b - a
    let l2 = ab.lengthSquared
    guard l2 > 0 else { return p.distance(to: a) }
    let t = min(max((p - a).dot(ab) / l2, 0), 1)
    return p.distance(to: a + ab * t)
}

/// Distance from `p` to a polyline (closed ones include their closing segment).
func distance(_ p: Point, to line: Polyline) -> Double {
    let pts = line.points
    guard pts.count > 1 else { return pts.first.map { p.distance(to: $0) } ?? .infinity }
    var best = Double.infinity
    for i in 1..<pts.count { best = min(best, distance(p, toSegment: pts[i - 1], pts[i])) }
    if line.closed { best = min(best, distance(p, toSegment: pts[pts.count - 1], pts[0])) }
    return best
}

/// Asserts the stroke-mesh invariants: finite vertices, indices in range, no degenerate triangle,
/// every triangle with positive signed area (y-down device coordinates).
func assertWellFormedStroke(_ mesh: Mesh, _ message: @autoclosure () -> String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(Mesh.boundOverflowCount, 0, "a tessellator's mesh bound proved too small", file: file, line: line)
    for v in mesh.vertices {
        let fields = [v.x, v.y, v.edge, v.radius, v.along, v.arc]
        if !fields.allSatisfy(\.isFinite) {
            XCTFail("non-finite vertex \(v) \(message())", file: file, line: line)
            return
        }
    }
    XCTAssertEqual(mesh.indices.count % 3, 0, message(), file: file, line: line)
    XCTAssertTrue(mesh.indices.allSatisfy { Int($0) < mesh.vertices.count }, message(), file: file, line: line)
    for t in mesh.triangles {
        let area = t.signedArea
        if area < 1e-6 {
            XCTFail("triangle area \(area) (degenerate or inverted) \(message())", file: file, line: line)
            return
        }
    }
}

/// Fails every test that ends with `Mesh.boundOverflowCount` above zero: a tessellator's upper bound
/// proved too small (release builds retry with more room, so only the count shows it). Registered
/// by the first use of the mesh helpers above; every test from then on checks it in a teardown block.
final class MeshBoundCheck: XCTestObservation {
    private static let registration: Void = XCTestObservationCenter.shared.addTestObserver(MeshBoundCheck())

    /// Starts checking after each test (once per process).
    static func register() { registration }

    func testCaseWillStart(_ testCase: XCTestCase) {
        testCase.addTeardownBlock {
            XCTAssertEqual(Mesh.boundOverflowCount, 0, "a tessellator's mesh bound proved too small (in this test or an earlier one)")
        }
    }
}
