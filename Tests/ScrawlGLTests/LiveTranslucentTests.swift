import ScrawlCore
@testable import ScrawlGL
import XCTest

/// A translucent live stroke is drawn from a cached coverage layer plus its tail, and looks exactly
/// like the committed stroke: both take each pixel's largest coverage (`GL_MAX`) and composite once.
final class LiveTranslucentTests: GLTestCase {
    private let page = CanvasSpec(width: 320, height: 240)

    /// A scribble that crosses itself many times, `count` points long.
    private func scribble(_ count: Int) -> [Point] {
        (0..<count).map { k in
            let t = Double(k) * 0.07
            return Point(160 + 110 * sin(t * 1.3), 120 + 90 * sin(t * 2.1 + 0.5))
        }
    }

    /// The last live frame (touch still down) equals the frame after the touch ends, in the page
    /// scene and in the window's tiled scene.
    func testLastLiveFrameEqualsCommittedStroke() throws {
        try withRenderer { renderer in
            for windowScene in [false, true] {
                let editor = Editor(canvas: page, seed: 1, stampImage: .defaultStamp)
                editor.handle(.key(KeyPress(name: "shift+[")!))
                editor.handle(.key(KeyPress(name: "shift+[")!))   // 50 %
                editor.handle(.key(KeyPress(name: "]")!))
                editor.handle(.key(KeyPress(name: "]")!))         // width 4
                XCTAssertEqual(editor.settings[.pen].opacity, 0.5)
                let frame = try RenderTarget(width: 320, height: 240)
                let render: () -> [UInt8]
                if windowScene {
                    let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                    scene.showsPageBorder = false
                    scene.fillBudget = nil
                    render = { scene.render(editor, viewport: Viewport(), into: frame, barsShown: false); return renderer.readPixels(frame) }
                } else {
                    let scene = try SceneView(renderer: renderer, canvas: page, scale: 1)
                    render = { scene.render(editor, into: frame, barsShown: false); return renderer.readPixels(frame) }
                }
                let points = scribble(400)
                editor.handle(.touches([Touch(id: 0, phase: .began, location: points[0])]))
                for (k, p) in points.dropFirst().enumerated() {
                    editor.handle(.touches([Touch(id: 0, phase: .moved, location: p)]))
                    if k % 50 == 0 { _ = render() }   // frames along the way build the coverage layer
                }
                let live = render()
                editor.handle(.touches([Touch(id: 0, phase: .ended, location: points.last!)]))
                let committed = render()
                XCTAssertEqual(editor.displayList.count, 1)
                let diff = zip(live, committed).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
                XCTAssertLessThanOrEqual(diff, 1, "live and committed differ (window scene: \(windowScene))")
                // Where the scribble crosses itself it is no darker than elsewhere: one uniform alpha.
                let darkest = stride(from: 0, to: committed.count, by: 4).map { Int(committed[$0]) }.min() ?? 255
                XCTAssertGreaterThanOrEqual(darkest, 120, "a 50 % black stroke over white never goes below ~127")
            }
        }
    }
}
