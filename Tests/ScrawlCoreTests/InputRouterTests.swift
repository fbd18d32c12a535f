import XCTest
@testable import ScrawlCore

/// The window's input order, one precedence rule per test, without a window: a router fed plain
/// inputs over a screen of bars 44 points high around an 800 x 600 canvas area.
final class InputRouterTests: XCTestCase {
    private let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
    private var canvas: Point { Point(400, 300) }
    private var router = InputRouter()

    private func screen(prompt: Bool = false, picker: ColorPicker? = nil, visible: Bool = true, recent: Int = 0,
                        toolDraws: Bool = true, mirror: Bool = false) -> InputScreen {
        InputScreen(promptOpen: prompt, picker: picker, bars: ToolbarLayout(canvas: bars.canvas, visible: visible),
                    barHeight: 44, recentColours: recent, toolDraws: toolDraws, mirror: mirror)
    }

    private var picker: ColorPicker { ColorPicker(color: .black, forFill: false, origin: Point(200, 48)) }

    @discardableResult
    private func route(_ input: WindowInput, _ s: InputScreen? = nil) -> InputRoute { router.route(input, on: s ?? screen()) }
    private func down(_ name: String, _ s: InputScreen? = nil) -> InputRoute { route(.keyDown(KeyPress(name: name)!), s) }
    private func press(_ p: Point, _ button: PointerButton = .left, _ mods: InputModifiers = [], _ s: InputScreen? = nil) -> InputRoute {
        route(.press(button, at: p, modifiers: mods), s)
    }
    private func move(_ p: Point, _ s: InputScreen? = nil) -> InputRoute { route(.move(to: p, modifiers: []), s) }
    private func release(_ p: Point, _ button: PointerButton = .left, _ s: InputScreen? = nil) -> InputRoute {
        route(.release(button, at: p, modifiers: []), s)
    }
    private func began(_ p: Point, mirrored: Bool = false, _ mods: InputModifiers = []) -> InputRoute {
        .canvas(.touches(.began, at: p, modifiers: mods, mirrored: mirrored))
    }

    func testTypingWithThePromptOpenNeverReachesTheKeyTable() {
        let open = screen(prompt: true, picker: picker)
        for name in ["z", "ctrl+z", "c", "f1", "escape", "space", "ctrl+q", "enter"] {
            XCTAssertEqual(down(name, open), .prompt(.key), name)
            XCTAssertEqual(route(.keyUp(KeyPress(name: name)!), open), .none, name)
        }
        XCTAssertEqual(route(.keyDown(nil), open), .prompt(.key), "a key without a replay name (end) edits the prompt")
        XCTAssertEqual(route(.text("c"), open), .prompt(.text("c")), "before the picker's field")
        XCTAssertFalse(router.spaceHeld, "space typed into the prompt holds no pan")
    }

    func testAPressOnABarNeverDrawsEvenWhenDraggedOntoTheCanvas() {
        let pen = bars.toolRects[0].center
        XCTAssertEqual(press(pen), .bars(.click(.tool(ToolKind.allCases[0]), shift: false)))
        XCTAssertEqual(move(canvas), .hover(canvas))
        XCTAssertEqual(release(canvas), .none)
        let space = Point(790, 20)  // bar space: no button there
        XCTAssertEqual(press(space), .none)
        XCTAssertEqual(move(canvas), .hover(canvas))
        XCTAssertEqual(release(canvas), .none)
        XCTAssertFalse(router.pointerDown)
    }

    func testAShiftClickOnABarIsTheFillAndAnEmptyRecentSlotIsBarSpace() {
        XCTAssertEqual(press(bars.swatchRects[2].center, .left, .shift), .bars(.click(.swatch(index: 2), shift: true)))
        let slot = bars.recentRects[0].center
        XCTAssertEqual(press(slot, .left, [], screen(recent: 0)), .none)
        XCTAssertEqual(press(slot, .left, [], screen(recent: 1)), .bars(.click(.recent(index: 0), shift: false)))
    }

    func testSpaceDragPansUntilTheButtonComesUp() {
        XCTAssertEqual(down("space"), .view(.space(held: true)))
        XCTAssertEqual(press(canvas), .view(.beginPan(at: canvas)))
        XCTAssertEqual(move(Point(410, 305)), .view(.pan(from: canvas, to: Point(410, 305))))
        XCTAssertEqual(route(.keyUp(KeyPress("space"))), .view(.space(held: false)))
        XCTAssertEqual(move(Point(420, 300)), .view(.pan(from: Point(410, 305), to: Point(420, 300))), "space let go mid-pan")
        XCTAssertEqual(release(Point(420, 300)), .view(.endPan))
        XCTAssertEqual(move(canvas), .hover(canvas))
        XCTAssertEqual(press(canvas), began(canvas), "without space a press draws again")
    }

