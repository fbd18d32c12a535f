#!/usr/bin/env bash
# Hand-run, release-mode throughput measure of stroke tessellation (not a test, no assertions):
# 2000 freehand strokes × 100 points, widths 1–16, round caps and joins. Builds only ScrawlCore and
# compiles Scripts/measure-tessellation/*.swift against it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --target ScrawlCore >/dev/null
bin=$(swift build -c release --show-bin-path)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
swiftc -O -I "$bin/Modules" Scripts/measure-tessellation/*.swift "$bin"/ScrawlCore.build/*.o -o "$tmp/measure"
"$tmp/measure"
