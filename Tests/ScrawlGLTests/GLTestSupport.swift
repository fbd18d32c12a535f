import Foundation
import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Base class: runs test bodies with the process-wide headless context current and one shared renderer.
/// GL errors are checked after every renderer operation (`Renderer.checksErrors`, on here in release
/// builds too), and no tessellator may overflow its mesh bound (`Mesh.boundOverflowCount`).
class GLTestCase: XCTestCase {
    nonisolated(unsafe) private static var sharedRenderer: Renderer?

    /// Runs `body` inside `HeadlessGL.withContext` with the shared renderer; fails on recorded GL
    /// errors and on mesh bounds that proved too small.
    func withRenderer(file: StaticString = #filePath, line: UInt = #line,
                      _ body: (Renderer) throws -> Void) throws {
        Renderer.checksErrors = true
        try HeadlessGL.shared().withContext {
            if GLTestCase.sharedRenderer == nil { GLTestCase.sharedRenderer = try Renderer() }
            let renderer = GLTestCase.sharedRenderer!
            renderer.resetLastError()
            try body(renderer)
            XCTAssertNil(renderer.lastError, "GL error during the test", file: file, line: line)
        }
        XCTAssertEqual(Mesh.boundOverflowCount, 0, "a tessellator's mesh bound proved too small", file: file, line: line)
    }
}

/// Meshes built by hand, following the vertex contract in ScrawlCore's Mesh.swift.
enum TestMeshes {
    /// A straight segment from `a` to `b` of half width `halfWidth` (device px) with butt ends and no
    /// end ramp: a quad whose long edges sit half a pixel outside the stroke, edge = ∓radius there.
    /// `arc` is the distance from `a` divided by `scale` (canvas points).
    static func segment(_ a: Point, _ b: Point, halfWidth: Double, color: Color, scale: Double = 1) -> Mesh {
        let r = halfWidth + 0.5
        guard let d = (b - a).normalized else { return Mesh() }
        let n = d.perpendicular * r
        let c = color.premultipliedRGBA
        let length = a.distance(to: b) / scale
        func v(_ p: Point, _ edge: Double, _ arc: Double) -> Vertex {
            Vertex(x: Float(p.x), y: Float(p.y), edge: Float(edge), radius: Float(r), arc: Float(arc), color: c)
        }
        let vertices = [v(a - n, -r, 0), v(b - n, -r, length), v(a + n, r, 0), v(b + n, r, length)]
        return Mesh(vertices: vertices, indices: [0, 1, 2, 1, 3, 2])
    }

    /// A half disc fan of `segments` triangles around `center`, facing `direction` (radians of its middle):
    /// centre vertex edge 0, rim vertices edge = radius = halfWidth + 0.5.
    static func halfDisc(_ center: Point, facing direction: Double, halfWidth: Double, color: Color,
                         arc: Double, segments: Int = 32) -> Mesh {
        let r = halfWidth + 0.5
        let c = color.premultipliedRGBA
        var vertices = [Vertex(x: Float(center.x), y: Float(center.y), edge: 0, radius: Float(r), arc: Float(arc), color: c)]
        for k in 0...segments {
            let angle = direction - .pi / 2 + .pi * Double(k) / Double(segments)
            let p = center + Point(cos(angle), sin(angle)) * r
            vertices.append(Vertex(x: Float(p.x), y: Float(p.y), edge: Float(r), radius: Float(r), arc: Float(arc), color: c))
        }
        let indices = (0..<UInt32(segments)).flatMap { k -> [UInt32] in [0, k + 1, k + 2] }
        return Mesh(vertices: vertices, indices: indices)
    }

    /// A horizontal round-capped line (capsule) from x0 to x1 at height y.
    static func capsule(x0: Double, x1: Double, y: Double, width: Double, color: Color) -> Mesh {
        var mesh = segment(Point(x0, y), Point(x1, y), halfWidth: width / 2, color: color)
        mesh.append(halfDisc(Point(x0, y), facing: .pi, halfWidth: width / 2, color: color, arc: 0))
        mesh.append(halfDisc(Point(x1, y), facing: 0, halfWidth: width / 2, color: color, arc: x1 - x0))
        return mesh
    }

    /// Plain fill triangles (edge 0, huge radius: coverage 1) of a polygon as a fan from its first point.
    static func fan(_ points: [Point], color: Color = .black) -> Mesh {
        let c = color.premultipliedRGBA
        let vertices = points.map { Vertex(x: Float($0.x), y: Float($0.y), color: c) }
        let indices = (1..<UInt32(max(points.count - 1, 1))).flatMap { k -> [UInt32] in [0, k, k + 1] }
        return Mesh(vertices: vertices, indices: indices)
    }

    /// Two triangles covering `rect`, in `color`.
    static func rect(_ r: Rect, color: Color) -> Mesh {
        fan([Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)], color: color)
    }
}

/// RGBA pixel access on `readPixels` output.
struct Pixels {
    let bytes: [UInt8]
    let width: Int
    let height: Int

    init(_ renderer: Renderer, _ target: RenderTarget) {
        bytes = renderer.readPixels(target); width = target.width; height = target.height
    }

    /// [r, g, b, a] of pixel (x, y), row 0 = top.
    subscript(x: Int, y: Int) -> [UInt8] { Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[(y * width + x) * 4 + 3] }
    func red(_ x: Int, _ y: Int) -> UInt8 { bytes[(y * width + x) * 4] }
    /// Sum of alpha / 255 over every pixel: the covered area for a single opaque colour on transparent.
    var coveredArea: Double { stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) / 255 } }
}

/// Asserts every channel of `got` is within `tolerance` of `want` (translucent pixels are stored
/// premultiplied in 8 bits, so reading them back straight can be off by one).
func assertPixel(_ got: [UInt8], _ want: [UInt8], tolerance: Int = 1, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let close = got.count == want.count && zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    XCTAssertTrue(close, "\(got) is not within \(tolerance) of \(want) \(message)", file: file, line: line)
}