    func testSpaceDuringADrawingDragDoesNotPanIt() {
        XCTAssertEqual(press(canvas), began(canvas))
        XCTAssertEqual(down("space"), .view(.space(held: true)))
        XCTAssertEqual(move(Point(420, 300)), .canvas(.touches(.moved, at: Point(420, 300), modifiers: [], mirrored: false)))
        XCTAssertEqual(press(canvas), began(canvas), "a press with space held during a drag does not start a pan")
    }

    func testTheMiddleButtonPansAnywhereAndOtherButtonsGoNowhere() {
        let onBar = bars.toolRects[1].center
        XCTAssertEqual(press(onBar, .middle), .view(.beginPan(at: onBar)))
        XCTAssertEqual(press(canvas, .middle), .none, "a pan is already held")
        XCTAssertEqual(release(canvas, .middle), .view(.endPan))
        XCTAssertEqual(press(canvas, .other), .none)
        XCTAssertEqual(release(canvas, .other), .none)
        XCTAssertEqual(move(canvas), .hover(canvas))
    }

    func testThePickerTakesKeysWithoutCtrlWhileOpen() {
        let open = screen(picker: picker)
        XCTAssertEqual(down("z", open), .picker(.key(KeyPress("z"))))
        XCTAssertEqual(down("c", open), .picker(.key(KeyPress("c"))), "c is a hex digit, not the picker's toggle")
        XCTAssertEqual(down("backspace", open), .picker(.key(KeyPress("backspace"))), "not the selection's delete")
        XCTAssertEqual(route(.text("f"), open), .picker(.text("f")))
        XCTAssertEqual(down("ctrl+z", open), .canvas(.key(KeyPress("z", ctrl: true), .undo)))
        XCTAssertEqual(down("ctrl+s", open), .window(.save))
        XCTAssertEqual(down("c"), .picker(.toggle(fill: false)), "closed: c opens it")
        XCTAssertEqual(down("shift+c"), .picker(.toggle(fill: true)))
        XCTAssertEqual(route(.text("f")), .none, "closed: typing goes nowhere")
    }

    func testEscapeClosesTheInnermostFirst() {
        XCTAssertEqual(down("escape", screen(prompt: true, picker: picker)), .prompt(.key))
        XCTAssertEqual(down("escape", screen(picker: picker)), .picker(.key(KeyPress("escape"))))
        XCTAssertEqual(down("escape"), .canvas(.key(KeyPress("escape"), .cancel)))
    }

    func testTheHelpOverlayTakesOnlyItsKey() {
        XCTAssertEqual(down("f1"), .overlay)
        XCTAssertEqual(down("shift+/"), .overlay)
        XCTAssertEqual(press(canvas), began(canvas), "drawing goes on under the overlay")
    }

    func testKeyTableWindowActionsGoToTheirOwners() {
        XCTAssertEqual(down("ctrl+="), .view(.zoom(.zoomIn)))
        XCTAssertEqual(down("ctrl+0"), .view(.zoom(.zoomToFit)))
        XCTAssertEqual(down("ctrl+o"), .window(.open))
        XCTAssertEqual(down("m"), .window(.toggleMirror))
        XCTAssertEqual(down("l"), .canvas(.key(KeyPress("l"), .selectTool(.line))))
        XCTAssertEqual(down("ctrl+shift+alt+9"), .canvas(.key(KeyPress("9", ctrl: true, shift: true, alt: true), nil)))
        XCTAssertEqual(route(.keyDown(nil)), .none, "a key without a name is nobody's outside the prompt")
        XCTAssertEqual(route(.keyUp(KeyPress("l"))), .none)
        XCTAssertEqual(route(.drop(["/tmp/a.scrawl"])), .files(["/tmp/a.scrawl"]))
    }

    func testAPickerDragKeepsItsMovesAndReleaseWhereverThePointerGoes() {
        let open = screen(picker: picker), square = picker.squareRect.center, overBar = Point(10, 10)
        XCTAssertEqual(press(square, .left, [], open), .picker(.press(.square, at: square)))
        XCTAssertEqual(move(overBar, open), .picker(.drag(.square, to: overBar)))
        XCTAssertEqual(release(canvas, .left, open), .picker(.release(.square, at: canvas)))
        XCTAssertEqual(move(canvas, open), .hover(canvas))
        XCTAssertEqual(press(picker.hexRect.center, .left, [], open), .picker(.press(.hexField, at: picker.hexRect.center)))
        XCTAssertEqual(move(canvas, open), .hover(canvas), "a press on the field starts no drag")
    }

    func testAPickerClosedDuringItsDragLetsGo() {
        let open = screen(picker: picker), square = picker.squareRect.center
        XCTAssertEqual(press(square, .left, [], open), .picker(.press(.square, at: square)))
        XCTAssertEqual(move(canvas), .hover(canvas), "escape closed it")
        XCTAssertEqual(release(canvas), .none)
    }

