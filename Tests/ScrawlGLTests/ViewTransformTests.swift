import ScrawlCore
@testable import ScrawlGL
import XCTest

/// `ViewTransform` maps canvas points to device pixels as documented, and the renderer applies it.
final class ViewTransformTests: GLTestCase {
    private let view = ViewTransform(scale: 2, translation: Point(10, -5))

    func testApplyScalesThenTranslates() {
        XCTAssertEqual(view.apply(Point(3, 4)), Point(16, 3))
        XCTAssertEqual(view.apply(.zero), Point(10, -5), "canvas (0, 0) lands on the translation")
        XCTAssertEqual(ViewTransform.identity.apply(Point(7.25, -1)), Point(7.25, -1))
        XCTAssertEqual(view.apply(Rect(x: 1, y: 2, width: 3, height: 4)), Rect(x: 12, y: -1, width: 6, height: 8))
    }

    func testCanvasPointInvertsApply() {
        for p in [Point(0, 0), Point(3.5, -8), Point(1e5, 2e5)] {
            let back = view.canvasPoint(at: view.apply(p))
            XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
            XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        }
    }

    func testFollowedByAppliesBothInOrder() {
        let next = ViewTransform(scale: 0.5, translation: Point(-3, 7))
        let both = view.followed(by: next)
        for p in [Point(0, 0), Point(3, 4), Point(-2.5, 9)] {
            XCTAssertEqual(both.apply(p), next.apply(view.apply(p)))
        }
        XCTAssertEqual(view.translated(by: Point(1, 2)).apply(Point(3, 4)), Point(17, 5))
    }

    func testZoomAboutAnAnchorKeepsItsCanvasPointStill() {
        let anchor = Point(40, 30)
        let under = view.canvasPoint(at: anchor)
        for factor in [2.0, 0.25, pow(2, 0.25)] {
            let zoomed = view.zoomed(by: factor, about: anchor)
            XCTAssertEqual(zoomed.scale, view.scale * factor)
            let p = zoomed.apply(under)
            XCTAssertEqual(p.x, anchor.x, accuracy: 1e-9)
            XCTAssertEqual(p.y, anchor.y, accuracy: 1e-9)
        }
    }

    /// Meshes tessellated at the view's scale are left a pure translation, exactly scale 1.
    func testMeshTransformLeavesTheGPUTheRest() {
        for scale in [1.0, 1.5, 0.1, 3.7] {
            let v = ViewTransform(scale: scale, translation: Point(0, 88))
            XCTAssertEqual(v.meshTransform(tessellatedAt: scale), ViewTransform(scale: 1, translation: Point(0, 88)))
        }
        XCTAssertEqual(view.meshTransform(tessellatedAt: 1).scale, 2)
        XCTAssertEqual(view.meshTransform(tessellatedAt: 4).scale, 0.5)
    }

    /// A mesh drawn through a whole-pixel translation gives the same pixels, shifted.
    func testTranslationShiftsMeshesPixelForPixel() throws {
        try withRenderer { renderer in
            let mesh = TestMeshes.capsule(x0: 4, x1: 26, y: 9.3, width: 5, color: Color(r: 200, g: 30, b: 60, a: 160))
            let a = try RenderTarget(width: 40, height: 30), b = try RenderTarget(width: 40, height: 30)
            renderer.clear(a, to: .clear)
            renderer.draw([.stroke(mesh, blend: .uniformAlpha)], into: a)
            renderer.clear(b, to: .clear)
            renderer.draw([.stroke(mesh, blend: .uniformAlpha)], into: b, transform: ViewTransform(translation: Point(7, 11)))
            let pa = Pixels(renderer, a), pb = Pixels(renderer, b)
            for y in 0..<19 { for x in 0..<33 { XCTAssertEqual(pb[x + 7, y + 11], pa[x, y], "\(x),\(y)") } }
            XCTAssertEqual(pb.coveredArea, pa.coveredArea, accuracy: 1e-9, "nothing was cut off")
        }
    }

    /// The transform's scale and translation apply to fills and images too.
    func testScaleAndTranslationPlaceFillsAndImages() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 32, height: 32)
            let white = RasterImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
            let t = ViewTransform(scale: 2, translation: Point(4, 6))
            renderer.clear(target, to: .clear)
            renderer.draw([.image(white, rect: Rect(x: 1, y: 1, width: 3, height: 2), opacity: 1)], into: target, transform: t)
            let p = Pixels(renderer, target)
            for y in 0..<32 {
                for x in 0..<32 {
                    let inside = (6..<12).contains(x) && (8..<12).contains(y)
                    XCTAssertEqual(p.alpha(x, y), inside ? 255 : 0, "\(x),\(y)")
                }
            }
        }
    }
}
