import XCTest
@testable import ScrawlCore

/// What the window's Export writes: the page with everything drawn beyond it, or the selection.
final class ExportRegionTests: XCTestCase {
    private typealias S = SelectTestSupport
    private let canvas = CanvasSpec(width: 400, height: 300)

    private func items(_ drawables: [Drawable]) -> [DisplayItem] { DisplayList(drawables: drawables).items }

    func testADrawingOnThePageExportsThePage() {
        let list = items([S.line(Point(10, 10), Point(390, 290))])
        let r = ExportRegion(items: list, canvas: canvas)
        XCTAssertEqual(r.rect, Rect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertEqual(r.content, .page)
        XCTAssertEqual(r.items.count, 1)
        XCTAssertEqual(r.description, "the page")
        XCTAssertEqual(ExportRegion(items: [], canvas: canvas).rect, Rect(x: 0, y: 0, width: 400, height: 300), "an empty drawing: the page")
    }

    /// A stroke past the border is exported too, with the margin around what lies beyond, and the
    /// page stays whole.
    func testWhatIsDrawnBeyondThePageIsExportedWithAMargin() {
        let list = items([S.line(Point(100, 100), Point(200, 100)), S.line(Point(350, 250), Point(700.5, 520), width: 4)])
        let r = ExportRegion(items: list, canvas: canvas)
        XCTAssertEqual(r.content, .pageAndBeyond)
        XCTAssertEqual(r.description, "the page and everything drawn beyond it")
        XCTAssertEqual(r.rect.minX, 0)
        XCTAssertEqual(r.rect.minY, 0)
        XCTAssertEqual(r.rect.maxX, (702.5 + ExportRegion.margin).rounded(.up), "the round cap's edge plus the margin, on a whole point")
        XCTAssertEqual(r.rect.maxY, 522 + ExportRegion.margin)
        let left = ExportRegion(items: items([S.line(Point(-80, 20), Point(10, 20))]), canvas: canvas)
        XCTAssertEqual(left.rect, Rect(minX: -81 - ExportRegion.margin, minY: 0, maxX: 400, maxY: 300))
        XCTAssertEqual(left.canvas(background: .white), CanvasSpec(width: 400 + 81 + ExportRegion.margin, height: 300))
    }

    /// With a selection, only the selected strokes and images go, framed by their own bounds.
    func testASelectionExportsOnlyItself() {
        let list = items([S.line(Point(10, 10), Point(50, 10)), S.line(Point(100, 200), Point(150, 220)), S.line(Point(600, 10), Point(700, 10))])
        let r = ExportRegion(items: list, canvas: canvas, selected: [list[1].id])
        XCTAssertEqual(r.items.map(\.id), [list[1].id])
        XCTAssertEqual(r.content, .selection(DrawingCount(strokes: 1)))
        XCTAssertEqual(r.description, "the selection (1 stroke)")
        XCTAssertEqual(r.rect, Rect(minX: 99 - 16, minY: 199 - 16, maxX: 151 + 16, maxY: 221 + 16))
        let gone = ExportRegion(items: list, canvas: canvas, selected: [999])
        XCTAssertEqual(gone.content, .pageAndBeyond, "ids not shown are no selection")
        XCTAssertEqual(gone.items.count, 3)
    }

    /// The picture is kept within the canvas limits by lowering its scale, never by cutting it.
    func testTheScaleIsLoweredOnlyWhereThePictureWouldPassTheLimits() {
        let small = ExportRegion(items: [], canvas: canvas)
        XCTAssertEqual(small.scale(fitting: 2), 2)
        let wide = ExportRegion(rect: Rect(x: 0, y: 0, width: 40000, height: 100), content: .page, items: [])
        let s = wide.scale(fitting: 1)
        XCTAssertLessThan(s, 1)
        XCTAssertTrue(CanvasSpec.fits(width: Int(40000 * s), height: Int(100 * s)))
        XCTAssertGreaterThan(40000 * s, Double(CanvasSpec.maxDevicePixels) - 2, "no smaller than it must be")
    }

    func testCountsSayStrokesAndImages() {
        let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, center: Point(5, 5)))
        XCTAssertEqual(DrawingCount([S.line(.zero, Point(1, 1))]).text, "1 stroke")
        XCTAssertEqual(DrawingCount([S.line(.zero, Point(1, 1)), S.line(.zero, Point(2, 1)), stamp]).text, "2 strokes and 1 image")
        XCTAssertEqual(DrawingCount([stamp, stamp]).text, "2 images")
        XCTAssertEqual(DrawingCount([]).text, "nothing")
    }
}

/// Where Insert image puts a picture.
final class InsertedImageTests: XCTestCase {
    private func image(_ w: Int, _ h: Int) -> RasterImage { RasterImage(width: w, height: h, pixels: [UInt8](repeating: 200, count: w * h * 4)) }

    func testASmallPictureGoesAtTheViewCentreOnePixelPerPoint() {
        let s = StampDrawable(inserting: image(40, 20), into: Rect(x: 100, y: 50, width: 800, height: 600))
        XCTAssertEqual(s.rect, Rect(x: 480, y: 340, width: 40, height: 20))
        XCTAssertEqual(s.opacity, 1)
    }

    func testALargePictureIsScaledDownToFitMostOfTheView() {
        let view = Rect(x: -500, y: 0, width: 1000, height: 500)
        let s = StampDrawable(inserting: image(4000, 1000), into: view)
        XCTAssertEqual(s.rect.center, view.center)
        XCTAssertEqual(s.rect.width, 800, accuracy: 1e-9, "80 % of the view's width")
        XCTAssertEqual(s.rect.height, 200, accuracy: 1e-9, "its shape kept")
        let tall = StampDrawable(inserting: image(100, 2000), into: view)
        XCTAssertEqual(tall.rect.height, 400, accuracy: 1e-9)
        XCTAssertEqual(tall.rect.width, 20, accuracy: 1e-9)
    }
}

/// Revert to saved as the display list makes it: one step, undone like any other.
final class ReplaceAllTests: XCTestCase {
    func testReplacingEverythingIsOneUndoableStep() {
        let a = SelectTestSupport.line(Point(0, 0), Point(10, 0)), b = SelectTestSupport.line(Point(0, 5), Point(10, 5))
        let c = SelectTestSupport.line(Point(0, 9), Point(10, 9))
        var list = DisplayList(drawables: [a])
        list.add(b)
        list.add(c)
        let before = list.drawables, state = list.state
        XCTAssertNotNil(list.replaceAll(with: [a]))
        XCTAssertEqual(list.drawables, [a])
        XCTAssertNotEqual(list.state, state)
        XCTAssertTrue(list.undo())
        XCTAssertEqual(list.drawables, before)
        XCTAssertEqual(list.state, state, "undo comes back to the same state")
        XCTAssertTrue(list.redo())
        XCTAssertEqual(list.drawables, [a])
        var empty = DisplayList()
        XCTAssertNil(empty.replaceAll(with: []), "nothing for nothing is no step")
        XCTAssertFalse(empty.canUndo)
    }
}
