import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// The highlighter in replays: recorded as `scrawl --record` writes them (key `h`, touches) and
/// played back, `scrawl render` (SceneView) gives what the window's scene (`render --window`,
/// WindowScene with tiles) shows, mid-stroke (live) and at the end (committed), on light and dark pages.
final class HighlighterReplayTests: XCTestCase {
    private func replay(background: String) -> ReplayBuilder {
        var r = ReplayBuilder(width: 300, height: 200, background: background)
        r.keys("tab", "]")  // no bars: both renders are the canvas alone
        r.stroke([(20, 40), (150, 60), (280, 30)])
        r.keys("1")
        r.stroke([(140, 10), (150, 190)])
        r.keys("h")
        r.stroke([(10, 50), (290, 55)])
        r.stroke([(10, 70), (280, 40), (30, 45)])
        r.keys("4", "]")
        r.touches([(0, "began", 60, 10)])
        for k in 1..<30 { r.touches([(0, "moved", 60 + Double(k) * 6, 10 + Double(k) * 5.5)]) }
        r.frame("live")
        r.touches([(0, "ended", 234, 169.5)])  // where the last move was: the stroke is what the live frame showed
        r.frame("committed")
        return r
    }

    func testRenderEqualsTheWindowsSceneLiveAndCommitted() throws {
        let folder = NSTemporaryDirectory() + "scrawl-highlight-replay-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for background in ["#ffffff", "#202430"] {
            let parsed = try Replay.parse(Array(replay(background: background).json.utf8))
            // Recorded as the window records, then loaded back: the same events.
            let path = folder + "/session.json"
            let recorder = try ReplayRecorder(path: path, canvas: parsed.canvas, seed: parsed.seed, stamp: nil)
            for e in parsed.events { try recorder.record(e) }
            try recorder.close()
            let recorded = try Replay.load(path: path)
            XCTAssertEqual(recorded.events.count, parsed.events.count)
            for scale in [1.0, 2.0] {
                let (sceneFrames, drawables) = try AppGL.withRenderer { renderer -> ([String: FrameImage], [Drawable]) in
                    let player = try ReplayPlayer(replay: recorded, scale: scale, stamp: .defaultStamp, renderer: renderer)
                    var frames: [String: FrameImage] = [:]
                    try player.play(recorded.events) { name, image in frames[name] = image }
                    return (frames, player.editor.displayList.drawables)
                }
                let windowFrames = try AppGL.withRenderer { renderer -> [String: FrameImage] in
                    let size = recorded.canvas.devicePixelSize(scale: scale)
                    let player = try WindowReplayPlayer(replay: recorded, scale: scale, stamp: .defaultStamp, renderer: renderer,
                                                        width: size.width, height: size.height)
                    player.scene.showsPageBorder = false
                    var frames: [String: FrameImage] = [:]
                    try player.play(recorded.events) { name, image in frames[name] = image }
                    return frames
                }
                let highlights = drawables.compactMap { d -> InkBlend? in
                    if case .path(let p) = d, p.blend != .normal { return p.blend } else { return nil }
                }
                XCTAssertEqual(highlights, Array(repeating: background == "#ffffff" ? .darken : .lighten, count: 3))
                for name in ["live", "committed"] {
                    let a = try XCTUnwrap(sceneFrames[name]), b = try XCTUnwrap(windowFrames[name])
                    XCTAssertEqual(a.width, b.width)
                    // Tiles are other targets than the whole canvas: clip rounding may move an edge by a level.
                    let worst = zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
                    XCTAssertLessThanOrEqual(worst, 1, "\(name) on \(background) at scale \(scale)")
                }
                // Live and committed show the same stroke: the frames are equal.
                XCTAssertEqual(sceneFrames["live"]?.rgba, sceneFrames["committed"]?.rgba, "render: live = committed on \(background) at \(scale)")
                // The window draws the live stroke into the frame and the committed one into 256-pixel
                // tiles: other targets, whose clip rounding may move an edge by a level.
                let live = try XCTUnwrap(windowFrames["live"]), committed = try XCTUnwrap(windowFrames["committed"])
                let worst = zip(live.rgba, committed.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(worst, 1, "window: live = committed on \(background) at \(scale)")
            }
        }
    }
}
