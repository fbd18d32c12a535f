import XCTest
@testable import ScrawlCore

/// The partial eraser (`x`, then `shift+x`): open strokes cut where the disc covers their centre
/// line, other drawables removed whole, one undo step per drag.
final class EraserPartialTests: XCTestCase {
    private let tol = 1e-6

    private func editor(_ drawables: [Drawable], zoom: Double = 1) -> Editor {
        let e = Editor(canvas: CanvasSpec(width: 400, height: 300), seed: 0, stampImage: ToolHelpers.image,
                       drawables: drawables)
        e.handle(.view(Viewport(origin: .zero, zoom: zoom)))
        e.handle(.key(KeyPress("x")))
        e.handle(.key(KeyPress("x", shift: true)))
        e.settings[.eraser].width = 2  // the width these tests measure (once the pen's, which the eraser shared)
        return e
    }

    private func open(_ pts: [Point], width: Double = 2, cap: LineCap = .round) -> Drawable {
        .path(PathDrawable(path: .polyline(pts), stroke: .blue, fill: nil,
                           style: StrokeOptions(width: width, cap: cap, join: .bevel)))
    }

    private func wave() -> [Point] {
        (0...120).map { Point(20 + Double($0) * 3, 150 + 60 * sin(Double($0) / 9)) }
    }

    private func distance(_ p: Point, toPath sweep: [Point]) -> Double {
        sweep.count == 1 ? p.distance(to: sweep[0])
            : (1..<sweep.count).map { p.distance(toSegment: sweep[$0 - 1], sweep[$0]) }.min()!
    }

    /// Every sample of the original centre line lies under the swept disc or on a piece; no piece
    /// enters the disc; every piece keeps the style; new ends lie on the disc's boundary.
    private func assertCut(_ original: PathDrawable, pieces: [PathDrawable], sweep: [Point], radius r: Double,
                           file: StaticString = #filePath, line: UInt = #line) {
        let lines = pieces.flatMap { $0.path.flattened(tolerance: 0.01) }
        for orig in original.path.flattened(tolerance: 0.01) {
            for i in 0..<max(orig.points.count - 1, 1) {
                let a = orig.points[i], b = orig.points[min(i + 1, orig.points.count - 1)]
                for k in 0...20 {
                    let p = a.lerp(b, Double(k) / 20)
                    let covered = distance(p, toPath: sweep) <= r + 0.05 || lines.contains { $0.distance(to: p) <= 0.05 }
                    XCTAssertTrue(covered, "\(p) neither erased nor kept", file: file, line: line)
                }
            }
        }
        for piece in pieces {
            XCTAssertEqual(piece.style, original.style, file: file, line: line)
            XCTAssertEqual(piece.stroke, original.stroke, file: file, line: line)
            let pts = piece.path.flattened(tolerance: 0.01).flatMap(\.points)
            for p in pts { XCTAssertGreaterThanOrEqual(distance(p, toPath: sweep), r - tol, file: file, line: line) }
            for end in [pts.first!, pts.last!] {
                let onOriginalEnd = original.path.flattened(tolerance: 0.01).contains { $0.points.first == end || $0.points.last == end }
                if !onOriginalEnd { XCTAssertEqual(distance(end, toPath: sweep), r, accuracy: tol, file: file, line: line) }
            }
        }
    }

    func testCutsAStraightStrokeInTwoExactlyAtTheDisc() {
        let d = open([Point(0, 100), Point(300, 100)], cap: .square)
        let e = editor([d])
        ToolHelpers.run(e, ToolHelpers.drag([(150, 50), (150, 150)]))
        let pieces = ToolHelpers.paths(e)
        XCTAssertEqual(pieces.map(\.path), [.polyline([Point(0, 100), Point(146, 100)]),
                                            .polyline([Point(154, 100), Point(300, 100)])])
        XCTAssertTrue(pieces.allSatisfy { $0.style.cap == .square })
    }

    func testWaveCutByAZigzagIsCoveredByPiecesAndDisc() {
        guard case .path(let original) = open(wave(), width: 5, cap: .butt) else { return XCTFail() }
        let e = editor([.path(original)])
        e.handle(ToolHelpers.key("]"))  // width 3: the disc is still 8 points wide
        let sweep = [Point(40, 60), Point(90, 240), Point(140, 60), Point(200, 240), Point(330, 150)]
        ToolHelpers.run(e, ToolHelpers.drag(sweep.map { ($0.x, $0.y) }))
        let pieces = ToolHelpers.paths(e)
        XCTAssertGreaterThan(pieces.count, 3)
        assertCut(original, pieces: pieces, sweep: sweep, radius: 4)
    }

