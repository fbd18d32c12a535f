import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Darken and lighten strokes on the GPU: ink under a highlight keeps its colour, highlights of one
/// colour over each other (or over themselves) equal one, dark pages lighten, the streaming-mesh
/// path draws the same pixels as commands, and a live highlight equals the committed one.
final class HighlighterRenderingTests: GLTestCase {
    private static let yellow = DrawingSettings.highlighterYellow

    private func highlight(_ points: [Point], blend: InkBlend = .darken, color: Color = yellow, width: Double = 16) -> Drawable {
        .path(PathDrawable(path: .polyline(points), stroke: color, fill: nil, style: .round(width: width), blend: blend))
    }

    private func ink(_ points: [Point], color: Color = .black, width: Double = 3) -> Drawable {
        .path(PathDrawable(path: .polyline(points), stroke: color, fill: nil, style: .round(width: width)))
    }

    /// `drawables` drawn at `scale` into a 120 x 80 point target cleared to `background`.
    private func pixels(_ renderer: Renderer, _ drawables: [Drawable], background: Color = .white, scale: Double = 1) throws -> [UInt8] {
        let target = try RenderTarget(width: Int(120 * scale), height: Int(80 * scale))
        renderer.clear(target, to: background)
        renderer.draw(drawables.flatMap { $0.commands(scale: scale) }, into: target)
        return renderer.readPixels(target)
    }

