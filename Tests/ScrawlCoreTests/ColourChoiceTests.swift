import XCTest
@testable import ScrawlCore

/// The eyedropper, the recent colours, the `color` replay event and the picker's model.
final class ColourChoiceTests: XCTestCase {
    private typealias H = ToolHelpers

    // MARK: Eyedropper

    /// Two overlapping strokes: the eyedropper takes the colour of the one drawn last where both
    /// paint, the lower one's where only it paints, and the page background elsewhere.
    func testEyedropperTakesTheTopmostDrawablesColour() {
        let e = H.editor()
        H.run(e, [H.key("]"), H.key("]"), H.key("]"), H.key("1")] + H.drag([(20, 100), (200, 100)]))  // red, 6 pt
        H.run(e, [H.key("2")] + H.drag([(100, 20), (100, 200)]))  // blue across it
        XCTAssertEqual(e.colour(at: Point(100, 100)), .blue, "where both paint, the later (blue) one")
        XCTAssertEqual(e.colour(at: Point(40, 101)), .red, "only the red stroke paints here")
        XCTAssertEqual(e.colour(at: Point(300, 250)), .white, "the page background")
        H.run(e, [H.key("k")] + H.drag([(40, 101), (60, 120)]))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.red))
        XCTAssertEqual(e.displayList.count, 2, "the eyedropper's drag draws nothing")
        XCTAssertFalse(e.eyedropperArmed, "one click, then the tool draws again")
        H.run(e, H.drag([(10, 250), (90, 250)]))
        XCTAssertEqual(e.displayList.count, 3)
    }

    /// A stamp squeezed to a sliver (documents allow it): the pixel lookup clamps instead of trapping.
    func testEyedropperOnADegenerateStampDoesNotTrap() {
        var stamp = StampDrawable(image: .defaultStamp, center: Point(100, 100))
        stamp.rect = Rect(x: 100, y: 100, width: 1e-300, height: 1e-300)
        let e = Editor(canvas: CanvasSpec(), seed: 1, stampImage: .defaultStamp, drawables: [.stamp(stamp)])
        _ = e.colour(at: Point(100, 100))
        _ = e.colour(at: Point(100.3, 100.2))  // within reach of the sliver, far outside it in its pixels
        _ = e.colour(at: Point(1e300, -1e300))
        XCTAssertEqual(StampDrawable.pixelIndex(.nan, count: 8), 0)
        XCTAssertEqual(StampDrawable.pixelIndex(1e300, count: 8), 7)
        XCTAssertEqual(StampDrawable.pixelIndex(-5, count: 8), 0)
        XCTAssertEqual(StampDrawable.pixelIndex(0.5, count: 8), 4)
    }

    /// A filled shape: inside it the fill, on its outline the stroke; shift+click takes it as the fill.
    func testEyedropperShiftClickSetsTheFill() {
        let e = H.editor()
        H.run(e, [H.key("r"), H.key("shift+4"), H.key("]"), H.key("]")] + H.drag([(50, 50), (150, 150)]))  // green fill, black 4 pt
        H.run(e, [H.key("0"), H.key("shift+7")])
        H.run(e, [H.key("k"), H.touch(0, .began, 100, 100, shift: true), H.touch(0, .ended, 100, 100, shift: true)])
        XCTAssertEqual(e.settings[.pen].fill, .fixed(.green))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.black), "shift leaves the stroke")
        H.run(e, [H.key("1"), H.key("k"), H.touch(0, .began, 50, 100), H.touch(0, .ended, 50, 100)])
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.black), "on the outline: the stroke colour")
    }

    /// On a dark page with nothing drawn the eyedropper takes the page colour, opaque; escape disarms it.
    func testEyedropperFallsBackToThePageAndEscapeDisarms() {
        let page = Color(r: 0x20, g: 0x30, b: 0x40, a: 0x80)
        let e = Editor(canvas: CanvasSpec(width: 200, height: 200, background: page), seed: 0, stampImage: H.image)
        H.run(e, [H.key("k"), H.key("escape")])
        XCTAssertFalse(e.eyedropperArmed)
        H.run(e, H.drag([(10, 10), (50, 50)]))
        XCTAssertEqual(e.displayList.count, 1, "disarmed: the pencil draws")
        H.run(e, [H.key("k"), H.touch(0, .began, 150, 150), H.touch(0, .ended, 150, 150)])
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(Color(r: 0x20, g: 0x30, b: 0x40)))
    }

    // MARK: Recent colours

    /// Most recent first, a repeat moves to the front, at most eight; random and "no fill" are not colours.
    func testRecentColoursOrderDedupeAndLimit() {
        let e = H.editor()
        H.run(e, [H.key("1"), H.key("2"), H.key("1")])
        XCTAssertEqual(e.recentColours, [.red, .blue])
        H.run(e, [H.key("5"), H.key("shift+9"), H.key("shift+3")])
        XCTAssertEqual(e.recentColours, [.yellow, .red, .blue])
        for v in 0..<10 { e.handle(.color(.stroke(Color(r: UInt8(v), g: 0, b: 0)))) }
        XCTAssertEqual(e.recentColours.count, Editor.recentColourLimit)
        XCTAssertEqual(e.recentColours.first, Color(r: 9, g: 0, b: 0))
        XCTAssertEqual(e.recentColours.last, Color(r: 2, g: 0, b: 0))
        e.recentColours = (0..<12).map { Color(r: 0, g: UInt8($0), b: 0) }
        XCTAssertEqual(e.recentColours.count, Editor.recentColourLimit, "a restored list is trimmed too")
    }

    /// A colour event sets the stroke (the highlighter's colour while it is the tool) or the fill.
    func testColourEventsSetStrokeFillAndHighlighter() {
        let e = H.editor()
        let c = Color(r: 0x12, g: 0x34, b: 0x56, a: 0x78)
        e.handle(.color(.stroke(c)))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(c))
        e.handle(.color(.fill(nil)))
        XCTAssertNil(e.settings[.pen].fill)
        e.handle(.color(.fill(.blue)))
        XCTAssertEqual(e.settings[.pen].fill, .fixed(.blue))
        H.run(e, [H.key("h")])
        e.handle(.color(.stroke(.green)))
        XCTAssertEqual(e.settings[.highlighter].stroke, .fixed(.green))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(c))
    }

    /// Random colours draw from the seed exactly as before: the recent colours take no random numbers.
    func testRandomColoursKeepTheirSeed() {
        func drawn(_ extra: [InputEvent]) -> [Color?] {
            let e = H.editor(seed: 42)
            H.run(e, extra + [H.key("5")] + H.drag([(10, 10), (50, 50)]) + H.drag([(60, 10), (90, 50)]))
            return H.paths(e).map(\.stroke)
        }
        XCTAssertEqual(drawn([]), drawn([.color(.stroke(.red)), .color(.fill(.blue))]))
    }

    // MARK: Replay event

    private func parse(_ event: String) throws(ReplayError) -> [InputEvent] {
        let bytes = Array(#"{"version": 1, "events": [{"key": "a"}, \#(event)]}"#.utf8)
        ReplayCheckAgreement.assertAgree(bytes, event)
        return try Replay.parse(bytes).events
    }

    func testColourEventsParseAndRoundTrip() throws {
        XCTAssertEqual(try parse(##"{"color": {"stroke": "#FF8000"}}"##).last, .color(.stroke(Color(r: 255, g: 128, b: 0))))
        XCTAssertEqual(try parse(##"{"color": {"fill": "#11223344", "note": 1}}"##).last,
                       .color(.fill(Color(r: 0x11, g: 0x22, b: 0x33, a: 0x44))))
        XCTAssertEqual(try parse(#"{"color": {"fill": null}}"#).last, .color(.fill(nil)))
        let replay = Replay(events: [.color(.stroke(.red)), .color(.fill(Color(r: 1, g: 2, b: 3, a: 4))), .color(.fill(nil))])
        let text = replay.encoded()
        XCTAssertTrue(text.contains(##"{"color": {"stroke": "#ff0000ff"}}"##), text)
        XCTAssertTrue(text.contains(##"{"color": {"fill": "#01020304"}}"##), text)
        XCTAssertTrue(text.contains(#"{"color": {"fill": null}}"#), text)
        XCTAssertEqual(try Replay.parse(Array(text.utf8)), replay)
    }

    func testBadColourEventsNameTheEventAndField() {
        let cases: [(String, String)] = [
            (##"{"color": "#ff0000"}"##, ##"event 1: "color" must be an object"##),
            (#"{"color": {}}"#, #"event 1: "color" needs "stroke" or "fill""#),
            (##"{"color": {"stroke": "#ff0000", "fill": null}}"##, ##"event 1: "color" has both "stroke" and "fill""##),
            (#"{"color": {"stroke": null}}"#, #"event 1: "color": "stroke" must be a #rrggbb or #rrggbbaa colour"#),
            (#"{"color": {"stroke": "red"}}"#, #"event 1: "color": "stroke" must be a #rrggbb or #rrggbbaa colour, not "red""#),
            (#"{"color": {"fill": 7}}"#, #"event 1: "color": "fill" must be a #rrggbb or #rrggbbaa colour or null"#),
            (##"{"color": {"stroke": "#ff0000", "stroke": "#00ff00"}}"##, "duplicate"),
            (#"{"color": {"fill": null}, "key": "a"}"#, "has more than one of"),
        ]
        for (event, fragment) in cases {
            do {
                _ = try parse(event)
                XCTFail("parsed \(event)")
            } catch {
                let message = error.message(file: "replay.json")
                XCTAssertTrue(message.contains(fragment), "\(event): \(message)")
            }
        }
    }

    // MARK: Picker model

    func testPickerRoundTripsColoursAndTakesTypedHex() {
        for c in [Color.red, .blue, .yellow, .lightGray, Color(r: 0x12, g: 0x9a, b: 0xf0), Color(r: 0x80, g: 0x40, b: 0x20, a: 0x80)] {
            XCTAssertEqual(ColorPicker(color: c, forFill: false, origin: .zero).color, c, c.hex)
        }
        var p = ColorPicker(color: .red, forFill: true, origin: Point(10, 10))
        XCTAssertEqual(p.hexText, "#ff0000")
        for ch in "#00g8Z0Ff" { _ = p.type(ch) }
        XCTAssertEqual(p.hexText, "#0080ff", "non-hex characters are ignored")
        XCTAssertEqual(p.event, .fill(Color(r: 0, g: 0x80, b: 0xff)))
        p.backspace()
        XCTAssertFalse(p.hexIsComplete)
        p.drag(.square, to: Point(p.squareRect.maxX + 50, p.squareRect.minY - 50))
        XCTAssertEqual(p.saturation, 1); XCTAssertEqual(p.value, 1)
        p.drag(.alpha, to: Point(p.alphaRect.center.x, p.alphaRect.maxY))
        XCTAssertEqual(p.color.a, 0)
        XCTAssertEqual(p.hit(p.hueRect.center), .hue)
        XCTAssertEqual(p.hit(p.noFillRect.center), .noFill)
        XCTAssertNil(p.hit(Point(0, 0)))
    }
}
