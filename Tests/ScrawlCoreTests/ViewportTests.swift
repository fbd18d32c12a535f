import XCTest
@testable import ScrawlCore

/// `Viewport`: mappings, zooming about a point, clamping, fitting.
final class ViewportTests: XCTestCase {
    private let zooms: [Double] = [1.0 / 32, 0.1, 0.5, 1, Viewport.zoomStep, 3, 16, 64]

    private func assertClose(_ a: Point, _ b: Point, _ tol: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(a.distance(to: b), tol, "\(a) vs \(b)", file: file, line: line)
    }

    func testWindowCanvasRoundTripsAndDeviceTransformAgree() {
        for zoom in zooms {
            let v = Viewport(origin: Point(-123_456.5, 98_765.25), zoom: zoom)
            for scale in [1.0, 1.5, 2] {
                let t = v.deviceTransform(contentScale: scale, offset: Point(0, 40))
                for w in [Point(0, 0), Point(640.5, 11), Point(-3, 2000)] {
                    let c = v.canvasPoint(atWindow: w)
                    assertClose(v.windowPoint(of: c), w, 1e-6)
                    assertClose(t.apply(c), Point(w.x * scale, w.y * scale + 40), 1e-6)
                    assertClose(t.canvasPoint(at: Point(w.x * scale, w.y * scale + 40)), c, 1e-6 / zoom)
                }
            }
        }
        XCTAssertEqual(Viewport().deviceTransform(contentScale: 2), ViewTransform(scale: 2, translation: .zero))
    }

    func testZoomAboutAPointKeepsItStill() {
        let p = Point(300, 200)
        var v = Viewport(origin: Point(50, -70), zoom: 1)
        let c = v.canvasPoint(atWindow: p)
        for _ in 0..<40 {
            v = v.zoomed(by: Viewport.zoomStep, aboutWindow: p)
            assertClose(v.canvasPoint(atWindow: p), c, 1e-9 * max(1, c.length))
        }
        XCTAssertEqual(v.zoom, Viewport.maxZoom)
        for _ in 0..<80 { v = v.zoomed(by: 1 / Viewport.zoomStep, aboutWindow: p) }
        XCTAssertEqual(v.zoom, Viewport.minZoom)
        assertClose(v.canvasPoint(atWindow: p), c, 1e-6)
        let to = v.zoomed(to: 2.5, aboutWindow: Point(10, 10))
        XCTAssertEqual(to.zoom, 2.5)
        assertClose(to.canvasPoint(atWindow: Point(10, 10)), v.canvasPoint(atWindow: Point(10, 10)), 1e-9)
    }

    func testClamping() {
        XCTAssertEqual(Viewport(zoom: 1000).zoom, 64)
        XCTAssertEqual(Viewport(zoom: 0).zoom, 1.0 / 32)
        XCTAssertEqual(Viewport(zoom: -5).zoom, 1.0 / 32)
        XCTAssertEqual(Viewport(zoom: .nan).zoom, 1)
        XCTAssertEqual(Viewport(zoom: .infinity).zoom, 1)
        XCTAssertEqual(Viewport().zoomed(to: .nan, aboutWindow: .zero).zoom, 1)
        XCTAssertEqual(Viewport.zoomStep, pow(2, 0.25))
    }

    func testPanFollowsThePointer() {
        let v = Viewport(origin: Point(10, 20), zoom: 4)
        let c = v.canvasPoint(atWindow: Point(100, 100))
        let moved = v.panned(byWindow: Point(30, -8))
        assertClose(moved.canvasPoint(atWindow: Point(130, 92)), c, 1e-12)
        XCTAssertEqual(moved.zoom, 4)
    }

    func testVisibleRect() {
        let v = Viewport(origin: Point(-100, 50), zoom: 2)
        XCTAssertEqual(v.visibleRect(width: 800, height: 600), Rect(x: -100, y: 50, width: 400, height: 300))
    }

    func testFittingContainsTheRectCentred() {
        let rects = [Rect(x: -1e6, y: -20, width: 2e6, height: 40), Rect(x: 5, y: 5, width: 10, height: 10),
                     Rect(x: 0, y: 0, width: 800, height: 600), Rect(x: 3, y: -4, width: 0, height: 300)]
        for r in rects {
            let v = Viewport.fitting(r, width: 1024, height: 700)
            let visible = v.visibleRect(width: 1024, height: 700)
            let margin = 16 / v.zoom
            if v.zoom > Viewport.minZoom {
                XCTAssertLessThanOrEqual(visible.minX, r.minX - margin + 1e-9)
                XCTAssertGreaterThanOrEqual(visible.maxX, r.maxX + margin - 1e-9)
                XCTAssertLessThanOrEqual(visible.minY, r.minY - margin + 1e-9)
                XCTAssertGreaterThanOrEqual(visible.maxY, r.maxY + margin - 1e-9)
            }
            assertClose(visible.center, r.center, 1e-6 * max(1, r.width))
        }
        XCTAssertEqual(Viewport.fitting(Rect(x: 0, y: 0, width: 10, height: 10), width: 1024, height: 700).zoom, 64)
        XCTAssertEqual(Viewport.fitting(Rect(x: 0, y: 0, width: 800, height: 600), width: 832, height: 632).zoom, 1)
        let dot = Viewport.fitting(Rect(x: 7, y: 9, width: 0, height: 0), width: 200, height: 100)
        XCTAssertEqual(dot, Viewport(origin: Point(-93, -41), zoom: 1))
    }

    func testZoomPercentText() {
        XCTAssertEqual(Viewport().zoomPercentText, "100%")
        XCTAssertEqual(Viewport(zoom: 4).zoomPercentText, "400%")
        XCTAssertEqual(Viewport(zoom: 1.0 / 32).zoomPercentText, "3.1%")
        XCTAssertEqual(Viewport(zoom: 2.0.squareRoot()).zoomPercentText, "141%")
        XCTAssertEqual(Viewport(zoom: 64).zoomPercentText, "6400%")
        XCTAssertEqual(Viewport(zoom: 0.125).zoomPercentText, "13%")
        XCTAssertEqual(Viewport(zoom: 1.0 / 16).zoomPercentText, "6.3%")
    }
}
