#!/usr/bin/env bash
# `make sanitize`: the tests under AddressSanitizer and ThreadSanitizer.
#
#   Scripts/sanitize.sh asan   the test suite (release, -enable-testing, as `make test`) with ASan;
#                              the `scrawl` binary the window and CLI tests start is built with ASan
#                              too. ASAN_FILTER narrows it (a `swift test --filter` regex); FULL=1
#                              runs everything whatever ASAN_FILTER says.
#   Scripts/sanitize.sh tsan   the journal, save, recovery, fault and document tests of ScrawlStorageTests
#                              (in-process: the journal's background snapshots and fsyncs) with TSan.
#
# Builds go to .build/asan and .build/tsan, so the normal build is untouched. Every sanitized
# process (the test runner and each `scrawl` it starts) writes its reports to
# .build/SAN/reports/*.PID, because the tests capture the child's stderr; any report fails the run.
# Leak checking is off by default (Mesa, GLFW and Xlib keep allocations until exit); LEAKS=1
# turns it on.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
kind=${1:?usage: Scripts/sanitize.sh asan|tsan}
scratch=.build/$kind
reports=$PWD/$scratch/reports
log=$scratch/test.log
FLAGS=(-c release --scratch-path "$scratch" -Xswiftc -enable-testing)
# Swift runtime crashes print their own backtrace; swift-backtrace must not wait on the process.
export SWIFT_BACKTRACE=enable=no

case "$kind" in
    asan)
        FLAGS+=(--sanitize=address)
        export ASAN_OPTIONS="detect_leaks=${LEAKS:-0}:log_path=$reports/asan:${ASAN_OPTIONS:-}"
        filter=${ASAN_FILTER:-}
        [ "${FULL:-0}" = 1 ] && filter=
        ;;
    tsan)
        FLAGS+=(--sanitize=thread)
        export TSAN_OPTIONS="log_path=$reports/tsan:halt_on_error=0:${TSAN_OPTIONS:-}"
        filter=${TSAN_FILTER:-'ScrawlStorageTests\..*(Journal|Save|Recover|Document|StorageFault)'}
        ;;
    *) echo "usage: Scripts/sanitize.sh asan|tsan" >&2; exit 2 ;;
esac

rm -rf "$reports"
mkdir -p "$reports"
start=$SECONDS
echo "== $kind: building into $scratch"
"$SWIFT" build "${FLAGS[@]}" --product scrawl || exit 1
bin=$("$SWIFT" build "${FLAGS[@]}" --show-bin-path)
echo "== $kind: swift test${filter:+ --filter '$filter'} (log: $log)"
SCRAWL_BIN=$bin/scrawl "$SWIFT" test "${FLAGS[@]}" --disable-swift-testing ${filter:+--filter "$filter"} 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
took=$((SECONDS - start))

executed=$(grep -E '^\s*Executed [0-9]+ tests?' "$log" | tail -1 | sed 's/^ *//')
found=$(find "$reports" -type f | wc -l)
echo "== $kind: ${took}s, swift test exit $rc; ${executed:-no XCTest summary}; $found sanitizer report file(s) in $reports"
if [ "$found" -gt 0 ]; then
    for f in "$reports"/*; do
        echo "--- $f"
        grep -E '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY)|^ +#[0-9]+ .*(Scrawl|scrawl)' "$f" | head -12
    done
fi
[ "$rc" -eq 0 ] && [ "$found" -eq 0 ] || { echo "make sanitize ($kind): FAILED" >&2; exit 1; }
echo "make sanitize ($kind): passed"
