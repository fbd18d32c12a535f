#!/usr/bin/env bash
# Hand-run, release-mode throughput measure of stroke tessellation (not a test, no assertions):
# 2000 freehand strokes × 100 points, widths 1–16, round caps and joins. Builds only ScrawlCore.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --target ScrawlCore >/dev/null
bin=$(swift build -c release --show-bin-path)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/main.swift" <<'SWIFT'
import ScrawlCore
let strokes = TessellationBenchmark.strokes(count: 2000, points: 100)
var shared = Mesh()
for scale in [1.0, 2.0] {
    for _ in 0..<3 { print("batch, mesh per stroke  scale \(scale):", TessellationBenchmark.batch(strokes, scale: scale)) }
    for _ in 0..<3 { print("batch, one reused mesh  scale \(scale):", TessellationBenchmark.batchWarm(strokes, scale: scale, mesh: &shared)) }
    for _ in 0..<3 { print("incremental             scale \(scale):", TessellationBenchmark.incremental(strokes, scale: scale)) }
}
SWIFT
swiftc -O -I "$bin/Modules" "$tmp/main.swift" "$bin"/ScrawlCore.build/*.o -o "$tmp/measure"
"$tmp/measure"
