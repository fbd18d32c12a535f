import ScrawlCore
@testable import ScrawlGL
import XCTest

final class FillAndDashTests: GLTestCase {
    /// Nonzero rule: the pentagram's inner pentagon has winding number 2 and is filled (even-odd would not).
    func testNonzeroFillOfSelfIntersectingStar() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 100, height: 100)
            let star = Star.points(center: Point(50, 52), radius: 40)
            let cover = TestMeshes.rect(Rect(x: 8, y: 10, width: 84, height: 84), color: .red)
            renderer.clear(target, to: .clear)
            renderer.draw([.fill(fan: TestMeshes.fan(star), cover: cover)], into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p[50, 52], [255, 0, 0, 255], "inner pentagon (winding 2)")
            XCTAssertEqual(p[50, 20], [255, 0, 0, 255], "top point (winding 1)")
            XCTAssertEqual(p[50, 85], [0, 0, 0, 0], "notch between the two lower points")
            XCTAssertEqual(p[20, 30], [0, 0, 0, 0], "notch between the top and left points")
            XCTAssertEqual(p[9, 11], [0, 0, 0, 0], "cover corner outside the star")
        }
    }

    /// Opposite windings cancel: a square traced clockwise plus the same square counter-clockwise
    /// fills nothing; and the stencil is zero afterwards, so a later uniform-alpha stroke draws fully.
    func testOppositeWindingsCancelAndStencilIsReset() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 40, height: 40)
            let square = [Point(5, 5), Point(35, 5), Point(35, 35), Point(5, 35)]
            var fan = TestMeshes.fan(square)
            fan.append(TestMeshes.fan(square.reversed()))
            let cover = TestMeshes.rect(Rect(x: 0, y: 0, width: 40, height: 40), color: .blue)
            renderer.clear(target, to: .clear)
            renderer.draw([.fill(fan: TestMeshes.fan(square), cover: cover), ], into: target)
            XCTAssertEqual(Pixels(renderer, target)[20, 20], [0, 0, 255, 255])
            renderer.clear(target, to: .clear)
            renderer.draw([.fill(fan: fan, cover: cover),
                           .stroke(TestMeshes.segment(Point(0, 20), Point(40, 20), halfWidth: 3, color: .green), blend: .uniformAlpha)],
                          into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p[20, 10], [0, 0, 0, 0])
            XCTAssertEqual(p[20, 20], [0, 255, 0, 255])
        }
    }

    /// A dashed horizontal line (on 10, off 7 points) read along its centre row gives runs of
    /// 10·scale lit and 7·scale unlit device pixels. Tolerance ±1 px: the line starts at a fractional
    /// position, so a dash end can fall inside a pixel; the one-pixel antialiasing ramp then gives that
    /// pixel partial coverage, and the 50% threshold used to count runs may assign it to either side.
    func testDashRunsAtScaleOneAndTwo() throws {
        try withRenderer { renderer in
            for scale in [1.0, 2.0] {
                let runs = try dashRuns(renderer, scale: scale)
                XCTAssertGreaterThanOrEqual(runs.count, 8, "scale \(scale): \(runs)")
                // Drop the first and last runs: they are cut by the line's ends.
                for run in runs.dropFirst().dropLast() {
                    let expected = (run.lit ? 10 : 7) * scale
                    XCTAssertEqual(Double(run.length), expected, accuracy: 1, "scale \(scale): \(runs)")
                }
                XCTAssertTrue(runs.first?.lit ?? false, "the pattern starts with a dash")
            }
        }
    }

    private func dashRuns(_ renderer: Renderer, scale: Double) throws -> [(lit: Bool, length: Int)] {
        let x0 = 4.6 * scale, length = 120 * scale, y = 10.5 * scale
        let target = try RenderTarget(width: Int(x0 + length + 8 * scale), height: Int(21 * scale))
        let mesh = TestMeshes.segment(Point(x0, y), Point(x0 + length, y), halfWidth: 2 * scale, color: .black, scale: scale)
        renderer.clear(target, to: .clear)
        renderer.draw([.dashed(mesh, pattern: DashPattern(on: 10, off: 7), scale: scale)], into: target)
        let p = Pixels(renderer, target)
        var runs: [(lit: Bool, length: Int)] = []
        for x in Int(x0.rounded(.up))..<Int(x0 + length) {
            let lit = p.alpha(x, Int(y)) >= 128
            if let last = runs.last, last.lit == lit { runs[runs.count - 1].length += 1 } else { runs.append((lit, 1)) }
        }
        return runs
    }

    func testDashPhaseShiftsThePattern() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 40, height: 10)
            let mesh = TestMeshes.segment(Point(0, 5), Point(40, 5), halfWidth: 2, color: .black)
            renderer.clear(target, to: .clear)
            renderer.draw([.dashed(mesh, pattern: DashPattern(on: 5, off: 5, phase: 5), scale: 1)], into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p.alpha(2, 5), 0, "phase 5 starts with the gap")
            XCTAssertEqual(p.alpha(7, 5), 255)
            XCTAssertEqual(p.alpha(12, 5), 0)
        }
    }
}
