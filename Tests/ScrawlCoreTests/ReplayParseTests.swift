import XCTest
@testable import ScrawlCore

final class ReplayParseTests: XCTestCase {
    static let example = """
        {"version": 1,
         "canvas": {"width": 640, "height": 480, "background": "#ffffff"},
         "seed": 7,
         "stamp": "images/star.png",
         "events": [
           {"key": "1"},
           {"key": "ctrl+z"},
           {"touches": [{"id": 0, "phase": "began", "x": 10, "y": 20}]},
           {"touches": [{"id": 0, "phase": "moved", "x": 30.5, "y": 41, "shift": true}, {"id": 1, "phase": "began", "x": 300, "y": 200}]},
           {"frame": "mid-stroke"}
         ]}
        """

    func testExampleParses() throws {
        let replay = try Replay.parse(Array(Self.example.utf8))
        XCTAssertEqual(replay.version, 1)
        XCTAssertEqual(replay.canvas, CanvasSpec(width: 640, height: 480, background: .white))
        XCTAssertEqual(replay.seed, 7)
        XCTAssertEqual(replay.stamp, "images/star.png")
        XCTAssertEqual(replay.events, [
            .key(KeyPress("1")),
            .key(KeyPress("z", ctrl: true)),
            .touches([Touch(id: 0, phase: .began, location: Point(10, 20))]),
            .touches([Touch(id: 0, phase: .moved, location: Point(30.5, 41), shift: true),
                      Touch(id: 1, phase: .began, location: Point(300, 200))]),
            .frame("mid-stroke"),
        ])
        XCTAssertNoThrow(try replay.validateCanvas(scale: 2))
    }

    func testDefaultsAndUnknownFields() throws {
        let text = #"{"events": [{"key": "a", "at": 12.5, "extra": {"x": [1, 2]}}], "version": 1, "future": null}"#
        let replay = try Replay.parse(Array(text.utf8))
        XCTAssertEqual(replay.canvas, CanvasSpec())
        XCTAssertEqual(replay.canvas, CanvasSpec(width: 800, height: 600, background: .white))
        XCTAssertEqual(replay.seed, 0)
        XCTAssertNil(replay.stamp)
        XCTAssertEqual(replay.events, [.key(KeyPress("a"))])
        let partial = ##"{"version": 1, "canvas": {"width": 10.5, "background": "#11223344"}, "events": []}"##
        let canvas = try Replay.parse(Array(partial.utf8)).canvas
        XCTAssertEqual(canvas, CanvasSpec(width: 10.5, height: 600, background: Color(r: 0x11, g: 0x22, b: 0x33, a: 0x44)))
    }

    func testOddButLegalSequencesParse() throws {
        var touches: [String] = []
        for i in 0..<5000 { touches.append(#"{"id": \#(i), "phase": "moved", "x": -5000, "y": 99999.5}"#) }
        let text = #"{"version": 1, "events": [{"touches": [\#(touches.joined(separator: ","))]},"#
            + #"{"touches": [{"id": 7, "phase": "ended", "x": 1e6, "y": -1e6}]}]}"#
        let replay = try Replay.parse(Array(text.utf8))
        XCTAssertEqual(replay.events.count, 2)
        if case .touches(let t) = replay.events[0] { XCTAssertEqual(t.count, 5000) } else { XCTFail() }
    }

    func testSeedIsExact() throws {
        let text = #"{"version": 1, "seed": 18446744073709551615, "events": []}"#
        XCTAssertEqual(try Replay.parse(Array(text.utf8)).seed, UInt64.max)
        let big = #"{"version": 1, "seed": 9007199254740993, "events": []}"#
        XCTAssertEqual(try Replay.parse(Array(big.utf8)).seed, 9_007_199_254_740_993)
        XCTAssertTrue(Replay(seed: UInt64.max).encoded().contains(#""seed": 18446744073709551615,"#))
    }

    func testRoundTripOfGeneratedReplays() throws {
        for seed in 1...5 as ClosedRange<UInt64> {
            var replay = ReplayWorkload.make(strokes: 20, points: 15, seed: seed)
            replay.events += ReplayWorkload.edgeCases(seed: seed)
            replay.stamp = seed % 2 == 0 ? "images/st\"ar\\é.png" : nil
            replay.canvas = CanvasSpec(width: 640.25, height: 1e-3 * Double(seed), background: Color(r: 1, g: 2, b: 3, a: 4))
            let text = replay.encoded()
            let back = try Replay.parse(Array(text.utf8))
            XCTAssertEqual(back, replay)
            XCTAssertEqual(back.encoded(), text)
            for (a, b) in zip(allCoordinates(back), allCoordinates(replay)) {
                XCTAssertEqual(a.bitPattern, b.bitPattern)
            }
        }
    }

    private func allCoordinates(_ r: Replay) -> [Double] {
        r.events.flatMap { event -> [Double] in
            guard case .touches(let t) = event else { return [] }
            return t.flatMap { [$0.location.x, $0.location.y] }
        }
    }

    func testEncodingIsOneEventPerLine() {
        let replay = Replay(canvas: CanvasSpec(width: 640, height: 480), seed: 7, stamp: "s.png", events: [
            .key(KeyPress("z", ctrl: true)),
            .touches([Touch(id: 0, phase: .moved, location: Point(30.5, 41), shift: true)]),
            .frame("f"),
        ])
        XCTAssertEqual(replay.encoded(), """
            {"version": 1, "canvas": {"width": 640, "height": 480, "background": "#ffffff"}, "seed": 7, "stamp": "s.png", "events": [
            {"key": "ctrl+z"},
            {"touches": [{"id": 0, "phase": "moved", "x": 30.5, "y": 41, "shift": true}]},
            {"frame": "f"}
            ]}

            """)
        XCTAssertEqual(Replay().encoded(), """
            {"version": 1, "canvas": {"width": 800, "height": 600, "background": "#ffffff"}, "seed": 0, "events": [
            ]}

            """)
    }

    func testFrameNameRule() {
        XCTAssertTrue(Replay.isValidFrameName("mid-stroke_2.v1"))
        XCTAssertTrue(Replay.isValidFrameName(String(repeating: "a", count: 64)))
        for bad in ["", String(repeating: "a", count: 65), "a b", "a/b", "é", "a\u{0}", "日本", "a\nb", "..", "a:b"] where bad != ".." {
            XCTAssertFalse(Replay.isValidFrameName(bad), bad)
        }
    }

    func testCanvasDevicePixels() throws {
        XCTAssertNoThrow(try Replay(canvas: CanvasSpec(width: 8192, height: 1)).validateCanvas(scale: 2))
        XCTAssertNoThrow(try Replay(canvas: CanvasSpec(width: 0.5, height: 0.5)).validateCanvas(scale: 2))
        XCTAssertEqual(CanvasSpec(width: 640.9, height: 480.2).devicePixelSize(scale: 1.5).width, 961)
        XCTAssertThrowsError(try Replay(canvas: CanvasSpec(width: 0.4, height: 10)).validateCanvas(scale: 2))
        XCTAssertThrowsError(try Replay().validateCanvas(scale: .nan))
        XCTAssertThrowsError(try Replay().validateCanvas(scale: .infinity))
    }
}
