#!/usr/bin/env bash
# `make fuzz`: libFuzzer + AddressSanitizer harnesses for the readers of untrusted bytes.
#
#   Fuzz/fuzz.sh build            build the harnesses (.build/fuzz/bin/fuzz-TARGET)
#   Fuzz/fuzz.sh run              build, then run every target for FUZZ_SECONDS; fails on any
#                                 crash, timeout or memory-limit hit and prints the reproducer
#   Fuzz/fuzz.sh repro TARGET F   run one input through a harness (ASan report, exit status)
#   Fuzz/fuzz.sh seeds            regenerate Fuzz/Corpus/* with the real encoders
#
# Recipe: SwiftPM builds the library modules into their own scratch path with ASan and libFuzzer's
# coverage instrumentation (-sanitize-coverage; a plain -sanitize=fuzzer there would also apply to
# the shader-embedding build tool, whose link then fails on libFuzzer's main). Each harness
# (Fuzz/Harnesses/TARGET.swift, no Swift main: -parse-as-library) is then compiled by swiftc with
# -sanitize=fuzzer,address together with the shared entry points and linked against those objects,
# so libFuzzer's main drives it. SwiftPM executables cannot be used for this: on Linux it links them
# with --defsym main=<module>_main.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
SCRATCH=${FUZZ_SCRATCH:-.build/fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-replay document journal png}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}   # seconds one input may take
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}   # resident memory limit of a fuzzing process
# The library target to build and the modules whose objects the harnesses link.
LIB_TARGET=ScrawlStorage
LIB_MODULES="ScrawlCore ScrawlStorage"
SYSTEM_MODULES="CPNG CCairo"
PKG_CONFIG_LIBS="libpng zlib cairo"
ENTRY=Tests/ScrawlAppTests/FuzzEntryPoints.swift
COVERAGE=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
BUILD_FLAGS=(-c release --scratch-path "$SCRATCH" -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=$COVERAGE)
BIN_DIR=$SCRATCH/bin

