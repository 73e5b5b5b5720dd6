#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each
# for N seconds, printing executions and crashes per target.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default 60 s; every target unless named)
#
# Targets, one per input surface: http-parser, node-request, layout-tree,
# header-values, query-string, compressed-body, container-request,
# streamed-container, placement-math, text-measurement. Each checks its own
# invariants, and every one checks time per input byte (Fuzz/Common/FuzzBudget.swift).
#
# The targets are built here, not by `swift build`: libFuzzer supplies `main`,
# and the instrumentation flags must not reach the normal build. Weft's own
# modules are built fuzz-instrumented into .build-fuzz/modules; the packages they
# use (swift-log, swift-metrics, swift-prometheus, swift-atomics) are linked as
# `swift build` made them, uninstrumented, since their coverage guides nothing.
# Each target is one swiftc invocation over its entry point (Fuzz/<Target>/).
# Crashes are written to .build-fuzz/artifacts/; new corpus entries to
# .build-fuzz/corpus/<target> (the committed seeds in Fuzz/corpus/ stay small).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=("$@")
SERVICE_TARGETS=(header-values query-string compressed-body container-request streamed-container placement-math)
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(http-parser node-request layout-tree "${SERVICE_TARGETS[@]}" text-measurement)

OUT=.build-fuzz
M=$OUT/modules
mkdir -p "$M/CICUShim" "$OUT/artifacts"
# -package-name: the modules share `package` declarations, as SwiftPM builds them.
FLAGS=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -enable-testing -package-name weft)
BIN_DIR=$(swift build --show-bin-path)
[ -f "$BIN_DIR/Modules/Prometheus.swiftmodule" ] && [ -f "$BIN_DIR/Modules/Logging.swiftmodule" ] \
    || swift build --product weft >/dev/null
ATOMICS_SHIMS=.build/checkouts/swift-atomics/Sources/_AtomicsShims/include
DEPS=(-I "$M/deps" -Xcc -fmodule-map-file=$ATOMICS_SHIMS/module.modulemap -I "$ATOMICS_SHIMS")
C_MODULES=(-I "$M" -I Sources/CHarfBuzz -I Sources/CFreeType -I Sources/CFontconfig -I "$M/CICUShim")
for flag in $(pkg-config --cflags-only-I harfbuzz freetype2 fontconfig); do C_MODULES+=(-Xcc "$flag"); done
LIBS=(-L "$M" -lWeftLayout -lWeftText "$M/CICUShim.o" -lharfbuzz -lfreetype -lfontconfig -licuuc -licudata)
HTTP_MODULES=(-I Sources/CZlib -I Sources/CEpoll -I "$M/CWeftTLS" -I Sources/CHiredis)
SERVICE_LIBS=(-lWeftService -lWeftJSON -lWeftStore -lWeftHTTP -lWeftCells -lWeftSync "$M/CWeftTLS.o" "${LIBS[@]}" -lz -lssl -lcrypto -lhiredis)

newer() {  # newer OUTPUT INPUTS...: true when OUTPUT is missing or older than an input
    local out=$1; shift
    [ ! -e "$out" ] && return 0
    [ -n "$(find "$@" -newer "$out" -print -quit)" ]
}

