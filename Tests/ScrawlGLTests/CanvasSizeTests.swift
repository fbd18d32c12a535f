import ScrawlCore
@testable import ScrawlGL
import XCTest

final class CanvasSizeTests: XCTestCase {
    /// Device-pixel sizes are clamped, never trapping on huge, tiny or non-finite products.
    func testPixelSizeClampsInsteadOfTrapping() {
        XCTAssertEqual(SceneView.pixelSize(CanvasSpec(width: 800, height: 600), scale: 1.5).0, 1200)
        XCTAssertEqual(SceneView.pixelSize(CanvasSpec(width: 1e-320, height: 1e-320), scale: 1).0, 1)
        XCTAssertGreaterThan(SceneView.pixelSize(CanvasSpec(width: 1e19, height: 200), scale: 1).0, 16384)
        XCTAssertEqual(SceneView.pixelSize(CanvasSpec(width: 10, height: 10), scale: .infinity).1 > 16384, true)
    }
}
