import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Long paths drawn in pieces (`DrawCommand.strokePieces`, `.fillPieces`) and bakes drawn in several
/// batches give the pixels of whole meshes drawn at once.
final class PiecewiseDrawingTests: GLTestCase {
    private let canvas = CanvasSpec(width: 160, height: 120, background: Color(r: 250, g: 245, b: 230, a: 255))

    /// A path flattening to more than `PiecewiseTessellation.threshold` points at scale 1 that
    /// crosses the canvas many times.
    private func longPath(closed: Bool) -> Path {
        var path = Path()
        path.move(to: Point(10, 10))
        for i in 0..<80 {
            let y = Double(i % 11) * 10
            path.cubic(Point(90_000, y), Point(-90_000, 110 - y), to: Point(20 + Double(i), 15 + y))
        }
        if closed { path.close() }
        return path
    }

    /// The pixels of `drawables` drawn from whole meshes (the commands short paths get).
    private func wholeMeshPixels(_ drawables: [PathDrawable], scale: Double, renderer: Renderer) throws -> [UInt8] {
        let (w, h) = SceneView.pixelSize(canvas, scale: scale)
        let target = try RenderTarget(width: w, height: h)
        renderer.clear(target, to: canvas.background)
        var commands: [DrawCommand] = []
        for d in drawables {
            if let fill = d.fill, let f = FillTessellator.fillWithFringe(d.path, color: fill, scale: scale, tolerance: d.style.tolerance) {
                commands.append(.fill(fan: f.fan, cover: f.cover, fringe: f.fringe))
            }
            if let stroke = d.stroke {
                commands.append(.stroke(StrokeTessellator.mesh(d.path, options: d.style, color: stroke, scale: scale), blend: d.strokeBlend))
            }
        }
        renderer.draw(commands, into: target)
        renderer.finish()
        return renderer.readPixels(target)
    }

    private func bakedPixels(_ drawables: [Drawable], scale: Double, renderer: Renderer) throws -> [UInt8] {
        let scene = try SceneView(renderer: renderer, canvas: canvas, scale: scale)
        let target = try XCTUnwrap(scene.canvasTarget(DisplayList(drawables: drawables)))
        renderer.finish()
        return renderer.readPixels(target)
    }

    /// An opaque stroke, a translucent closed one (uniform alpha), a highlighter stroke (darken) and
    /// a translucent fill under a stroke, each too long to tessellate whole, drawn in pieces: the
    /// pixels of their whole meshes.
    func testLongPathsDrawnInPiecesMatchTheirWholeMeshes() throws {
        let cases: [(String, PathDrawable)] = [
            ("opaque", PathDrawable(path: longPath(closed: false), stroke: .black, fill: nil, style: StrokeOptions(width: 3))),
            ("translucent closed", PathDrawable(path: longPath(closed: true), stroke: Color(r: 0, g: 0, b: 255, a: 110), fill: nil,
                                                style: StrokeOptions(width: 5, cap: .butt, join: .miter))),
            ("darken", PathDrawable(path: longPath(closed: false), stroke: Color(r: 255, g: 235, b: 59, a: 255), fill: nil,
                                    style: StrokeOptions(width: 9), blend: .darken)),
            ("fill", PathDrawable(path: longPath(closed: true), stroke: .black, fill: Color(r: 255, g: 0, b: 0, a: 140),
                                  style: StrokeOptions(width: 1))),
        ]
        try withRenderer { renderer in
            for (name, d) in cases {
                for scale in [1.0, 1.5] {
                    XCTAssertTrue(d.drawsInPieces(scale: scale), name)
                    let whole = try wholeMeshPixels([d], scale: scale, renderer: renderer)
                    XCTAssertGreaterThan(Set(whole).count, 3, "\(name): something is drawn")
                    let pieces = try bakedPixels([.path(d)], scale: scale, renderer: renderer)
                    XCTAssertEqual(zip(pieces, whole).filter { $0 != $1 }.count, 0, "\(name) at scale \(scale)")
                }
            }
        }
    }

    /// A bake draws what it has tessellated each time it holds `maxBatchVertices`, so it never holds
    /// the meshes of the whole slice it bakes (here: one drawable's at a time), and that gives the
    /// pixels of one draw of everything.
    func testBakesDrawnInSeveralBatchesMatchOneBatch() throws {
        var drawables: [Drawable] = []
        for i in 0..<30 {
            let y = Double(i * 4)
            drawables.append(.path(PathDrawable(path: .polyline([Point(5, y), Point(150, 110 - y), Point(80, y / 2)]),
                                                stroke: Color(r: UInt8(i * 8), g: 40, b: 200, a: i % 3 == 0 ? 120 : 255),
                                                fill: i % 4 == 0 ? Color(r: 0, g: 200, b: 0, a: 90) : nil,
                                                style: StrokeOptions(width: Double(1 + i % 5)))))
        }
        try withRenderer { renderer in
            let saved = renderer.maxBatchVertices
            defer { renderer.maxBatchVertices = saved }
            let once = try bakedPixels(drawables, scale: 1.5, renderer: renderer)
            renderer.maxBatchVertices = 1  // one drawable's meshes at a time
            let batches = try bakedPixels(drawables, scale: 1.5, renderer: renderer)
            XCTAssertEqual(zip(batches, once).filter { $0 != $1 }.count, 0)
        }
    }
}
