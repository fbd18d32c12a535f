import ScrawlCore
@testable import ScrawlGL
import XCTest

final class StrokeRenderingTests: GLTestCase {
    /// Black round-capped line on transparent: the sum of alpha is the capsule's area (w·L + π(w/2)²).
    func testCapsuleCoverageMatchesArea() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 140, height: 48)
            for (width, y) in [(6.0, 20.3), (1.5, 30.7), (13.0, 24.0)] {
                renderer.clear(target, to: .clear)
                let mesh = TestMeshes.capsule(x0: 12.25, x1: 112.25, y: y, width: width, color: .black)
                renderer.draw([.stroke(mesh, blend: .over)], into: target)
                let expected = width * 100 + Double.pi * width * width / 4
                let area = Pixels(renderer, target).coveredArea
                XCTAssertEqual(area, expected, accuracy: expected * 0.01, "width \(width)")
            }
        }
    }

    /// The same measured the other way: black over opaque white, summing (255 - v) / 255.
    func testCapsuleCoverageOnWhite() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 140, height: 40)
            renderer.clear(target, to: .white)
            renderer.draw([.stroke(TestMeshes.capsule(x0: 20.5, x1: 90, y: 19.6, width: 4, color: .black), blend: .over)],
                          into: target)
            let p = Pixels(renderer, target)
            let darkness = stride(from: 0, to: p.bytes.count, by: 4).reduce(0.0) { $0 + Double(255 - p.bytes[$1]) / 255 }
            let expected = 4 * 69.5 + Double.pi * 4
            XCTAssertEqual(darkness, expected, accuracy: expected * 0.01)
        }
    }

    func testInteriorColourIsExact() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 64, height: 32)
            renderer.clear(target, to: .clear)
            let red = Color(hex: "#ff0000")!
            let translucent = Color(hex: "#3366ff80")!
            renderer.draw([.stroke(TestMeshes.capsule(x0: 8, x1: 56, y: 8.5, width: 8, color: red), blend: .over),
                           .stroke(TestMeshes.capsule(x0: 8, x1: 56, y: 22.5, width: 8, color: translucent), blend: .over)],
                          into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p[30, 8], [255, 0, 0, 255])
            assertPixel(p[30, 22], [0x33, 0x66, 0xff, 0x80], tolerance: 1, "readPixels un-premultiplies")
            XCTAssertEqual(p[30, 0], [0, 0, 0, 0])
        }
    }

    func testEverythingOverOpaqueBackgroundStaysOpaque() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 96, height: 64)
            renderer.clear(target, to: Color(r: 250, g: 240, b: 230))
            let image = RasterImage(width: 2, height: 1, pixels: [255, 0, 0, 10, 0, 0, 255, 200])
            let commands: [DrawCommand] = [
                .stroke(TestMeshes.capsule(x0: 5, x1: 90, y: 10.3, width: 9, color: Color(r: 10, g: 200, b: 30, a: 77)), blend: .over),
                .stroke(TestMeshes.capsule(x0: 10, x1: 60, y: 12.1, width: 3.3, color: Color(r: 200, g: 0, b: 90, a: 201)), blend: .uniformAlpha),
                .fill(fan: TestMeshes.fan(Star.points(center: Point(48, 40), radius: 20)),
                      cover: TestMeshes.rect(Rect(x: 28, y: 20, width: 40, height: 40), color: Color(r: 0, g: 0, b: 255, a: 33))),
                .dashed(TestMeshes.segment(Point(3, 55), Point(93, 55.5), halfWidth: 2.2, color: Color(r: 1, g: 2, b: 3, a: 150)),
                        pattern: DashPattern(on: 4, off: 3), scale: 1),
                .image(image, rect: Rect(x: 60.3, y: 30.2, width: 30, height: 17.7), opacity: 0.7),
            ]
            renderer.draw(commands, into: target)
            let p = Pixels(renderer, target)
            let notOpaque = stride(from: 3, to: p.bytes.count, by: 4).filter { p.bytes[$0] != 255 }.count
            XCTAssertEqual(notOpaque, 0)
        }
    }

    /// Two crossing bands of one mesh at 50% black on white: `.uniformAlpha` blends the overlap once
    /// (same value as either band alone); `.over` blends it twice (darker).
    func testUniformAlphaOverlapMatchesInterior() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 100, height: 100)
            var cross = TestMeshes.segment(Point(10, 50), Point(90, 50), halfWidth: 8, color: Color(r: 0, g: 0, b: 0, a: 128))
            cross.append(TestMeshes.segment(Point(50, 10), Point(50, 90), halfWidth: 8, color: Color(r: 0, g: 0, b: 0, a: 128)))
            renderer.clear(target, to: .white)
            renderer.draw([.stroke(cross, blend: .uniformAlpha)], into: target)
            var p = Pixels(renderer, target)
            XCTAssertEqual(p.red(20, 50), 127)
            XCTAssertEqual(p.red(50, 20), 127)
            XCTAssertEqual(p.red(50, 50), p.red(20, 50), "overlap equals the non-overlapping interior")
            XCTAssertEqual(p.red(46, 46), p.red(20, 50))
            XCTAssertEqual(p.red(5, 5), 255)

            renderer.clear(target, to: .white)
            renderer.draw([.stroke(cross, blend: .over)], into: target)
            p = Pixels(renderer, target)
            XCTAssertEqual(p.red(20, 50), 127)
            XCTAssertLessThan(Int(p.red(50, 50)), 70, ".over darkens the overlap")
        }
    }

    /// The third pass leaves the stencil at zero: a second uniform-alpha draw blends on top of the first.
    func testUniformAlphaResetsStencil() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 64, height: 32)
            let band = TestMeshes.segment(Point(4, 16), Point(60, 16), halfWidth: 6, color: Color(r: 0, g: 0, b: 0, a: 128))
            renderer.clear(target, to: .white)
            renderer.draw([.stroke(band, blend: .uniformAlpha)], into: target)
            renderer.draw([.stroke(band, blend: .uniformAlpha)], into: target)
            XCTAssertEqual(Pixels(renderer, target).red(30, 16), 63)
        }
    }

    func testMergedOverBatchMatchesSeparateDraws() throws {
        try withRenderer { renderer in
            let a = try RenderTarget(width: 80, height: 40), b = try RenderTarget(width: 80, height: 40)
            let meshes = (0..<6).map { (i: Int) -> Mesh in
                let d = Double(i)
                let color = Color(r: UInt8(40 * i), g: 100, b: 200, a: UInt8(100 + 25 * i))
                return TestMeshes.capsule(x0: 5 + d * 3, x1: 70 - d, y: 6 + d * 5.3, width: 3 + d, color: color)
            }
            renderer.clear(a, to: .white)
            renderer.clear(b, to: .white)
            renderer.draw(meshes.map { .stroke($0, blend: .over) }, into: a)
            for mesh in meshes { renderer.draw([.stroke(mesh, blend: .over)], into: b) }
            XCTAssertEqual(renderer.readPixels(a), renderer.readPixels(b))
        }
    }
}

/// A five-pointed star (pentagram) drawn point to point, self-intersecting.
enum Star {
    static func points(center: Point, radius: Double) -> [Point] {
        (0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return center + Point(cos(angle), sin(angle)) * radius
        }
    }
}