    func testWideSettingCutsWithHalfTheWidth() {
        guard case .path(let original) = open(wave()) else { return XCTFail() }
        let e = editor([.path(original)])
        for _ in 0..<7 { e.handle(ToolHelpers.key("]")) }
        XCTAssertEqual(e.settings[.eraser].width, 24)
        let sweep = [Point(100, 20), Point(110, 280)]
        ToolHelpers.run(e, ToolHelpers.drag(sweep.map { ($0.x, $0.y) }))
        assertCut(original, pieces: ToolHelpers.paths(e), sweep: sweep, radius: 12)
    }

    func testOpenBezierIsCutAndTapRemovesAPiece() {
        var path = Path()
        path.move(to: Point(20, 200))
        path.cubic(Point(100, 20), Point(250, 20), to: Point(350, 200))
        let original = PathDrawable(path: path, stroke: .red, fill: nil, style: .round(width: 3))
        let e = editor([.path(original)])
        let top = Point(185, 65.5)  // near the curve's top
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, top.x, top.y), ToolHelpers.touch(0, .ended, top.x, top.y)])
        XCTAssertEqual(ToolHelpers.paths(e).count, 2)
        assertCut(original, pieces: ToolHelpers.paths(e), sweep: [top], radius: 4)
    }

    func testClosedShapesFillsAndStampsRemovedWhole() {
        let outline = Drawable.path(PathDrawable(path: .ellipse(in: Rect(x: 50, y: 50, width: 100, height: 60)),
                                                 stroke: .black, fill: nil, style: .round(width: 2)))
        let filledOpen = Drawable.path(PathDrawable(path: .polyline([Point(200, 50), Point(300, 50), Point(300, 120)]),
                                                    stroke: .black, fill: .red, style: .round(width: 2)))
        let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, center: Point(100, 250)))
        let keep = open([Point(0, 290), Point(400, 290)])
        let e = editor([outline, filledOpen, stamp, keep])
        ToolHelpers.run(e, ToolHelpers.drag([(150, 80), (250, 80), (250, 100), (100, 250)]))
        XCTAssertEqual(e.displayList.drawables, [keep])
    }

    func testOneUndoStepRestoresEverythingAndPreviewMatches() {
        let a = open([Point(0, 100), Point(400, 100)]), b = open([Point(0, 200), Point(400, 200)])
        let c = open([Point(0, 20), Point(400, 20)])
        let e = editor([a, b, c])
        let before = e.displayList.items
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 100, 90), ToolHelpers.touch(0, .moved, 300, 210)])
        let hidden = (e.tool as! EraserTool).pendingIDs
        XCTAssertEqual(hidden, [before[0].id, before[1].id])
        XCTAssertEqual(e.liveItems.count, 3, "two dimmed copies and the disc")
        e.handle(ToolHelpers.touch(0, .ended, 300, 210))
        XCTAssertEqual(e.displayList.count, 5)
        XCTAssertEqual(Set(before.map(\.id)).subtracting(e.displayList.items.map(\.id)), hidden)
        XCTAssertEqual(e.displayList.items.last, before[2], "untouched drawables keep their place and id")
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.items, before)
        XCTAssertFalse(e.displayList.canUndo)
    }

    func testArrowShaftCutHeadKept() {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("a"))
        ToolHelpers.run(e, ToolHelpers.drag((0...30).map { (20 + Double($0) * 10, 150) }))
        guard let arrow = ToolHelpers.paths(e).first else { return XCTFail() }
        XCTAssertEqual(arrow.path.flattened(tolerance: 0.05).count, 3)
        e.handle(.key(KeyPress("x"))); e.handle(.key(KeyPress("x", shift: true)))
        e.settings[.eraser].width = 2
        ToolHelpers.run(e, ToolHelpers.drag([(150, 100), (150, 200)]))
        let pieces = ToolHelpers.paths(e)
        XCTAssertEqual(pieces.count, 4, "two shaft pieces and the two head strokes")
        assertCut(arrow, pieces: pieces, sweep: [Point(150, 100), Point(150, 200)], radius: 4)
    }

    func testBodyTouchedButCentreLineMissedIsLeftAlone() {
        let wide = open([Point(0, 100), Point(400, 100)], width: 20)
        let e = editor([wide])
        let before = e.displayList.items
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 100, 112), ToolHelpers.touch(0, .moved, 300, 112)])
        XCTAssertTrue((e.tool as! EraserTool).pendingIDs.isEmpty, "the disc reaches the body (half-width 10) but not the centre line")
        e.handle(ToolHelpers.touch(0, .ended, 300, 112))
        XCTAssertEqual(e.displayList.items, before)
        XCTAssertFalse(e.displayList.canUndo)
    }
}