    func testAClickOutsideThePickerOnlyClosesItButTheColourSquaresAreTheBars() {
        let open = screen(picker: picker)
        XCTAssertEqual(press(Point(700, 500), .left, [], open), .picker(.close))
        XCTAssertEqual(move(Point(710, 500), open), .hover(Point(710, 500)), "the close draws nothing")
        XCTAssertEqual(press(bars.toolRects[0].center, .left, [], open), .picker(.close), "another bar button too")
        let stroke = bars.strokeSquare.center
        XCTAssertEqual(press(stroke, .left, [], open), .bars(.click(.colorIndicator(fill: false), shift: false)))
    }

    func testACanvasDragKeepsItsMovesAndReleaseOverTheBars() {
        XCTAssertEqual(press(canvas), began(canvas))
        XCTAssertEqual(move(Point(30, 10)), .canvas(.touches(.moved, at: Point(30, 10), modifiers: [], mirrored: false)))
        XCTAssertEqual(press(Point(700, 500), .left, [], screen(picker: picker)), began(Point(700, 500)),
                       "a second press during a drag skips the picker")
        XCTAssertEqual(route(.release(.left, at: Point(30, 690), modifiers: .shift)),
                       .canvas(.touches(.ended, at: Point(30, 690), modifiers: .shift, mirrored: false)))
        XCTAssertFalse(router.pointerDown)
    }

    func testMirrorAndAltAddTheMirroredTouchOnlyForDrawingTools() {
        XCTAssertEqual(press(canvas, .left, .alt), began(canvas, mirrored: true, .alt))
        XCTAssertEqual(move(canvas), .canvas(.touches(.moved, at: canvas, modifiers: [], mirrored: true)), "the press decides")
        XCTAssertEqual(release(canvas), .canvas(.touches(.ended, at: canvas, modifiers: [], mirrored: true)))
        XCTAssertEqual(press(canvas, .left, [], screen(mirror: true)), began(canvas, mirrored: true))
        release(canvas)
        XCTAssertEqual(press(canvas, .left, .alt, screen(toolDraws: false, mirror: true)), began(canvas, mirrored: false, .alt),
                       "the eraser and the selection take alt as a flag")
    }

    func testUndoDuringADragEndsIt() {
        XCTAssertEqual(press(canvas), began(canvas))
        XCTAssertEqual(down("ctrl+z"), .canvas(.key(KeyPress("z", ctrl: true), .undo)))
        XCTAssertEqual(move(Point(420, 300)), .hover(Point(420, 300)), "the editor cancelled the touches")
        XCTAssertEqual(release(Point(420, 300)), .none)
        XCTAssertEqual(press(canvas), began(canvas))
        XCTAssertEqual(down("ctrl+c"), .canvas(.key(KeyPress("c", ctrl: true), .copy)))
        XCTAssertTrue(router.pointerDown, "other keys leave the drag alone")
    }

    func testTheWheelStepsTheValuesOverThemAndMovesTheViewElsewhere() {
        let width = bars.widthRect.center, opacity = bars.opacityRect.center
        XCTAssertEqual(route(.wheel(dx: 0, dy: 1, at: width)), .bars(.step(.width, up: true)))
        XCTAssertEqual(route(.wheel(dx: 0, dy: -2, at: opacity)), .bars(.step(.opacity, up: false)))
        XCTAssertEqual(route(.wheel(dx: 1, dy: 0, at: width)), .none, "sideways over a value")
        XCTAssertEqual(route(.wheel(dx: 0, dy: 1, at: canvas)), .view(.wheel(dx: 0, dy: 1, at: canvas)))
        let tool = bars.toolRects[0].center
        XCTAssertEqual(route(.wheel(dx: 0, dy: 1, at: tool)), .view(.wheel(dx: 0, dy: 1, at: tool)), "over a tool it pans")
    }

    func testHiddenBarsLeaveTheWholeWindowToTheCanvas() {
        let hidden = screen(visible: false), top = Point(20, 10)
        XCTAssertFalse(hidden.isOverBars(top))
        XCTAssertEqual(press(top, .left, [], hidden), began(top))
        XCTAssertTrue(screen().isOverBars(top))
        XCTAssertTrue(screen().isOverBars(Point(20, 644)))
        XCTAssertFalse(screen().isOverBars(Point(20, 643.5)))
    }
}

extension InputRouterTests {
    /// A ctrl-click on the zoom carries ctrl to the bars (it fits the drawing); other clicks say none.
    func testCtrlClickOnTheZoomCarriesCtrl() {
        XCTAssertEqual(press(bars.zoomRect.center, .left, .ctrl), .bars(.click(.zoom, shift: false, ctrl: true)))
        XCTAssertEqual(press(bars.zoomRect.center), .bars(.click(.zoom, shift: false, ctrl: false)))
        XCTAssertEqual(press(bars.commandRects[ToolbarCommand.allCases.firstIndex(of: .undo)!].center), .bars(.click(.command(.undo), shift: false)))
    }
}
