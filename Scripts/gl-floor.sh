#!/usr/bin/env bash
# Hand-run: the peak resident set of a minimal C OpenGL program on this machine's driver, step by
# step (Scripts/gl-floor/gl-floor.c), beside which `scrawl bench`'s `rss_mb` can be read.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${CC:-cc}" -O2 Scripts/gl-floor/gl-floor.c -o "$tmp/gl-floor" -lEGL -lGL
"$tmp/gl-floor"
