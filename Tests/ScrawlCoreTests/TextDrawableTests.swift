import XCTest
@testable import ScrawlCore

/// What text answers as a drawable kind: it is one piece (hit, picked, erased whole), scales its
/// size, takes the stroke colour and opacity, and draws its outlines as a fill.
final class TextDrawableTests: XCTestCase {
    private let text = TextDrawable(string: "Hello\nyou", family: "boxes", size: 20, position: Point(100, 50),
                                    colour: .red, shaper: BoxShaper())

    func testLayoutBoxAndBounds() {
        XCTAssertEqual(text.box, Rect(x: 100, y: 50, width: 50, height: 50), "5 half-em characters wide, two 1.25-em lines")
        let bounds = try! XCTUnwrap(text.paintedBounds)
        XCTAssertTrue(bounds.containsClosed(Point(100, 50)) && bounds.containsClosed(Point(150, 100)))
        XCTAssertEqual(Drawable.text(text).noun, .text)
        XCTAssertEqual(DrawingCount([.text(text), .text(text)]).text, "2 texts")
    }

    func testHitAsAWholeAndTheEyedropperReadsItsColour() {
        let gap = Point(149, 99)  // inside the box, on no glyph
        XCTAssertTrue(text.isHit(at: gap, radius: 0.5))
        XCTAssertFalse(text.isHit(at: Point(160, 60), radius: 2))
        XCTAssertEqual(text.colour(at: gap, radius: 1), .red)
        let e = ToolHelpers.editor(400, 300)
        e.append([.text(text)])
        e.handle(.key(KeyPress(name: "k")!))
        e.handle(ToolHelpers.touch(0, .began, 120, 60))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.red), "the eyedropper took the text's colour")
    }

    func testBothErasersRemoveItWhole() {
        for mode in [EraserMode.stroke, .partial] {
            XCTAssertTrue(text.isTouched(byEraserFrom: Point(90, 75), to: Point(101, 75), radius: 2, mode: mode))
            XCTAssertFalse(text.isTouched(byEraserFrom: Point(0, 0), to: Point(10, 0), radius: 2, mode: mode))
            XCTAssertTrue(text.erased(along: [Point(101, 75)], radius: 2, mode: mode).isEmpty)
        }
        let e = ToolHelpers.editor(400, 300)
        e.append([.text(text)])
        ToolHelpers.run(e, [ToolHelpers.key("x"), ToolHelpers.key("shift+x")] + ToolHelpers.drag([(90, 60), (110, 60)]))
        XCTAssertEqual(e.displayList.count, 0, "the partial eraser removed the text whole")
    }

    func testScalingScalesTheSizeAndNeverStretches() {
        let scaled = text.scaled(about: Point(100, 50), sx: 2, sy: 2, scalingWidths: true)
        XCTAssertEqual(scaled.size, 40)
        XCTAssertEqual(scaled.box, Rect(x: 100, y: 50, width: 100, height: 100))
        XCTAssertEqual(scaled.outline, text.outline.mapped { Point(100 + ($0.x - 100) * 2, 50 + ($0.y - 50) * 2) })
        let stretched = text.scaled(about: Point(100, 50), sx: 4, sy: 1, scalingWidths: true)
        XCTAssertEqual(stretched.size, 40, "the geometric mean of the factors")
        XCTAssertEqual(stretched.box.width / stretched.box.height, text.box.width / text.box.height, accuracy: 1e-9)
        let mirrored = text.scaled(about: Point(100, 50), sx: -1, sy: 1, scalingWidths: true)
        XCTAssertEqual(mirrored.box, Rect(x: 50, y: 50, width: 50, height: 50), "moved to the mirrored box, not mirrored")
        XCTAssertEqual(text.scaled(about: .zero, sx: 1e9, sy: 1e9, scalingWidths: true).size, TextDrawable.sizeRange.upperBound)
        XCTAssertEqual(text.scaled(about: .zero, sx: 0, sy: 0, scalingWidths: true), text, "a zero scale changes nothing")
        let moved = text.translated(by: Point(5, -5))
        XCTAssertEqual(moved.position, Point(105, 45))
        XCTAssertEqual(moved.box.minX, 105)
    }

    func testRestyleTakesTheStrokeColourAndOpacityOnly() {
        var random = SplitMix64(seed: 1)
        XCTAssertEqual(text.restyled(.stroke(.fixed(.blue)), random: &random).colour, .blue)
        XCTAssertEqual(text.restyled(.fill(.fixed(.blue)), random: &random), text)
        XCTAssertEqual(text.restyled(.width(step: 1), random: &random), text)
        let faded = text.restyled(.opacity(step: -1), random: &random)
        XCTAssertEqual(faded.opacity, 0.75, accuracy: 0.01)
        XCTAssertEqual(faded.restyled(.stroke(.fixed(.green)), random: &random).opacity, 0.75, accuracy: 0.01)
    }

    func testDrawnAsTheFillOfItsOutlines() {
        let commands = Drawable.text(text).commands(scale: 2)
        XCTAssertEqual(commands.count, 1)
        guard case .fill? = commands.first else { return XCTFail("a fill") }
        guard case .path(let veil) = text.veiled(.white) else { return XCTFail("a path") }
        XCTAssertEqual(veil.path, text.outline)
        XCTAssertEqual(veil.fill, .white)
    }

    func testSelectionMovesScalesRecoloursAndDuplicatesText() {
        let e = ToolHelpers.editor(400, 300)
        e.append([.text(text)])
        ToolHelpers.run(e, [ToolHelpers.key("v"), ToolHelpers.key("ctrl+a"), ToolHelpers.key("2"), ToolHelpers.key("right"),
                            ToolHelpers.key("ctrl+d")])
        let texts = e.displayList.drawables.compactMap { $0.kind(as: TextDrawable.self) }
        XCTAssertEqual(texts.count, 2, "duplicated")
        XCTAssertEqual(texts[0].colour, .blue, "recoloured")
        XCTAssertEqual(texts[0].position, Point(101, 50), "nudged")
    }

    func testKeptInsideTheCanvasLimitWhole() {
        let far = text.translated(by: Point(CanvasLimit.limit, 0))
        let kept = far.keptInsideCanvasLimit()
        XCTAssertTrue(kept.isInsideCanvasLimit)
        XCTAssertEqual(kept.box.width, far.box.width, accuracy: 1e-6, "moved in, not squashed")
    }
}