    private func pixel(_ p: [UInt8], _ x: Int, _ y: Int, width: Int = 120) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(p[i..<(i + 4)])
    }

    private func rgba(_ c: Color) -> [UInt8] { [c.r, c.g, c.b, c.a] }

    func testDarkenKeepsBlackInkBlackAndShowsTheColourOnWhite() throws {
        try withRenderer { renderer in
            let line = ink([Point(60, 5), Point(60, 75)])
            let p = try pixels(renderer, [line, highlight([Point(10, 40), Point(110, 40)])])
            XCTAssertEqual(pixel(p, 60, 40), [0, 0, 0, 255], "black ink under the highlight stays black")
            XCTAssertEqual(pixel(p, 30, 40), rgba(Self.yellow), "the highlight's colour on white")
            XCTAssertEqual(pixel(p, 30, 10), [255, 255, 255, 255], "white away from it")
            // Red ink under yellow: min(red, yellow) = red.
            let q = try pixels(renderer, [ink([Point(60, 5), Point(60, 75)], color: .red), highlight([Point(10, 40), Point(110, 40)])])
            XCTAssertEqual(pixel(q, 60, 40), [255, 0, 0, 255])
            // The antialiased edge fades to white, never darker than the colour.
            for y in 28...52 {
                let v = pixel(p, 30, y)
                XCTAssertEqual(v[0], 255, "row \(y)")
                XCTAssertGreaterThanOrEqual(v[1], Self.yellow.g, "row \(y)")
                XCTAssertGreaterThanOrEqual(v[2], Self.yellow.b, "row \(y)")
                XCTAssertEqual(v[3], 255, "row \(y)")
            }
        }
    }

    /// Min is idempotent: a stroke twice, a stroke over itself (joins, a loop) and two crossing
    /// strokes of one colour give exactly the per-pixel minimum of the strokes drawn alone.
    func testOverlapsOfOneColourEqualOne() throws {
        try withRenderer { renderer in
            for scale in [1.0, 2.0] {
                let a = highlight([Point(10, 20), Point(110, 60)]), b = highlight([Point(10, 60), Point(110, 20)])
                let pa = try pixels(renderer, [a], scale: scale), pb = try pixels(renderer, [b], scale: scale)
                XCTAssertEqual(try pixels(renderer, [a, a], scale: scale), pa, "a stroke twice at \(scale)")
                XCTAssertEqual(try pixels(renderer, [a, b], scale: scale), zip(pa, pb).map { min($0, $1) }, "crossing at \(scale)")
                // A stroke that doubles back over itself: the overlap is the plain colour, nowhere darker.
                let loop = try pixels(renderer, [highlight([Point(10, 40), Point(100, 40), Point(20, 44), Point(90, 30)])], scale: scale)
                let w = Int(120 * scale)
                for i in stride(from: 0, to: loop.count, by: 4) {
                    XCTAssertTrue(loop[i + 1] >= Self.yellow.g && loop[i + 2] >= Self.yellow.b,
                                  "pixel \(i / 4 % w), \(i / 4 / w) darker than the colour at \(scale)")
                }
                XCTAssertEqual(pixel(loop, Int(50 * scale), Int(40 * scale), width: w), rgba(Self.yellow))
            }
        }
    }

    func testLightenOnADarkPage() throws {
        try withRenderer { renderer in
            let page = Color(r: 0x20, g: 0x20, b: 0x20)
            let white = ink([Point(60, 5), Point(60, 75)], color: .white)
            let h = highlight([Point(10, 40), Point(110, 40)], blend: .lighten)
            let p = try pixels(renderer, [white, h], background: page)
            XCTAssertEqual(pixel(p, 60, 40), [255, 255, 255, 255], "white ink under it stays white")
            XCTAssertEqual(pixel(p, 30, 40), rgba(Self.yellow), "max(page, colour) is the colour")
            XCTAssertEqual(pixel(p, 30, 10), rgba(page))
            for y in 28...52 {  // the edge fades to the page, never below it
                let v = pixel(p, 30, y)
                XCTAssertTrue(v[0] >= page.r && v[1] >= page.g && v[2] >= page.b && v[3] == 255, "row \(y): \(v)")
            }
            XCTAssertEqual(try pixels(renderer, [h, h], background: page), try pixels(renderer, [h], background: page))
            // On a transparent target it is the premultiplied colour times coverage: yellow, opaque inside.
            let clear = try pixels(renderer, [h], background: .clear)
            XCTAssertEqual(pixel(clear, 30, 40), rgba(Self.yellow))
            XCTAssertEqual(pixel(clear, 30, 10), [0, 0, 0, 0])
        }
    }

    /// The live layer's streaming meshes go through the same passes: the same pixels as commands.
    func testStreamingMeshDrawsLikeCommands() throws {
        try withRenderer { renderer in
            for blend in [InkBlend.darken, .lighten] {
                let d = highlight((0..<40).map { Point(10 + Double($0) * 2.5, 40 + 20 * sin(Double($0) / 4)) }, blend: blend)
                let background = blend == .darken ? Color.white : Color(r: 0x10, g: 0x30, b: 0x50)
                let expected = try pixels(renderer, [ink([Point(50, 0), Point(50, 80)], color: .red), d], background: background)
                guard case let .stroke(mesh, strokeBlend)? = d.commands(scale: 1).first else { return XCTFail() }
                let streaming = try StreamingMesh()
                streaming.update(mesh, firstVertex: 0, firstIndex: 0)
                let target = try RenderTarget(width: 120, height: 80)
                renderer.clear(target, to: background)
                renderer.draw(ink([Point(50, 0), Point(50, 80)], color: .red).commands(scale: 1), into: target)
                renderer.draw(streaming, blend: strokeBlend, into: target)
                XCTAssertEqual(renderer.readPixels(target), expected, "\(blend)")
            }
        }
    }

    /// A highlighter stroke while the touch is down (live layer) and after it ended (baked into the
    /// canvas), in a SceneView frame and in the window's scene, over ink: the same pixels. The live
    /// stroke is drawn with the commands of the drawable it will commit, into the frame over the
    /// canvas copy, and the committed one into the canvas target (or tiles), same triangles, same
    /// blend; the window scene's tiles are other targets, whose clip rounding may move an edge by a level.
    func testLiveEqualsCommitted() throws {
        try withRenderer { renderer in
            for background in [Color.white, Color(r: 0x18, g: 0x18, b: 0x30)] {
                let canvas = CanvasSpec(width: 200, height: 120, background: background)
                let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
                let inkPoints = (0..<10).map { Point(20 + Double($0) * 18, 30 + Double($0 % 2) * 50) }
                editor.handle(.key(KeyPress(name: "2")!))
                editor.handle(.key(KeyPress(name: "]")!))
                for (i, p) in inkPoints.enumerated() {
                    editor.handle(.touches([Touch(id: 0, phase: i == 0 ? .began : (i == inkPoints.count - 1 ? .ended : .moved), location: p)]))
                }
                editor.handle(.key(KeyPress(name: "h")!))
                let points = (0..<50).map { Point(10 + Double($0) * 3.7, 60 + 25 * sin(Double($0) / 5)) }
                editor.handle(.touches([Touch(id: 0, phase: .began, location: points[0])]))
                for p in points.dropFirst() { editor.handle(.touches([Touch(id: 0, phase: .moved, location: p)])) }

                for scale in [1.0, 2.0] {
                    let scene = try SceneView(renderer: renderer, canvas: canvas, scale: scale)
                    let size = scene.frameSize(barsShown: false)
                    let liveFrame = try RenderTarget(width: size.width, height: size.height)
                    scene.render(editor, into: liveFrame, barsShown: false)
                    let live = renderer.readPixels(liveFrame)
                    XCTAssertFalse(editor.liveItems.isEmpty)

                    let window = WindowScene(renderer: renderer, canvas: canvas, contentScale: scale)
                    window.showsPageBorder = false
                    window.fillBudget = nil
                    let windowFrame = try RenderTarget(width: size.width, height: size.height)
                    window.render(editor, viewport: editor.viewport, into: windowFrame, barsShown: false)
                    let windowLive = renderer.readPixels(windowFrame)

                    let committed = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp,
                                           drawables: editor.displayList.drawables + [try XCTUnwrap(editor.liveItems.first.flatMap(liveDrawable))])
                    let after = try SceneView(renderer: renderer, canvas: canvas, scale: scale)
                    let committedFrame = try RenderTarget(width: size.width, height: size.height)
                    after.render(committed, into: committedFrame, barsShown: false)
                    let done = renderer.readPixels(committedFrame)
                    XCTAssertEqual(live, done, "SceneView live vs committed at scale \(scale) on \(background)")

                    let windowAfter = WindowScene(renderer: renderer, canvas: canvas, contentScale: scale)
                    windowAfter.showsPageBorder = false
                    windowAfter.fillBudget = nil
                    windowAfter.render(committed, viewport: committed.viewport, into: windowFrame, barsShown: false)
                    let windowDone = renderer.readPixels(windowFrame)
                    XCTAssertLessThanOrEqual(maxDifference(windowLive, windowDone), 1, "window live vs committed at \(scale)")
                    XCTAssertLessThanOrEqual(maxDifference(windowDone, done), 1, "window vs SceneView at \(scale)")
                    XCTAssertTrue(done.contains { $0 != background.r }, "something is drawn")
                }
                editor.handle(.touches([Touch(id: 0, phase: .ended, location: points.last!)]))
                guard case .path(let p)? = editor.displayList.drawables.last else { return XCTFail() }
                XCTAssertEqual(p.blend, InkBlend.highlight(on: background))
            }
        }
    }

    private func liveDrawable(_ item: LiveItem) -> Drawable? {
        if case .drawable(let d) = item { return d }
        return nil
    }

    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 256 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
