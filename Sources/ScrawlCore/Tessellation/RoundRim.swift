import Foundation

/// The polygon around a round cap or a fan-drawn dot: circumscribed, with exact coverage inside.
///
/// A fan triangle interpolates `edge` linearly, so from the centre (edge 0) to two rim vertices with
/// the same `edge` it measures the distance along the normal of the chord between them, scaled by
/// that edge over the chord's distance from the centre. NanoVG's rim puts the vertices on the circle
/// (edge = radius), which overstates every distance by 1/cos(half step) and cuts the antialiased
/// fringe off at the chords: a 6 px dot lost about 10 % of its area. Here the vertices lie on the
/// circumscribed polygon, at radius / cos(half step), with edge = radius: every chord is tangent to
/// the circle of the shader's `radius`, so `edge` is exactly the distance along the chord's normal
/// (never more than `sagitta` short of the Euclidean distance where coverage is below 1) and the
/// whole fringe lies inside the polygon. The step is fine enough that the polygon is within
/// `sagitta` of the circle.
struct RoundRim {
    /// Largest distance (device px) between the rim polygon and the circle it circumscribes.
    static let sagitta = 1.0 / 64

    /// The most (device px) a round cap's tip moves in for its area (see `capShrink`).
    static let maxCapShrink = 0.2

    /// Fan wedges over the rim's span.
    let segments: Int
    /// The rotation (cosine, sine) by one wedge.
    let step: (cos: Double, sin: Double)
    /// One wedge's angle.
    let angle: Double
    /// A rim vertex's distance from the centre over the radius its chords touch: 1 / cos(half step).
    let rimScale: Double

    /// The rim of a circle of `radius` device px over `span` radians (π: a cap; 2π: a dot).
    init(radius: Double, span: Double, minimumSegments: Int) {
        // From r / cos(θ/2) − r ≤ sagitta; between π/512 (as `StrokeStyle.stepAngle`: huge radii would
        // otherwise get thousands of triangles) and π/4.
        let fine = 2 * acos(radius / (radius + RoundRim.sagitta))
        let largest = min(max(fine.isNaN ? Double.pi / 4 : fine, Double.pi / 512), Double.pi / 4)
        segments = max(minimumSegments, Int((span / largest).rounded(.up)))
        let a = span / Double(segments)
        angle = a
        step = (cos(a), sin(a))
        rimScale = 1 / cos(a / 2)
    }

    /// How much a round cap's chords move in, as β in apothem(φ) = R·√(1 − β·sin²φ) (φ from the
    /// segment's side, R the shader radius), so that the cap's coverage integrates to the half disc's
    /// area π·h²/2, as the segment's does to its rectangle's.
    ///
    /// Wedge k (apothem a_k, half wedges at the ends) contributes (a_k/R)²·tan(θ/2)·(R² − R + 1/3);
    /// the trapezoid rule sums sin² over the half turn exactly, so Σ a_k² = R²·n·(1 − β/2). Thin
    /// strokes need it most: the 1 px ramp adds π/24 px² to each cap, 5 % of a 1 px stroke's cap
    /// pair. Their tips move in by 0.12 px at 2 px wide, 0.05 px at 4 px, and never more than
    /// `maxCapShrink` (strokes under about 1.6 px keep some excess: pixel by pixel, a cap stays within
    /// the default tolerance of the exact round stroke's coverage, clamp(h + 0.5 − distance, 0, 1)).
    func capShrink(halfWidth h: Double, radius r: Double) -> Double {
        let wanted = Double.pi / 2 * h * h * r * r / ((r * r - r + 1.0 / 3) * tan(angle / 2))
        let limit = 1 - (1 - RoundRim.maxCapShrink / r) * (1 - RoundRim.maxCapShrink / r)
        return min(max(2 * (1 - wanted / (r * r * Double(segments))), 0), limit)
    }

    /// The apothem of tangent direction k (angle k·θ from the segment's side) for shrink β.
    func capApothem(_ k: Int, radius r: Double, shrink beta: Double) -> Double {
        let s = sin(Double(k) * angle)
        return r * (1 - beta * s * s).squareRoot()
    }

