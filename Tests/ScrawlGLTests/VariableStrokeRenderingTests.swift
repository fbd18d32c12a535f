import Foundation
import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Variable-width strokes on the GPU: the live layer's incremental stroke against the committed
/// drawable, and the rendered shape against a CPU supersampled reference.
final class VariableStrokeRenderingTests: GLTestCase {
    /// A pen stroke with a slowly varying width, `count` points long.
    private func penStroke(_ count: Int) -> (points: [Point], widths: [Float]) {
        let points = (0..<count).map { k -> Point in
            let t = Double(k) * 0.03
            return Point(160 + 120 * sin(t * 1.3), 120 + 90 * sin(t * 2.1 + 0.5))
        }
        let widths = (0..<count).map { Float(6 + 5 * sin(Double($0) * 0.05)) }
        return (points, widths)
    }

    /// Grows a live polyline over `page`, frame by frame through the cached base, and returns the
    /// last live frame and the frame with the committed drawable instead.
    private func liveAndCommitted(_ renderer: Renderer, color: Color, points: [Point], widths: [Float])
        throws -> (live: [UInt8], committed: [UInt8], variable: Bool) {
        let style = StrokeOptions.round(width: 4)
        let canvas = try RenderTarget(width: 320, height: 240)
        renderer.clear(canvas, to: .white)
        let layer = LiveLayer(renderer: renderer, scale: 1)
        let frame = try RenderTarget(width: 320, height: 240)
        let view = layer.canvasView
        for n in stride(from: 2, through: points.count, by: 9) + [points.count] {
            let items: [LiveItem] = [.polyline(id: 1, points: Array(points[..<n]), color: color, style: style,
                                               widths: Array(widths[..<n]))]
            layer.update(items)
            let base = layer.base(over: canvas, revision: 1, view: view, items: items)
            renderer.copy(base, to: frame)
            layer.drawOverBase(items, into: frame, view: view)
        }
        let live = renderer.readPixels(frame)
        let variable = layer.polylines[1]?.stroker.variable != nil
        let drawable = PathDrawable(path: .polyline(points), stroke: color, fill: nil, style: style, widths: widths)
        let committedFrame = try RenderTarget(width: 320, height: 240)
        renderer.copy(canvas, to: committedFrame)
        renderer.draw(Drawable.path(drawable).commands(scale: 1), into: committedFrame)
        return (live, renderer.readPixels(committedFrame), variable)
    }

    /// The last live frame of an opaque and of a translucent variable-width stroke equals the
    /// committed drawable's pixels (the same triangles; a translucent one with one uniform alpha).
    func testLastLiveFrameEqualsCommittedStroke() throws {
        try withRenderer { renderer in
            let (points, widths) = penStroke(300)
            for color in [Color.black, Color.black.withOpacity(0.5)] {
                let r = try liveAndCommitted(renderer, color: color, points: points, widths: widths)
                XCTAssertTrue(r.variable, "the live stroke was not drawn at variable width")
                let diff = zip(r.live, r.committed).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
                XCTAssertLessThanOrEqual(diff, 1, "live and committed differ (alpha \(color.a))")
                // Translucent: one uniform alpha where the stroke crosses itself.
                let darkest = stride(from: 0, to: r.committed.count, by: 4).map { Int(r.committed[$0]) }.min() ?? 255
                XCTAssertGreaterThanOrEqual(darkest, color.isOpaque ? 0 : 120)
            }
        }
    }

    /// A stroke whose widths only start to vary after many constant ones is re-stroked at variable
    /// width, and still ends equal to the committed drawable.
    func testWidthsThatStartVaryingLateMatchTheCommittedStroke() throws {
        try withRenderer { renderer in
            var (points, widths) = penStroke(200)
            for i in 0..<120 { widths[i] = 4 }
            let r = try liveAndCommitted(renderer, color: .black, points: points, widths: widths)
            XCTAssertTrue(r.variable)
            let diff = zip(r.live, r.committed).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
            XCTAssertLessThanOrEqual(diff, 1)
        }
    }

    /// The rendered stroke against the exact shape supersampled 8×8 per pixel: every pixel within
    /// 0.1 of its exact coverage (the analytic ramp is a pixel-wide box filter across the edge, so
    /// it differs from area sampling only where the outline curves or corners within a pixel and
    /// by the 8-bit output), and the total ink within 1%.
    func testRenderedShapeMatchesSupersampledReference() throws {
        try withRenderer { renderer in
            let points = [Point(30, 60), Point(70, 30), Point(110, 70), Point(150, 40), Point(170, 90), Point(120, 100)]
            let widths: [Float] = [4, 18, 6, 24, 2, 12]
            let drawable = PathDrawable(path: .polyline(points), stroke: .black, fill: nil, style: .round(width: 4),
                                        widths: widths)
            let target = try RenderTarget(width: 200, height: 130)
            renderer.clear(target, to: .white)
            renderer.draw(Drawable.path(drawable).commands(scale: 1), into: target)
            let pixels = renderer.readPixels(target)
            var ink = 0.0, exactInk = 0.0, worst = 0.0
            for y in 0..<130 {
                for x in 0..<200 {
                    var inside = 0
                    for j in 0..<8 {
                        for i in 0..<8 {
                            let q = Point(Double(x) + (Double(i) + 0.5) / 8, Double(y) + (Double(j) + 0.5) / 8)
                            if Self.inside(q, points, widths.map(Double.init)) { inside += 1 }
                        }
                    }
                    let exact = Double(inside) / 64
                    let drawn = 1 - Double(pixels[(y * 200 + x) * 4]) / 255
                    ink += drawn; exactInk += exact
                    worst = max(worst, abs(drawn - exact))
                }
            }
            XCTAssertEqual(ink, exactInk, accuracy: exactInk * 0.01)
            XCTAssertLessThanOrEqual(worst, 0.1)
        }
    }

    static func inside(_ q: Point, _ points: [Point], _ widths: [Double]) -> Bool {
        for i in points.indices where q.distance(to: points[i]) <= widths[i] / 2 { return true }
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i], ra = widths[i - 1] / 2, rb = widths[i] / 2
            let v = b - a, d = v.length
            guard d > abs(ra - rb) else { continue }
            let u = v / d, p = u.perpendicular, k = (ra - rb) / d, s = (1 - k * k).squareRoot()
            let x = q - a
            guard (u * k + p * s).dot(x) <= ra, (u * k - p * s).dot(x) <= ra else { continue }
            let along = u.dot(x)
            if along >= ra * k && along <= d + rb * k { return true }
        }
        return false
    }
}
