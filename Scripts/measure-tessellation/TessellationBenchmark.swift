import Foundation
import ScrawlCore

/// A hand-run throughput measure of stroke tessellation (not a test): freehand-like strokes with
/// round caps and joins. Compiled and run by `Scripts/measure-tessellation.sh` (release build).
enum TessellationBenchmark {
    /// What one run measured.
    struct Result: Sendable, CustomStringConvertible {
        /// Strokes and input points tessellated.
        var strokes: Int
        var points: Int
        /// Vertices and indices produced.
        var vertices: Int
        var indices: Int
        /// Wall-clock time, and the CPU time of the measuring thread (steadier on a busy machine).
        var seconds: Double
        var cpuSeconds: Double
        /// Input points per CPU second.
        var pointsPerSecond: Double { Double(points) / cpuSeconds }
        /// One line for a terminal.
        var description: String {
            String(format: "%d strokes, %d points -> %d vertices, %d indices in %.2f ms (%.2f ms CPU): %.1f M points/s",
                   strokes, points, vertices, indices, seconds * 1000, cpuSeconds * 1000, pointsPerSecond / 1e6)
        }
    }

    /// Wall-clock and thread CPU time now, in seconds.
    private static func now() -> (wall: Double, cpu: Double) {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return (Double(DispatchTime.now().uptimeNanoseconds) / 1e9, Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
    }

    private static func result(_ strokes: [[Point]], vertices: Int, indices: Int,
                               since start: (wall: Double, cpu: Double)) -> Result {
        let end = now()
        return Result(strokes: strokes.count, points: strokes.reduce(0) { $0 + $1.count }, vertices: vertices,
                      indices: indices, seconds: end.wall - start.wall, cpuSeconds: end.cpu - start.cpu)
    }

    /// `count` seeded random-walk strokes of `points` points each (canvas points, ~3 pt apart).
    static func strokes(count: Int, points: Int, seed: UInt64 = 1) -> [[Point]] {
        var rng = SplitMix64(seed: seed)
        func random() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }  // [0, 1)
        return (0..<count).map { _ in
            var p = Point(random() * 1000, random() * 800)
            var heading = random() * 2 * .pi
            var turn = 0.0
            return (0..<points).map { _ in
                turn = turn * 0.8 + (random() - 0.5) * 0.3
                heading += turn
                p += Point(cos(heading), sin(heading)) * (1 + random() * 4)
                return p
            }
        }
    }

    /// Batch-tessellates every stroke into a mesh of its own (fresh arrays, as when caching one mesh
    /// per stroke), widths cycling 1…16, and times it.
    static func batch(_ strokes: [[Point]], scale: Double = 1) -> Result {
        let paths = strokes.map { Path.polyline($0) }
        var vertices = 0, indices = 0
        let start = now()
        for (i, path) in paths.enumerated() {
            let options = StrokeOptions.round(width: Double(1 + i % 16))
            let mesh = StrokeTessellator.mesh(path, options: options, color: .black, scale: scale)
            vertices += mesh.vertices.count
            indices += mesh.indices.count
        }
        return result(strokes, vertices: vertices, indices: indices, since: start)
    }

    /// Batch-tessellates every stroke into one reused mesh (cleared, capacity kept), so no page is
    /// new: the steady-state cost of the tessellation itself.
    static func batchWarm(_ strokes: [[Point]], scale: Double = 1, mesh: inout Mesh) -> Result {
        let paths = strokes.map { Path.polyline($0) }
        mesh.removeAll(keepingCapacity: true)
        let start = now()
        for (i, path) in paths.enumerated() {
            let options = StrokeOptions.round(width: Double(1 + i % 16))
            StrokeTessellator.stroke(path, options: options, color: .black, scale: scale, into: &mesh)
        }
        return result(strokes, vertices: mesh.vertices.count, indices: mesh.indices.count, since: start)
    }

    /// Feeds every stroke point by point to an `IncrementalStroker`, and times it.
    static func incremental(_ strokes: [[Point]], scale: Double = 1) -> Result {
        var vertices = 0, indices = 0
        let start = now()
        for (i, stroke) in strokes.enumerated() {
            var stroker = IncrementalStroker(options: .round(width: Double(1 + i % 16)), color: .black, scale: scale)
            for p in stroke { stroker.append(p) }
            vertices += stroker.mesh.vertices.count
            indices += stroker.mesh.indices.count
        }
        return result(strokes, vertices: vertices, indices: indices, since: start)
    }
}