    /// The shader `radius` R for a fan dot of `segments` wedges whose coverage, clamp(R − gauge, 0, 1)
    /// with the polygon gauge above, integrates to the disc's area π·h².
    ///
    /// The level sets are regular n-gons of area c·t² (c = n·tan(π/n)), so the integral is
    /// c·(R² − R + 1/3) for R ≥ 1; the plain R = h + 0.5 overshoots by c/12 (the curvature of the
    /// 1 px ramp), which is 1 % of a 6 px dot.
    static func equalAreaRadius(halfWidth h: Double, segments n: Int) -> Double {
        let c = Double(n) * tan(Double.pi / Double(n))
        return 0.5 + max(Double.pi * h * h / c - 1.0 / 12, 0.25).squareRoot()
    }
}

/// A small dot drawn as one quad per device pixel, each with constant coverage.
///
/// No radial coverage ramp sampled at pixel centres keeps a dot a few pixels wide at its area within
/// 1 % (nor its centroid within 0.05 px) as it moves by fractions of a pixel: the samples alias. So a
/// dot thinner than `StrokeStyle.pixelDotHalfWidth` gets, at each pixel centre c, the disc filtered
/// by f(q.x − c.x)·f(q.y − c.y), f the pixel's box blurred by a box of width b (a trapezoid; b = 1:
/// the bilinear tent). Such filters at the pixel centres sum to 1 everywhere, so the pixels' coverage
/// adds up to the disc's area at any sub-pixel position. The tent also reproduces linear functions
/// (the centroid is exact), which the tiniest dots need; wider dots take a sharper b (`blur`): their
/// centre pixels stay fully covered, and their centroids stay within 0.02 px of the disc's centre.
enum PixelDot {
    /// Quadrature nodes across the disc (x = centre + h·sin t, uniform in t).
    static let nodes = 64

    /// Pixels along each side of the square examined around a dot of half width `h`.
    /// (Pixel centres closer than h + 1 to the dot's centre on both axes: the filter's widest reach.)
    static func maxSide(halfWidth h: Double) -> Int { Int((2 * h + 2).rounded(.down)) + 1 }

    /// The first pixel column (or row) examined around coordinate `c`: the first whose centre
    /// is beyond c − h − 1.
    static func origin(_ c: Double, halfWidth h: Double) -> Int { Int((c - h - 1.5).rounded(.down)) + 1 }

    /// The blur b of the filter for half width `h`: the tent up to h = 0.5 px, then sharper.
    static func blur(halfWidth h: Double) -> Double { min(max(1.5 - h, 0.25), 1) }

    /// Coverage of the `maxSide`² pixels from (`origin(p.x)`, `origin(p.y)`), row-major.
    static func coverage(centre p: Point, halfWidth h: Double) -> [Double] {
        let side = maxSide(halfWidth: h), b = blur(halfWidth: h)
        let i0 = Double(origin(p.x, halfWidth: h)) + 0.5, j0 = Double(origin(p.y, halfWidth: h)) + 0.5
        var values = [Double](repeating: 0, count: side * side)
        let dt = Double.pi / Double(nodes)
        var ty = [Double](repeating: 0, count: side)
        for q in 0..<nodes {
            let t = -Double.pi / 2 + (Double(q) + 0.5) * dt
            let x = p.x + h * sin(t), s = h * cos(t)
            for j in 0..<side {
                let cy = j0 + Double(j)
                ty[j] = filterIntegral(p.y + s - cy, b) - filterIntegral(p.y - s - cy, b)
            }
            for i in 0..<side {
                let tx = filter(x - (i0 + Double(i)), b)
                guard tx > 0 else { continue }
                let w = s * dt * tx  // dx = h·cos t·dt
                for j in 0..<side where ty[j] > 0 { values[j * side + i] += w * ty[j] }
            }
        }
        return values
    }

    /// The filter: 1 within (1 − b)/2 of 0, falling linearly to 0 at (1 + b)/2.
    @inline(__always)
    static func filter(_ u: Double, _ b: Double) -> Double { min(max(((1 + b) / 2 - abs(u)) / b, 0), 1) }

    /// ∫ filter from −∞ to `u`.
    @inline(__always)
    static func filterIntegral(_ u: Double, _ b: Double) -> Double {
        if u > 0 { return 1 - filterIntegral(-u, b) }
        let outer = -(1 + b) / 2
        if u <= outer { return 0 }
        if u <= outer + b { return (u - outer) * (u - outer) / (2 * b) }
        return b / 2 + (u - outer - b)
    }
}