module() {  # module NAME SOURCE_DIR DEPENDENCY... [-- EXTRA SWIFTC FLAGS]: a fuzz-instrumented static library
    local name=$1 dir=$2; shift 2
    local inputs=() extra=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do inputs+=("$M/lib$1.a"); shift; done
    [ $# -gt 0 ] && { shift; extra=("$@"); }
    newer "$M/lib$name.a" "$dir" "${inputs[@]}" || return 0
    echo "building $name (fuzz instrumented)"
    swiftc "${FLAGS[@]}" -module-name "$name" -I "$M" "${extra[@]}" -emit-module -emit-module-path "$M/$name.swiftmodule" \
        -emit-library -static -o "$M/lib$name.a" $(find "$dir" -name '*.swift' | sort)
}

build_modules() {
    mkdir -p "$M/deps" "$M/CWeftTLS"
    # The packages' object files as `swift build` compiled them, linked one by one: an
    # archive would drop members nothing names, and with them their runtime metadata.
    local dep
    mkdir -p "$M/deps/objects"
    for dep in Logging CoreMetrics Metrics Atomics Prometheus; do
        cp -p "$BIN_DIR/Modules/$dep.swiftmodule" "$M/deps/"
        for object in "$BIN_DIR/$dep.build"/*.o; do cp -p "$object" "$M/deps/objects/$dep-$(basename "$object")"; done
    done
    find "$BIN_DIR/_AtomicsShims.build" -name "*.o" -exec cp -p {} "$M/deps/objects/" \;
    if newer "$M/CICUShim.o" Sources/CICUShim; then
        printf 'module CICUShim {\n    header "%s/Sources/CICUShim/include/CICUShim.h"\n    export *\n}\n' "$PWD" \
            >"$M/CICUShim/module.modulemap"
        clang -c -O1 -fsanitize=fuzzer-no-link,address -I Sources/CICUShim/include Sources/CICUShim/shim.c -o "$M/CICUShim.o"
    fi
    if newer "$M/CWeftTLS.o" Sources/CWeftTLS; then
        printf 'module CWeftTLS {\n    header "%s/Sources/CWeftTLS/include/weft_tls.h"\n    link "ssl"\n    link "crypto"\n    export *\n}\n' \
            "$PWD" >"$M/CWeftTLS/module.modulemap"
        clang -c -O1 -fsanitize=fuzzer-no-link,address -I Sources/CWeftTLS/include Sources/CWeftTLS/weft_tls.c -o "$M/CWeftTLS.o"
    fi
    module WeftSync Sources/WeftSync
    module WeftLayout Sources/WeftLayout
    module WeftText Sources/WeftText WeftLayout -- "${C_MODULES[@]}"
    module WeftCells Sources/WeftCells WeftLayout WeftSync
    module WeftHTTP Sources/WeftHTTP WeftSync -- "${HTTP_MODULES[@]}" "${DEPS[@]}"
    module WeftStore Sources/WeftStore WeftSync -- -I Sources/CHiredis
    module WeftJSON Sources/WeftJSON WeftCells WeftHTTP -- "${HTTP_MODULES[@]}" "${DEPS[@]}"
    module WeftService Sources/WeftService WeftCells WeftHTTP WeftJSON WeftText WeftStore -- "${C_MODULES[@]}" "${HTTP_MODULES[@]}" "${DEPS[@]}"
}

build_target() {
    local target=$1 bin=$OUT/fuzz-$1
    case $target in
    http-parser)
        newer "$bin" Fuzz/HTTPParser Fuzz/Common "$M/libWeftHTTP.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzHTTPParser "${HTTP_MODULES[@]}" "${DEPS[@]}" -I "$M" \
            Fuzz/HTTPParser/*.swift Fuzz/Common/*.swift -L "$M" -lWeftHTTP -lWeftSync "$M/CWeftTLS.o" -lz -lssl -lcrypto \
            "$M"/deps/objects/*.o -o "$bin" ;;
    node-request)
        newer "$bin" Fuzz/NodeRequest Fuzz/Common "$M/libWeftService.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzNodeRequest "${C_MODULES[@]}" "${HTTP_MODULES[@]}" "${DEPS[@]}" \
            Fuzz/NodeRequest/*.swift Fuzz/Common/*.swift "${SERVICE_LIBS[@]}" "$M"/deps/objects/*.o -o "$bin" ;;
    layout-tree)
        newer "$bin" Fuzz/LayoutTree Fuzz/Common Tests/WeftServiceTests/Support "$M/libWeftService.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzLayoutTree "${C_MODULES[@]}" "${HTTP_MODULES[@]}" "${DEPS[@]}" \
            Fuzz/LayoutTree/*.swift Fuzz/Common/*.swift Tests/WeftServiceTests/Support/*.swift "${SERVICE_LIBS[@]}" \
            "$M"/deps/objects/*.o -o "$bin" ;;
    text-measurement)
        newer "$bin" Fuzz/TextMeasurement Fuzz/Common "$M/libWeftText.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzTextMeasurement "${C_MODULES[@]}" Fuzz/TextMeasurement/*.swift \
            Fuzz/Common/*.swift "${LIBS[@]}" -o "$bin" ;;
    header-values | query-string | compressed-body | container-request | streamed-container | placement-math)
        local dir
        dir=Fuzz/$(echo "$target" | sed -E 's/(^|-)([a-z])/\U\2/g')
        newer "$bin" "$dir" Fuzz/Common Fuzz/Service "$M/libWeftService.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name "Fuzz${dir#Fuzz/}" "${C_MODULES[@]}" "${HTTP_MODULES[@]}" "${DEPS[@]}" \
            "$dir"/*.swift Fuzz/Common/*.swift Fuzz/Service/*.swift "${SERVICE_LIBS[@]}" "$M"/deps/objects/*.o -o "$bin" ;;
    *) echo "unknown target $target"; exit 2 ;;
    esac
}

build_modules
for target in "${TARGETS[@]}"; do echo "building fuzz-$target"; build_target "$target"; done

TOTAL=0
CRASHES=0
OVER_BUDGET=0
for target in "${TARGETS[@]}"; do
    corpus=$OUT/corpus/$target
    mkdir -p "$corpus" "Fuzz/corpus/$target"
    log=$OUT/fuzz-$target.log
    before=$(ls "$OUT/artifacts" | wc -l)
    dict=()
    dictionary=$target
    [ "$target" = streamed-container ] && dictionary=container-request
    [ -f "Fuzz/dict/$dictionary.dict" ] && dict=(-dict="Fuzz/dict/$dictionary.dict")
    # SWIFT_BACKTRACE off: Swift's backtracer and ASan both want the crash signal.
    # Leak suppressions: Fuzz/lsan.supp says which and why. -rss_limit_mb bounds memory;
    # a crash stops the run (libFuzzer's default), so a finding is never lost in volume.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp \
        "$OUT/fuzz-$target" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 -max_len=4096 -timeout=30 \
        -artifact_prefix="$OUT/artifacts/$target-" -print_final_stats=1 "${dict[@]}" "$corpus" "Fuzz/corpus/$target" \
        >"$log" 2>&1 || true
    execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    execs=${execs:-0}
    found=$(( $(ls "$OUT/artifacts" | wc -l) - before ))
    grep -E "fuzz invariant broken|ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)" "$log" | head -3 || true
    # A finding that is only the time budget (CPU time of a sanitized build) is
    # counted apart: FUZZ_BUDGET_ADVISORY=1 reports it without failing the run.
    slow=0
    if [ "$found" -gt 0 ] && grep -q "ms of CPU for" "$log" && ! grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
        slow=$found
    fi
    echo "fuzz $target: $execs executions in ${SECONDS_PER_TARGET}s, $found crashes ($slow over the time budget)"
    TOTAL=$((TOTAL + execs))
    CRASHES=$((CRASHES + found))
    OVER_BUDGET=$((OVER_BUDGET + slow))
done
echo "fuzz total: $TOTAL executions, $CRASHES crashes ($OVER_BUDGET over the time budget)"
if [ "${FUZZ_BUDGET_ADVISORY:-0}" = 1 ]; then
    [ "$CRASHES" = "$OVER_BUDGET" ]
else
    [ "$CRASHES" = 0 ]
fi