# A Swift runtime crash must not start swift-backtrace (it waits on the dead process); libFuzzer
# and ASan print the stack.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
# The journal harness writes a session folder per input: in memory when possible (4x the speed).
if [ -z "${FUZZ_TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then FUZZ_TMPDIR=/dev/shm; fi
export TMPDIR=${FUZZ_TMPDIR:-${TMPDIR:-/tmp}}

# A target is a harness file, Fuzz/Harnesses/TARGET.swift.
known_target() { [ -f "Fuzz/Harnesses/$1.swift" ]; }

build_libraries() {
    echo "== building $LIB_TARGET with ASan and fuzzer coverage into $SCRATCH"
    "$SWIFT" build "${BUILD_FLAGS[@]}" --target "$LIB_TARGET" || { echo "fuzz: library build failed" >&2; exit 1; }
    LIB_BIN=$("$SWIFT" build "${BUILD_FLAGS[@]}" --show-bin-path)
    OBJECTS=()
    # Only the objects of sources that exist now: a renamed or deleted file leaves its old object
    # behind, whose symbols the file that took them over defines again.
    for m in $LIB_MODULES; do
        for o in "$LIB_BIN/$m.build"/*.o; do
            [ -n "$(find "Sources/$m" -name "$(basename "$o" .o)" -print -quit)" ] && OBJECTS+=("$o")
        done
    done
    MODULE_MAPS=()
    for m in $SYSTEM_MODULES; do MODULE_MAPS+=(-Xcc "-fmodule-map-file=Sources/$m/module.modulemap"); done
    # The system modules' headers (cairo's live in a folder of their own).
    for f in $(pkg-config --cflags-only-I $PKG_CONFIG_LIBS); do MODULE_MAPS+=(-Xcc "$f"); done
    # shellcheck disable=SC2207
    LIBS=($(pkg-config --libs $PKG_CONFIG_LIBS))
}

# Links .build/fuzz/bin/fuzz-TARGET (or EXTRA: another harness file, for checks) unless it is newer
# than everything it is made of.
build_harness() {
    local t=$1 harness=${2:-Fuzz/Harnesses/$1.swift} out=$BIN_DIR/fuzz-$1
    mkdir -p "$BIN_DIR"
    if [ -x "$out" ] && [ -z "$(find "$harness" "$ENTRY" "${OBJECTS[@]}" -newer "$out" 2>/dev/null | head -1)" ]; then
        return 0
    fi
    echo "== linking $out"
    "$SWIFTC" -O -g -parse-as-library -sanitize=fuzzer,address -module-name "Fuzz_$t" \
        -I "$LIB_BIN/Modules" "${MODULE_MAPS[@]}" \
        "$harness" "$ENTRY" "${OBJECTS[@]}" "${LIBS[@]}" -o "$out" 2>&1 \
        | grep -v "Cannot export local symbol '__asan_" || true
    [ -x "$out" ] && [ "$out" -nt "$harness" ] || { echo "fuzz: linking $out failed" >&2; exit 1; }
}

build_all() {
    build_libraries
    for t in $FUZZ_TARGETS; do
        known_target "$t" || { echo "fuzz: unknown target '$t' (no Fuzz/Harnesses/$t.swift)" >&2; exit 2; }
        build_harness "$t"
    done
}

# Runs one target; prints a summary line; returns non-zero on a finding.
run_target() {
    local t=$1 bin=$BIN_DIR/fuzz-$1
    local corpus=$SCRATCH/corpus/$t artifacts=$SCRATCH/artifacts/$t log=$SCRATCH/logs/$t.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    # Fixed regressions seed the working corpus; known-* (crashes not fixed yet) are left out, or
    # every run would stop at its first input.
    for f in Fuzz/Regressions/"$t"/*; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in known-*) continue ;; esac
        cp -n "$f" "$corpus/regression-$(basename "$f")"
    done
    local dict=()
    case "$t" in replay | document | journal) dict=(-dict=Fuzz/json.dict) ;; esac
    echo "== fuzzing $t for ${FUZZ_SECONDS}s (log: $log)"
    local start=$SECONDS
    # libFuzzer writes new inputs into the first folder only: the working corpus under .build.
    timeout -k 10 $((FUZZ_SECONDS + FUZZ_TIMEOUT + 120)) "$bin" \
        -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 "${dict[@]}" \
        "$corpus" $( [ -d "Fuzz/Corpus/$t" ] && echo "Fuzz/Corpus/$t") >"$log" 2>&1
    local rc=$? took=$((SECONDS - start))
    local execs speed corp
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    corp=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    printf '%-9s %4ss  %10s execs  %7s exec/s  corpus %s  rc=%s\n' "$t" "$took" "${execs:-?}" "${speed:-?}" "${corp:-?}" "$rc" \
        | tee -a "$SCRATCH/summary.txt"
    if [ "$rc" -ne 0 ]; then
        echo "FUZZ FAILURE in target '$t' (exit $rc):"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*: Fatal error)|ERROR: libFuzzer|Test unit written|^[A-Za-z/_.]+\.swift:[0-9]+: Fatal error' "$log" | head -8
        grep -E '^ +#[0-9]+ .* in ' "$log" | grep -v -E 'libclang_rt|compiler-rt|libc.so|libswiftCore' | head -8
        local repro
        repro=$(grep -o 'Test unit written to .*' "$log" | tail -1 | sed 's/Test unit written to //')
        if [ -n "$repro" ]; then
            echo "reproducer: $repro"
            echo "  replay it:   Fuzz/fuzz.sh repro $t $repro"
            echo "  keep it:     mkdir -p Fuzz/Regressions/$t && cp $repro Fuzz/Regressions/$t/   (run by make test; name it known-* while unfixed)"
        else
            echo "(no reproducer written; see $log)"
        fi
        return 1
    fi
}

run_all() {
    build_all
    : >"$SCRATCH/summary.txt"
    local failed=()
    for t in $FUZZ_TARGETS; do run_target "$t" || failed+=("$t"); done
    echo "== summary (${FUZZ_SECONDS}s per target)"
    cat "$SCRATCH/summary.txt"
    if [ ${#failed[@]} -gt 0 ]; then
        echo "make fuzz: FAILED: ${failed[*]}" >&2
        return 1
    fi
    echo "make fuzz: no crash, timeout or memory-limit hit"
}

case "${1:-run}" in
    build) build_all ;;
    run) run_all ;;
    repro)
        [ $# -eq 3 ] || { echo "usage: Fuzz/fuzz.sh repro TARGET FILE" >&2; exit 2; }
        FUZZ_TARGETS=$2 build_all
        "$BIN_DIR/fuzz-$2" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" "$3" ;;
    seeds)
        build_libraries
        mkdir -p "$BIN_DIR"
        echo "== building the seed writer"
        "$SWIFTC" -O -sanitize=address -module-name MakeSeeds -I "$LIB_BIN/Modules" "${MODULE_MAPS[@]}" \
            Fuzz/Seeds/MakeSeeds.swift "${OBJECTS[@]}" "${LIBS[@]}" -o "$BIN_DIR/make-seeds" 2>&1 \
            | grep -v "Cannot export local symbol '__asan_" || true
        "$BIN_DIR/make-seeds" Fuzz/Corpus ;;
    *) echo "usage: Fuzz/fuzz.sh [build|run|repro TARGET FILE|seeds]" >&2; exit 2 ;;
esac
