import XCTest
@testable import ScrawlCore

/// The pen and the fingers through the router, as plain input sequences with the server's clock
/// in them: the pointer's duplicates of the pen, palm rejection, the bars, and the two touch modes.
final class InputRouterDeviceTests: XCTestCase {
    private let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
    private var router = InputRouter()

    private func screen(_ mode: TouchMode = .draw, picker: ColorPicker? = nil, prompt: Bool = false) -> InputScreen {
        var s = InputScreen(promptOpen: prompt, picker: picker, bars: bars, barHeight: 44)
        s.touchMode = mode
        return s
    }

    @discardableResult
    private func route(_ input: WindowInput, _ s: InputScreen? = nil) -> InputRoute { router.route(input, on: s ?? screen()) }

    private func pen(_ action: PenInput.Action, _ p: Point, pressure: Double = 0, eraser: Bool = false, time: Double = 0,
                     movesPointer: Bool = true) -> InputRoute {
        route(.pen(PenInput(action, at: p, sample: PenSample(pressure: pressure, eraser: eraser), time: time, movesPointer: movesPointer)))
    }

    private func finger(_ id: Int, _ phase: TouchPhase, _ p: Point, time: Double = 10, _ s: InputScreen? = nil) -> InputRoute {
        route(.finger(FingerInput(id: id, phase: phase, at: p, time: time)), s)
    }

    private func drawn(_ id: Int, _ phase: TouchPhase, _ p: Point) -> InputRoute { .canvas(.fingers([FingerTouch(id: id, phase: phase, at: p)])) }

    func testThePenDrawsWithItsSamplesAndItsPointerDuplicatesGoNowhere() {
        let a = Point(200, 200), b = Point(220, 205)
        XCTAssertEqual(pen(.enter, a), .hover(a))
        XCTAssertEqual(route(.move(to: a, modifiers: [])), .none, "the pointer's move is the pen's")
        let s1 = PenSample(pressure: 0.1), s2 = PenSample(pressure: 0.9)
        XCTAssertEqual(pen(.press(.left), a, pressure: 0.1), .canvas(.touches(.began, at: a, modifiers: [], mirrored: false, pen: s1)))
        XCTAssertEqual(route(.press(.left, at: a, modifiers: [])), .none, "the pointer's press is the pen's")
        XCTAssertEqual(pen(.move, b, pressure: 0.9), .canvas(.touches(.moved, at: b, modifiers: [], mirrored: false, pen: s2)))
        XCTAssertEqual(route(.move(to: b, modifiers: [])), .none)
        XCTAssertEqual(pen(.release(.left), b, pressure: 0), .canvas(.touches(.ended, at: b, modifiers: [], mirrored: false, pen: s2)),
                       "the stroke ends with the last pressure it drew with, not the release's 0")
        XCTAssertEqual(pen(.leave, b, time: 1), .hoverEnded)
        XCTAssertEqual(route(.release(.left, at: b, modifiers: [])), .none, "a late duplicate of the release")
        XCTAssertTrue(router.pendingDuplicates.isEmpty)
        XCTAssertEqual(route(.press(.left, at: a, modifiers: [])), .canvas(.touches(.began, at: a, modifiers: [], mirrored: false)),
                       "the mouse draws again once the pen has gone and its duplicates are matched")
    }

    func testDuplicatesThatArriveAfterThePenLeftStillGoNowhere() {
        // Everything the pen did was handled before GLFW's copies of it (one burst).
        let a = Point(100, 300), b = Point(300, 300)
        pen(.enter, a)
        pen(.press(.left), a, pressure: 0.5)
        pen(.move, b, pressure: 0.5)
        pen(.release(.left), b)
        pen(.leave, b, time: 2)
        XCTAssertEqual(route(.move(to: a, modifiers: [])), .hover(a))
        XCTAssertEqual(route(.press(.left, at: b, modifiers: [])), .none, "GLFW gives the press the pointer's latest position")
        XCTAssertEqual(route(.move(to: b, modifiers: [])), .hover(b), "no drag was begun")
        XCTAssertEqual(route(.release(.left, at: b, modifiers: [])), .none)
        XCTAssertFalse(router.pointerDown)
    }

    func testAFloatingPenMovesNoPointerSoTheMouseIsItsOwn() {
        let a = Point(100, 300)
        pen(.enter, a, movesPointer: false)
        XCTAssertFalse(router.mouseIsPens)
        XCTAssertEqual(route(.move(to: Point(5, 300), modifiers: [])), .hover(Point(5, 300)), "the mouse's own move")
        pen(.press(.left), a, pressure: 0.5, movesPointer: false)
        XCTAssertTrue(router.pendingDuplicates.isEmpty, "no duplicate is awaited")
        XCTAssertEqual(route(.move(to: Point(5, 300), modifiers: [])), .none, "but it does not take over the pen's drag")
    }

    func testThePenClicksTheBarsAndItsBarrelButtonPans() {
        let tool = bars.toolRects[2].center, c = Point(400, 300)
        XCTAssertEqual(pen(.press(.left), tool, pressure: 0.3), .bars(.click(.tool(ToolKind.allCases[2]), shift: false)))
        XCTAssertEqual(pen(.release(.left), tool), .none)
        XCTAssertEqual(pen(.press(.middle), c), .view(.beginPan(at: c)))
        XCTAssertEqual(pen(.move, Point(410, 300)), .view(.pan(from: c, to: Point(410, 300))))
        XCTAssertEqual(pen(.leave, Point(410, 300)), .view(.endPan), "a pen taken away ends its pan")
    }

