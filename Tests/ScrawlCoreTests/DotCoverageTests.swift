import XCTest
import ScrawlCore

/// Total coverage and coverage centroid of a mesh, rasterized on the CPU exactly as the stroke
/// shader draws it (`CoverageField.rasterize`: the vertex attributes interpolated barycentrically
/// at pixel centres, then clamp(radius − |edge|, 0, 1)·clamp(along, 0, 1)), times the colour's alpha.
struct DrawnCoverage {
    var total = 0.0
    var centroid = Point(0, 0)

    init(_ mesh: Mesh, size: Int) {
        let image = CoverageField(mesh).rasterize(width: size, height: size)
        let alpha = Double(mesh.vertices.first.map { $0.color >> 24 } ?? 0) / 255
        var sx = 0.0, sy = 0.0
        for y in 0..<size {
            for x in 0..<size where image[y * size + x] > 0 {
                let c = image[y * size + x] * alpha
                total += c; sx += c * (Double(x) + 0.5); sy += c * (Double(y) + 0.5)
            }
        }
        centroid = total > 0 ? Point(sx / total, sy / total) : Point(0, 0)
    }
}

/// The exact shape's area and centroid, supersampled on a grid of `step` px (no rasterizer involved).
func supersampled(box: (x0: Double, y0: Double, x1: Double, y1: Double), step: Double,
                  inside: (Point) -> Bool) -> (area: Double, centroid: Point) {
    var n = 0.0, sx = 0.0, sy = 0.0
    var y = box.y0 + step / 2
    while y < box.y1 {
        var x = box.x0 + step / 2
        while x < box.x1 {
            if inside(Point(x, y)) { n += 1; sx += x; sy += y }
            x += step
        }
        y += step
    }
    return (n * step * step, Point(sx / max(n, 1), sy / max(n, 1)))
}

final class DotCoverageTests: XCTestCase {
    static let widths: [Double] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]
    static let scales: [Double] = [1, 1.5, 2]
    /// Sub-pixel positions (device px fractions) of the touch, in x and y.
    static let fractions: [(Double, Double)] = [(0, 0), (0.25, 0.25), (0.5, 0.5), (0.7, 0.7),
                                                (0.25, 0.7), (0.5, 0.25), (0.7, 0), (0, 0.5)]

    /// The drawn coverage of a tap of `width` canvas pts at device point `p`, in a `size`² image.
    func drawnDot(at p: Point, width: Double, scale: Double, size: Int) -> DrawnCoverage {
        let options = StrokeOptions(width: width, cap: .round, join: .round)
        let mesh = StrokeTessellator.mesh(.polyline([p * (1 / scale)]), options: options, color: .black, scale: scale)
        return DrawnCoverage(mesh, size: size)
    }

    /// The exact disc of radius `h` around `c`, supersampled with about 128 samples across.
    func exactDisc(centre c: Point, radius h: Double) -> (area: Double, centroid: Point) {
        supersampled(box: (c.x - h, c.y - h, c.x + h, c.y + h), step: h / 64) { ($0 - c).lengthSquared <= h * h }
    }

    func testDotsCoverTheirDiscWithinOnePercentAboutTheTouch() {
        for scale in Self.scales {
            for width in Self.widths {
                let h = width * scale / 2, margin = (h + 4).rounded(.up)
                let size = Int(2 * margin) + 2
                for (fx, fy) in Self.fractions {
                    let p = Point(margin + fx, margin + fy)
                    let drawn = drawnDot(at: p, width: width, scale: scale, size: size)
                    let disc = exactDisc(centre: p, radius: h)
                    let what = "width \(width) scale \(scale) at +(\(fx), \(fy))"
                    XCTAssertEqual(disc.area / (Double.pi * h * h), 1, accuracy: 3e-3, "reference: " + what)
                    XCTAssertEqual(drawn.total / disc.area, 1, accuracy: 0.01, what)
                    XCTAssertLessThanOrEqual(drawn.centroid.distance(to: p), 0.05, what)
                }
            }
        }
    }

    func testSubPixelWidthsAreOnePixelDotsScaledByTheirWidth() {
        // The tessellator's rule: a width w < 1 device px is drawn 1 px wide with alpha w.
        for width in [0.25, 0.5, 0.8] {
            for (fx, fy) in Self.fractions {
                let p = Point(10 + fx, 10 + fy)
                let drawn = drawnDot(at: p, width: width, scale: 1, size: 22)
                let alpha = (width * 255).rounded() / 255
                XCTAssertEqual(drawn.total / (alpha * Double.pi / 4), 1, accuracy: 0.01, "width \(width)")
                XCTAssertLessThanOrEqual(drawn.centroid.distance(to: p), 0.05, "width \(width)")
            }
        }
    }

    func testSmallDotsArePixelQuadsWithCoverageWithinZeroAndOne() {
        for width in [1.0, 3, 7.9] {
            let mesh = tap(width: width)
            XCTAssertTrue(mesh.vertices.allSatisfy { $0.edge == 0 && $0.radius >= 0 && $0.radius <= 1 }, "width \(width)")
            for t in mesh.triangles {
                // Half a unit pixel, corners on the pixel grid.
                XCTAssertEqual(abs(t.signedArea), 0.5, "width \(width)")
                XCTAssertTrue([t.a, t.b, t.c].allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() })
            }
        }
    }

    func testLargeDotsFanAroundACircumscribedRimThatHoldsTheWholeFringe() {
        for width in [8.0, 20, 64, 256] {
            let mesh = tap(width: width)
            let centre = Point(50.3, 50.6), r = Double(mesh.vertices[0].radius)
            let rim = mesh.vertices.dropFirst().map { Point(Double($0.x), Double($0.y)) }
            XCTAssertTrue(mesh.vertices.dropFirst().allSatisfy { $0.edge == $0.radius }, "width \(width)")
            for (a, b) in zip(rim, rim.dropFirst() + [rim[0]]) {
                // Each chord touches the circle of the shader radius (coverage 0 all along it) ...
                XCTAssertEqual(((a + b) * 0.5).distance(to: centre), r, accuracy: 1e-3, "width \(width)")
                // ... and strays from it by at most the rim's sagitta.
                XCTAssertLessThanOrEqual(a.distance(to: centre) - r, 1.0 / 64 + 1e-3, "width \(width)")
            }
        }
    }

    /// A tap of `width` device px at (50.3, 50.6).
    private func tap(width: Double) -> Mesh {
        let options = StrokeOptions(width: width, cap: .round, join: .round)
        return StrokeTessellator.mesh(.polyline([Point(50.3, 50.6)]), options: options, color: .black, scale: 1)
    }
}
