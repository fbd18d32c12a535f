import XCTest
import ScrawlCore

/// Randomized hostile paths: repeated points, reversals, cusps, tiny segments under wide strokes.
final class RandomStrokeTests: XCTestCase {
    struct Case {
        var path: Path
        var options: StrokeOptions
        var scale: Double
    }

    static func randomCase(_ rng: inout SeededGenerator) -> Case {
        var path = Path()
        var p = Point(Double.random(in: 50...250, using: &rng), Double.random(in: 50...250, using: &rng))
        var previous = p
        path.move(to: p)
        for _ in 0..<Int.random(in: 1...40, using: &rng) {
            let q: Point
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: q = p  // repeated point
            case 1: q = previous  // exact reversal
            case 2: q = p + Point(Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng)) * 1e-3
            case 3:  // a cusp or loop: controls crossed over
                q = p + Point(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
                let k = Point(Double.random(in: -40...40, using: &rng), Double.random(in: -40...40, using: &rng))
                path.cubic(q + k, p + k, to: q)
                previous = p; p = q
                continue
            case 4:
                q = p + Point(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
                path.quad(control: p - (previous - p), to: q)
                previous = p; p = q
                continue
            default:
                q = p + Point(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
            }
            path.line(to: q)
            previous = p; p = q
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { path.close() }
        let width = [0.2, 1, 3, 12, 40, 80][Int.random(in: 0..<6, using: &rng)]
        let options = StrokeOptions(width: width, cap: LineCap.allCases.randomElement(using: &rng)!,
                                    join: LineJoin.allCases.randomElement(using: &rng)!,
                                    miterLimit: Double.random(in: 1...12, using: &rng))
        return Case(path: path, options: options, scale: [0.5, 1, 2, 3][Int.random(in: 0..<4, using: &rng)])
    }

    /// The flattened path in device px, as the tessellator sees it.
    static func devicePolylines(_ c: Case) -> [Polyline] {
        c.path.flattened(tolerance: c.options.tolerance / c.scale).map {
            Polyline(points: $0.points.map { $0 * c.scale }, closed: $0.closed)
        }
    }

    func testRandomPathsGiveWellFormedBoundedMeshes() {
        var rng = SeededGenerator(seed: 0x5C4A_77)
        for n in 0..<300 {
            let c = Self.randomCase(&rng)
            let mesh = StrokeTessellator.mesh(c.path, options: c.options, color: .blue, scale: c.scale)
            assertWellFormedStroke(mesh, "case \(n): \(c.options) scale \(c.scale)")
            let lines = Self.devicePolylines(c)
            let radius = max(c.options.width * c.scale, 1) / 2 + 0.5
            var reach = radius
            if c.options.join == .miter { reach = max(reach, radius * c.options.miterLimit) }
            if c.options.cap == .square { reach = max(reach, radius * 2.0.squareRoot()) }
            let allowed = reach + 0.5 + 2 * c.options.tolerance + 1e-3
            for v in mesh.vertices {
                let p = Point(Double(v.x), Double(v.y))
                let d = lines.map { distance(p, to: $0) }.min() ?? .infinity
                if d > allowed {
                    XCTFail("case \(n): vertex \(p) is \(d) px from the path, allowed \(allowed) \(c.options)")
                    break
                }
            }
        }
    }

    func testRandomPathsHaveNoGapsAlongTheCentreLine() {
        var rng = SeededGenerator(seed: 42)
        for n in 0..<80 {
            let c = Self.randomCase(&rng)
            let mesh = StrokeTessellator.mesh(c.path, options: c.options, color: .blue, scale: c.scale)
            let field = CoverageField(mesh)
            for line in Self.devicePolylines(c) where line.points.count > 1 {
                checkCentreLine(line, field: field, butt: c.options.cap == .butt, label: "case \(n)")
            }
        }
    }

    /// Every centre-line point is fully covered (except in the last half pixel of butt ends).
    func checkCentreLine(_ line: Polyline, field: CoverageField, butt: Bool, label: String) {
        var pts = line.points
        if line.closed { pts.append(pts[0]) }
        let total = line.length
        var s = 0.0
        for (a, b) in zip(pts, pts.dropFirst()) {
            let len = a.distance(to: b)
            for t in stride(from: 0.0, through: 1.0, by: 0.25) {
                let arc = s + len * t
                if butt && !line.closed && (arc < 0.5 + 1e-3 || arc > total - 0.5 - 1e-3) { continue }
                let cov = field.sample(near: a.lerp(b, t))
                if cov < 0.999 {
                    XCTFail("\(label): coverage \(cov) on the centre line at \(a.lerp(b, t))")
                    return
                }
            }
            s += len
        }
    }

    func testRoundStrokesCoverDiscsAroundEveryPoint() {
        var rng = SeededGenerator(seed: 7)
        for n in 0..<60 {
            var c = Self.randomCase(&rng)
            c.options.cap = .round
            c.options.join = .round
            let mesh = StrokeTessellator.mesh(c.path, options: c.options, color: .blue, scale: c.scale)
            let field = CoverageField(mesh)
            let hw = max(c.options.width * c.scale, 1) / 2
            let rho = hw - 0.5 - c.options.tolerance - 1e-3
            guard rho > 0 else { continue }
            for line in Self.devicePolylines(c) {
                for p in line.points {
                    for k in 0..<12 {
                        let a = Double(k) * .pi / 6 + 0.1
                        let q = p + Point(cos(a), sin(a)) * rho
                        let cov = field.sample(q).coverage
                        if cov < 0.999 { return XCTFail("case \(n): coverage \(cov) at \(q), \(rho) from \(p)") }
                    }
                }
            }
        }
    }
}
