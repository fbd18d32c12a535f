import ScrawlCore

let strokes = TessellationBenchmark.strokes(count: 2000, points: 100)
var shared = Mesh()
for scale in [1.0, 2.0] {
    for _ in 0..<3 { print("batch, mesh per stroke  scale \(scale):", TessellationBenchmark.batch(strokes, scale: scale)) }
    for _ in 0..<3 { print("batch, one reused mesh  scale \(scale):", TessellationBenchmark.batchWarm(strokes, scale: scale, mesh: &shared)) }
    for _ in 0..<3 { print("incremental             scale \(scale):", TessellationBenchmark.incremental(strokes, scale: scale)) }
}
