import Foundation
import ScrawlCore
@testable import ScrawlGL
import XCTest

final class StreamingMeshTests: GLTestCase {
    /// A zig-zag polyline of `count` segments, each a separate quad (so the mesh only ever grows).
    private func zigzag(segments count: Int, color: Color) -> [Mesh] {
        (0..<count).map { i in
            let a = Point(4 + Double(i % 60) * 2, 10 + Double(i / 60) * 12 + Double(i % 2) * 4)
            let b = a + Point(2.5, Double(i % 2 == 0 ? 4 : -4))
            return TestMeshes.segment(a, b, halfWidth: 1.4, color: color)
        }
    }

    /// Growing the mesh step by step with partial uploads (through several capacity doublings)
    /// renders exactly what a full upload of the final mesh renders.
    func testPartialUpdatesRenderLikeAFullUpload() throws {
        try withRenderer { renderer in
            for blend in [StrokeBlend.over, .uniformAlpha] {
                let segments = zigzag(segments: 700, color: Color(r: 20, g: 90, b: 200, a: 140))
                let streaming = try StreamingMesh()
                var mesh = Mesh()
                for chunk in stride(from: 0, to: segments.count, by: 7) {
                    let (firstVertex, firstIndex) = (mesh.vertices.count, mesh.indices.count)
                    for segment in segments[chunk..<min(chunk + 7, segments.count)] { mesh.append(segment) }
                    streaming.update(mesh, firstVertex: firstVertex, firstIndex: firstIndex)
                }
                XCTAssertEqual(streaming.vertexCount, 2800)
                XCTAssertEqual(streaming.indexCount, 4200)
                let live = try RenderTarget(width: 128, height: 160), reference = try RenderTarget(width: 128, height: 160)
                renderer.clear(live, to: .white)
                renderer.clear(reference, to: .white)
                renderer.draw(streaming, blend: blend, into: live)
                renderer.draw([.stroke(mesh, blend: blend)], into: reference)
                let a = renderer.readPixels(live), b = renderer.readPixels(reference)
                XCTAssertEqual(a, b, "\(blend)")
                XCTAssertGreaterThan(a.filter { $0 != 255 }.count, 1000, "something was drawn")
            }
        }
    }

    /// Rewriting the tail (the live end of a stroke moves) uploads from the first changed vertex.
    func testRewritingTheTail() throws {
        try withRenderer { renderer in
            let streaming = try StreamingMesh()
            var mesh = TestMeshes.segment(Point(2, 8), Point(30, 8), halfWidth: 3, color: .black)
            streaming.update(mesh)
            mesh.vertices[1].x = 60
            mesh.vertices[3].x = 60
            streaming.update(mesh, firstVertex: 1, firstIndex: mesh.indices.count)
            let target = try RenderTarget(width: 64, height: 16)
            renderer.clear(target, to: .clear)
            renderer.draw(streaming, blend: .over, into: target)
            let p = Pixels(renderer, target)
            XCTAssertEqual(p.alpha(50, 8), 255)
            streaming.removeAll()
            renderer.clear(target, to: .clear)
            renderer.draw(streaming, blend: .over, into: target)
            XCTAssertEqual(Pixels(renderer, target).alpha(50, 8), 0)
        }
    }

}

/// Random-walk polylines of `points` points: a quad per segment plus a small square at every other
/// point, 6 vertices per point on average (2000 x 100 points: 1.2M vertices).
enum BenchmarkScene {
    /// User + system CPU seconds of the whole process (llvmpipe's threads included): unlike wall time,
    /// hardly affected by other processes competing for the cores.
    static func processCPUTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func commands(strokes: Int, points: Int) -> [DrawCommand] {
        var rng = SystemRandomNumberGenerator()
        return (0..<strokes).map { _ in
            var mesh = Mesh()
            mesh.reserve(vertices: points * 6, indices: points * 9)
            var p = Point(Double.random(in: 50...1550, using: &rng), Double.random(in: 50...950, using: &rng))
            let color = Color(r: .random(in: 0...255, using: &rng), g: 80, b: 160)
            for i in 0..<points {
                let q = p + Point(Double.random(in: -4...4, using: &rng), Double.random(in: -4...4, using: &rng))
                mesh.append(TestMeshes.segment(p, q, halfWidth: 1.5, color: color))
                if i % 2 == 0 { mesh.append(TestMeshes.rect(Rect(x: q.x - 1, y: q.y - 1, width: 2, height: 2), color: color)) }
                p = q
            }
            return .stroke(mesh, blend: .over)
        }
    }
}

final class StreamingMeshRangeTests: GLTestCase {
    /// Drawing only the appended index range onto a layer holding the earlier part equals drawing it all.
    func testDrawingAppendedRangeMatchesWholeDraw() throws {
        try withRenderer { renderer in
            let streaming = try StreamingMesh()
            var mesh = TestMeshes.capsule(x0: 4, x1: 30, y: 8.4, width: 5, color: .red)
            streaming.update(mesh)
            let incremental = try RenderTarget(width: 64, height: 32), whole = try RenderTarget(width: 64, height: 32)
            renderer.clear(incremental, to: .white)
            renderer.draw(streaming, blend: .over, into: incremental)
            let (firstVertex, firstIndex) = (mesh.vertices.count, mesh.indices.count)
            mesh.append(TestMeshes.capsule(x0: 10, x1: 58, y: 20.6, width: 3, color: .blue))
            streaming.update(mesh, firstVertex: firstVertex, firstIndex: firstIndex)
            renderer.draw(streaming, blend: .over, into: incremental, indices: firstIndex..<Int.max)
            renderer.clear(whole, to: .white)
            renderer.draw(streaming, blend: .over, into: whole)
            XCTAssertEqual(renderer.readPixels(incremental), renderer.readPixels(whole))
            XCTAssertEqual(Pixels(renderer, whole)[30, 20], [0, 0, 255, 255])
        }
    }
}