    func testAPenTakenAwayWhileTouchingEndsItsStroke() {
        let a = Point(300, 300)
        pen(.press(.left), a, pressure: 0.4, eraser: true)
        let s = PenSample(pressure: 0.4, eraser: true)
        XCTAssertEqual(pen(.leave, a), .canvas(.touches(.ended, at: a, modifiers: [], mirrored: false, pen: s)))
        XCTAssertFalse(router.pointerDown)
    }

    func testFingersDrawEachTheirOwnTouch() {
        XCTAssertEqual(finger(101, .began, Point(100, 300)), drawn(2, .began, Point(100, 300)))
        XCTAssertEqual(finger(102, .began, Point(500, 300)), drawn(3, .began, Point(500, 300)))
        XCTAssertEqual(finger(101, .moved, Point(120, 310)), drawn(2, .moved, Point(120, 310)))
        XCTAssertEqual(finger(101, .moved, Point(120, 310)), .none, "the same place again")
        XCTAssertEqual(finger(102, .ended, Point(480, 310)), drawn(3, .ended, Point(480, 310)))
        XCTAssertEqual(finger(103, .began, Point(50, 200)), drawn(3, .began, Point(50, 200)), "the lowest free id")
        XCTAssertEqual(finger(101, .cancelled, Point(120, 310)), drawn(2, .cancelled, Point(120, 310)))
        XCTAssertEqual(finger(999, .moved, Point(1, 1)), .none, "an unknown finger")
    }

    func testFingersArePalmsWhileThePenIsNearAndShortlyAfter() {
        pen(.enter, Point(10, 100), time: 5)
        XCTAssertEqual(finger(1, .began, Point(300, 300), time: 6), .none)
        XCTAssertEqual(finger(1, .moved, Point(320, 300), time: 6.1), .none, "a palm stays a palm")
        pen(.leave, Point(10, 100), time: 7)
        XCTAssertEqual(finger(2, .began, Point(300, 300), time: 7 + InputRouter.palmDelay - 0.01), .none)
        XCTAssertEqual(finger(1, .ended, Point(320, 300), time: 7.5), .none)
        XCTAssertEqual(finger(3, .began, Point(300, 300), time: 7 + InputRouter.palmDelay), drawn(2, .began, Point(300, 300)))
        XCTAssertEqual(finger(2, .ended, Point(300, 300), time: 8), .none, "the palm that began in the delay")
    }

    func testAFingerClicksTheBarsAndClosesThePicker() {
        let tool = bars.toolRects[3].center
        XCTAssertEqual(finger(1, .began, tool), .bars(.click(.tool(ToolKind.allCases[3]), shift: false)))
        XCTAssertEqual(finger(1, .moved, Point(400, 300)), .none, "a press on a bar never draws")
        let picker = ColorPicker(color: .black, forFill: false, origin: Point(200, 48))
        XCTAssertEqual(finger(2, .began, Point(700, 500), screen(picker: picker)), .picker(.close))
        XCTAssertEqual(finger(3, .began, picker.squareRect.center, screen(picker: picker)), .none)
        XCTAssertEqual(finger(4, .began, Point(300, 300), screen(prompt: true)), .none)
    }

    func testOneFingerPansInTouchNavigates() {
        let nav = screen(.navigate)
        XCTAssertEqual(finger(1, .began, Point(300, 300), nav), .none)
        XCTAssertEqual(finger(1, .moved, Point(310, 320), nav), .view(.touchGesture(from: Point(300, 300), to: Point(310, 320), scale: 1)))
        XCTAssertEqual(finger(1, .ended, Point(315, 320), nav), .view(.touchGesture(from: Point(310, 320), to: Point(315, 320), scale: 1)))
        XCTAssertTrue(router.fingers.isEmpty)
    }

    func testTwoFingersPanAndPinchAboutTheirCentreAndAThirdDoesNothing() {
        let nav = screen(.navigate)
        finger(1, .began, Point(300, 300), nav)
        finger(2, .began, Point(500, 300), nav)
        XCTAssertEqual(finger(3, .began, Point(400, 400), nav), .none)
        // Finger 1 moves out to the left: the two are 300 apart instead of 200, their centre moves left by 50.
        XCTAssertEqual(finger(1, .moved, Point(200, 300), nav),
                       .view(.touchGesture(from: Point(400, 300), to: Point(350, 300), scale: 1.5)))
        XCTAssertEqual(finger(3, .moved, Point(450, 450), nav), .none)
        XCTAssertEqual(finger(2, .ended, Point(500, 300), nav), .none, "lifted where it was")
        XCTAssertEqual(finger(1, .moved, Point(210, 300), nav), .view(.touchGesture(from: Point(200, 300), to: Point(210, 300), scale: 1)),
                       "the finger left pans alone")
    }

    func testAFingerDrawingWhenTheModeChangesGoesOnAsItBegan() {
        XCTAssertEqual(finger(1, .began, Point(300, 300)), drawn(2, .began, Point(300, 300)))
        XCTAssertEqual(finger(1, .moved, Point(310, 300), screen(.navigate)), drawn(2, .moved, Point(310, 300)))
    }
}
