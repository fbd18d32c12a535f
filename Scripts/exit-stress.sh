#!/usr/bin/env bash
# Runs `scrawl render` on a broken document, a broken replay and a good replay, four at a time,
# N rounds (default 250, 1000 runs), each with a fresh Mesa shader cache as on a clean machine, and
# counts the runs that did not end with their status (an abort at exit ends with 134).
# Usage: Scripts/exit-stress.sh [ROUNDS] [SCRAWL_BINARY]
set -u
rounds=${1:-250}
bin=${2:-$(swift build -c release --show-bin-path)/scrawl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": [\n' > "$work/broken.scrawl"
printf '{"version": 1, "events": [{"key": "p"}, {}]}' > "$work/bad.json"
printf '{"version": 1, "canvas": {"width": 40, "height": 30}, "events": [{"touches": [{"id": 0, "phase": "began", "x": 5, "y": 5}]}, {"touches": [{"id": 0, "phase": "ended", "x": 30, "y": 20}]}]}' > "$work/ok.json"
one() {  # INPUT EXPECTED LANE
  local cache="$work/cache-$3"
  rm -rf "$cache"
  XDG_CACHE_HOME="$cache" "$bin" render "$work/$1" -o "$work/out-$3.png" 2>/dev/null
  local s=$?
  [ "$s" = "$2" ] && echo ok || echo "bad $1 status $s"
}
for ((r = 0; r < rounds; r++)); do
  one broken.scrawl 2 a & one bad.json 2 b & one ok.json 0 c & one broken.scrawl 2 d &
  wait
done > "$work/results"
total=$(wc -l < "$work/results")
bad=$(grep -c '^bad' "$work/results")
echo "exit-stress: $bad of $total runs did not end with their status"
grep '^bad' "$work/results" | sort | uniq -c
[ "$bad" = 0 ]
