import ScrawlCore
@testable import ScrawlGL
import XCTest

/// A frame is a bars pass and a canvas pass, each with its own transform: together they give the
/// pixels each gives alone, and the canvas pass equals the canvas drawn without bars, shifted.
final class ScenePassTests: GLTestCase {
    private let canvas = CanvasSpec(width: 408, height: 120)

    /// An editor with a committed stroke, a live one long enough to stream (drawn from its own GPU
    /// mesh) and a short live one (drawn from batched commands): both kinds go through the canvas view.
    private func editor() -> Editor {
        let editor = Editor(canvas: canvas, seed: 3, stampImage: .defaultStamp)
        func stroke(_ id: Int, _ points: [Point], end: Bool) {
            editor.handle(.touches([Touch(id: id, phase: .began, location: points[0])]))
            for p in points.dropFirst() { editor.handle(.touches([Touch(id: id, phase: .moved, location: p)])) }
            if end { editor.handle(.touches([Touch(id: id, phase: .ended, location: points.last!)])) }
        }
        stroke(0, (0..<20).map { Point(10 + Double($0) * 9, 20 + Double($0 % 3) * 7) }, end: true)
        stroke(0, (0..<60).map { Point(30 + Double($0) * 5, 90 - Double($0 % 5) * 9) }, end: false)
        stroke(1, (0..<5).map { Point(350 + Double($0) * 8, 60 + Double($0) * 6) }, end: false)
        return editor
    }

    func testBarsAndCanvasPassesComposeTheFrame() throws {
        try withRenderer { renderer in
            for scale in [1.0, 1.5, 2.0] {
                let editor = editor()
                let scene = try SceneView(renderer: renderer, canvas: canvas, scale: scale)
                let size = scene.frameSize(barsShown: true), plain = scene.frameSize(barsShown: false)
                let frame = try RenderTarget(width: size.width, height: size.height)
                let canvasOnly = try RenderTarget(width: plain.width, height: plain.height)
                let barsOnly = try RenderTarget(width: size.width, height: size.height)
                scene.render(editor, into: frame, barsShown: true)
                scene.render(editor, into: canvasOnly, barsShown: false)
                renderer.clear(barsOnly, to: .clear)
                scene.toolbar.draw(editor, into: barsOnly, canvasPixelHeight: scene.height)

                let top = scene.barPixels, rows = plain.height, width = size.width * 4
                XCTAssertEqual(scene.canvasView(barsShown: true), ViewTransform(scale: scale, translation: Point(0, Double(top))))
                let f = renderer.readPixels(frame), c = renderer.readPixels(canvasOnly), b = renderer.readPixels(barsOnly)
                let canvasRows = (top * width)..<((top + rows) * width)
                // Targets of other heights round clip coordinates differently: antialiased edges may
                // differ by one level between the frame and the canvas-sized target.
                XCTAssertLessThanOrEqual(maxDifference(f[canvasRows], c[...]), 1, "canvas rows at scale \(scale)")
                XCTAssertEqual(maxDifference(f[..<(top * width)], b[..<(top * width)]), 0, "colour bar at scale \(scale)")
                XCTAssertEqual(maxDifference(f[canvasRows.upperBound...], b[canvasRows.upperBound...]), 0, "shape bar at scale \(scale)")
                XCTAssertTrue(b[canvasRows].allSatisfy { $0 == 0 }, "the bars pass leaves the canvas rows alone")
                XCTAssertTrue(c.contains { $0 != 255 }, "something is drawn on the canvas")
            }
        }
    }

    /// The bars copied from the strip they were drawn into give the bytes of the bars drawn straight
    /// into the frame, over any canvas, and a change of the bars draws the strip again.
    func testBarsCopiedFromTheirStripEqualBarsDrawnStraight() throws {
        try withRenderer { renderer in
            for scale in [1.0, 1.5, 2.0] {
                let editor = editor()
                let pass = ToolbarPass(renderer: renderer, scale: scale)
                let rows = Int(80 * scale), width = Int(canvas.width * scale)
                func frame(_ draw: (RenderTarget) -> Void) throws -> [UInt8] {
                    let f = try RenderTarget(width: width, height: rows + 2 * pass.barPixels)
                    renderer.clear(f, to: Color(r: 30, g: 140, b: 90))
                    draw(f)
                    return renderer.readPixels(f)
                }
                for tool in [ToolKind.pencil, .line] {
                    editor.select(tool)
                    let bars = pass.bars(for: editor, canvasPixelHeight: rows, width: canvas.width)
                    let straight = try frame { pass.drawDirectly(bars, into: $0) }
                    for what in ["drawn into the strip", "copied from the strip"] {
                        let strip = try frame { pass.draw(bars, into: $0) }
                        let differing = (0..<(strip.count / 4)).filter { strip[($0 * 4)..<($0 * 4 + 4)] != straight[($0 * 4)..<($0 * 4 + 4)] }
                        XCTAssertEqual(differing.count, 0, "\(what), \(tool) at \(scale): first at row \(differing.first.map { $0 / width } ?? -1)"
                                       + " of \(rows + 2 * pass.barPixels), worst \(maxDifference(strip[...], straight[...]))")
                    }
                }
            }
        }
    }

    /// The shape bar sits just below the canvas's pixel rows, the colour bar at the top edge.
    func testBarTransforms() throws {
        try withRenderer { renderer in
            let pass = ToolbarPass(renderer: renderer, scale: 1.5)
            XCTAssertEqual(pass.barPixels, 66)
            XCTAssertEqual(pass.colorBarView, ViewTransform(scale: 1.5))
            XCTAssertEqual(pass.shapeBarView(canvasPixelHeight: 180), ViewTransform(scale: 1.5, translation: Point(0, 246)))
        }
    }

    /// The largest difference between corresponding bytes (Int.max when the lengths differ).
    private func maxDifference(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        guard a.count == b.count else { return .max }
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
