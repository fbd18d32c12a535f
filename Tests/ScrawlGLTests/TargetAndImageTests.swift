import ScrawlCore
@testable import ScrawlGL
import XCTest

final class TargetAndImageTests: GLTestCase {
    /// A 4x4 image with a distinct colour per texel: texel (i, j) = (40i, 40j, 200, 255), one translucent.
    private func checkerImage() -> RasterImage {
        var pixels: [UInt8] = []
        for j in 0..<4 { for i in 0..<4 { pixels += [UInt8(40 * i), UInt8(40 * j), 200, (i, j) == (3, 0) ? 128 : 255] } }
        return RasterImage(width: 4, height: 4, pixels: pixels)
    }

    func testImageAtPixelAlignedRectLandsOnTheRightPixels() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 32, height: 32)
            renderer.clear(target, to: .clear)
            renderer.draw([.image(checkerImage(), rect: Rect(x: 10, y: 20, width: 4, height: 4), opacity: 1)], into: target)
            let p = Pixels(renderer, target)
            for j in 0..<4 {
                for i in 0..<4 where (i, j) != (3, 0) {
                    XCTAssertEqual(p[10 + i, 20 + j], [UInt8(40 * i), UInt8(40 * j), 200, 255], "texel \(i),\(j)")
                }
            }
            assertPixel(p[13, 20], [120, 0, 200, 128], tolerance: 1, "straight alpha premultiplied in the shader, un-premultiplied on read")
            for (x, y) in [(9, 20), (14, 20), (10, 19), (10, 24), (13, 24)] {
                XCTAssertEqual(p.alpha(x, y), 0, "outside the rect at \(x),\(y)")
            }
        }
    }

    func testScaledImageFillsItsRectWithOpacity() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 32, height: 32)
            let white = RasterImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
            renderer.clear(target, to: .clear)
            renderer.draw([.image(white, rect: Rect(x: 4, y: 6, width: 16, height: 10), opacity: 0.5)], into: target)
            let p = Pixels(renderer, target)
            for y in 0..<32 {
                for x in 0..<32 {
                    let inside = (4..<20).contains(x) && (6..<16).contains(y)
                    XCTAssertEqual(p.alpha(x, y), inside ? 128 : 0, "\(x),\(y)")
                }
            }
        }
    }

    func testImageTexturesAreCachedPerObjectAndBounded() throws {
        try withRenderer { _ in
            let renderer = try Renderer(maxCachedImages: 3)
            let target = try RenderTarget(width: 8, height: 8)
            let images = (0..<5).map { _ in RasterImage(width: 1, height: 1, pixels: [1, 2, 3, 255]) }
            for image in images + [images[4], images[4]] {
                renderer.draw([.image(image, rect: Rect(x: 0, y: 0, width: 8, height: 8), opacity: 1)], into: target)
            }
            XCTAssertEqual(renderer.cachedImageCount, 3)
            renderer.purgeImageCache()
            XCTAssertEqual(renderer.cachedImageCount, 0)
            XCTAssertNil(renderer.lastError)
        }
    }

    /// The projection puts canvas y = 0 on GL row 0, so readPixels' row 0 is the top of the canvas.
    func testReadPixelsRowZeroIsTheTop() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 16, height: 12)
            renderer.clear(target, to: .clear)
            renderer.draw([.stroke(TestMeshes.rect(Rect(x: 0, y: 0, width: 16, height: 2), color: .red), blend: .over)],
                          into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p[3, 0], [255, 0, 0, 255])
            XCTAssertEqual(p[3, 1], [255, 0, 0, 255])
            XCTAssertEqual(p[3, 2], [0, 0, 0, 0])
            XCTAssertEqual(p[3, 11], [0, 0, 0, 0])
            let region = renderer.readPixels(target, x: 2, y: 1, width: 3, height: 2)
            XCTAssertEqual(Array(region[0..<4]), [255, 0, 0, 255])
            XCTAssertEqual(Array(region[12..<16]), [0, 0, 0, 0])
        }
    }

    func testCompositePlacesSourceAtOffsetAndCopyDuplicates() throws {
        try withRenderer { renderer in
            let source = try RenderTarget(width: 8, height: 6)
            let destination = try RenderTarget(width: 32, height: 24)
            let checkpoint = try RenderTarget(width: 32, height: 24)
            renderer.clear(source, to: .clear)
            renderer.draw([.stroke(TestMeshes.rect(Rect(x: 0, y: 0, width: 8, height: 1), color: .blue), blend: .over)], into: source)
            renderer.clear(destination, to: .white)
            renderer.composite(source, into: destination, x: 5, y: 7, width: 8, height: 6)
            let p = Pixels(renderer, destination)
            XCTAssertEqual(p[5, 7], [0, 0, 255, 255])
            XCTAssertEqual(p[12, 7], [0, 0, 255, 255])
            XCTAssertEqual(p[5, 8], [255, 255, 255, 255])
            XCTAssertEqual(p[4, 7], [255, 255, 255, 255])
            XCTAssertEqual(p[13, 7], [255, 255, 255, 255])
            renderer.copy(destination, to: checkpoint)
            XCTAssertEqual(renderer.readPixels(checkpoint), p.bytes)
        }
    }

    func testAbsurdTargetSizesThrowTypedErrors() throws {
        try withRenderer { _ in
            XCTAssertThrowsError(try RenderTarget(width: 1_000_000, height: 16)) { error in
                guard case let GLError.canvasTooLarge(width, height, max) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(width, 1_000_000)
                XCTAssertEqual(height, 16)
                XCTAssertEqual(max, RenderTarget.maxSide())
                XCTAssertGreaterThanOrEqual(max, 4096)
            }
            XCTAssertThrowsError(try RenderTarget(width: 16, height: Int.max)) { error in
                guard case GLError.canvasTooLarge = error else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try RenderTarget(width: 0, height: 16)) { error in
                XCTAssertEqual(error as? GLError, .emptyCanvas(width: 0, height: 16))
            }
        }
    }
}
