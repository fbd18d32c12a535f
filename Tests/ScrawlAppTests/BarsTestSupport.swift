import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// What window tests need around the bars' and the cursor's window-only feedback.
extension WindowHarness {
    /// Moves the pointer off the window (the screen is 1024x768, the window smaller), so the cursor
    /// feedback (a ring, an outline) and hover highlights are not in a screenshot that is compared
    /// with a headless render.
    func movePointerAway() throws {
        _ = try xdotool(["mousemove", "1020", "764"])
    }
}

extension RasterImage {
    /// This image with `rect` (window points at scale 1) taken from `shot`: for comparing a window
    /// with a headless render everywhere but a part only the window shows (the "Rec" indicator).
    func patched(from shot: FrameImage, in rect: Rect) -> RasterImage {
        var px = pixels
        let x0 = max(0, Int(rect.minX.rounded(.down))), x1 = min(width, Int(rect.maxX.rounded(.up)))
        let y0 = max(0, Int(rect.minY.rounded(.down))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let s = shot.pixel(x, y), i = (y * width + x) * 4
                px[i] = s.0; px[i + 1] = s.1; px[i + 2] = s.2; px[i + 3] = s.3
            }
        }
        return RasterImage(width: width, height: height, pixels: px)
    }
}

extension DefaultWindowLayout {
    /// The recording indicator of the default window (drawn only while `--record` records).
    static var recordingIndicator: Rect { layout().recordingRect.insetBy(-2) }
}
