#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each
# for N seconds, printing executions and crashes per target.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default 60 s; targets: http-parser node-request layout-tree)
#
# The targets are built here, not by `swift build`: libFuzzer supplies `main`,
# and the instrumentation flags must not reach the normal build. Each target is
# one swiftc invocation over its entry point (Fuzz/<Target>/) and the sources it
# needs, linked against fuzz-instrumented WeftLayout and WeftText modules.
# Crashes are written to .build-fuzz/artifacts/; new corpus entries to
# .build-fuzz/corpus/<target> (the committed seeds in Fuzz/corpus/ stay small).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(http-parser node-request layout-tree)

OUT=.build-fuzz
M=$OUT/modules
mkdir -p "$M/CICUShim" "$OUT/artifacts"
FLAGS=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6)
C_MODULES=(-I "$M" -I Sources/CHarfBuzz -I Sources/CFreeType -I Sources/CFontconfig -I "$M/CICUShim")
for flag in $(pkg-config --cflags-only-I harfbuzz freetype2 fontconfig); do C_MODULES+=(-Xcc "$flag"); done
LIBS=(-L "$M" -lWeftLayout -lWeftText "$M/CICUShim.o" -lharfbuzz -lfreetype -lfontconfig -licuuc -licudata)
# The node request half of WeftService: everything but containers, the HTTP routes, metrics and web pages.
SERVICE=$(find Sources/WeftService -name '*.swift' ! -path '*/Web/*' ! -path '*/Container/*' ! -name Metrics.swift ! -name Routes.swift | sort)
PARSER=(Sources/WeftHTTP/{RequestParser,RequestHead,HTTPHeaders,HTTPParseError,ChunkedBodyDecoder,BodyFraming,HTTPRequest,ResponseBodyWriter}.swift)

newer() {  # newer OUTPUT INPUTS...: true when OUTPUT is missing or older than an input
    local out=$1; shift
    [ ! -e "$out" ] && return 0
    [ -n "$(find "$@" -newer "$out" -print -quit)" ]
}

build_modules() {
    if newer "$M/libWeftLayout.a" Sources/WeftLayout; then
        echo "building WeftLayout (fuzz instrumented)"
        swiftc "${FLAGS[@]}" -module-name WeftLayout -emit-module -emit-module-path "$M/WeftLayout.swiftmodule" \
            -emit-library -static -o "$M/libWeftLayout.a" $(find Sources/WeftLayout -name '*.swift' | sort)
    fi
    if newer "$M/CICUShim.o" Sources/CICUShim; then
        printf 'module CICUShim {\n    header "%s/Sources/CICUShim/include/CICUShim.h"\n    export *\n}\n' "$PWD" \
            >"$M/CICUShim/module.modulemap"
        clang -c -O1 -fsanitize=fuzzer-no-link,address -I Sources/CICUShim/include Sources/CICUShim/shim.c -o "$M/CICUShim.o"
    fi
    if newer "$M/libWeftText.a" Sources/WeftText "$M/libWeftLayout.a"; then
        echo "building WeftText (fuzz instrumented)"
        swiftc "${FLAGS[@]}" -module-name WeftText "${C_MODULES[@]}" -emit-module -emit-module-path "$M/WeftText.swiftmodule" \
            -emit-library -static -o "$M/libWeftText.a" $(find Sources/WeftText -name '*.swift' | sort)
    fi
}

build_target() {
    local target=$1 bin=$OUT/fuzz-$1
    case $target in
    http-parser)
        newer "$bin" Fuzz/HTTPParser Fuzz/Common "${PARSER[@]}" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzHTTPParser Fuzz/HTTPParser/*.swift Fuzz/Common/*.swift \
            "${PARSER[@]}" -o "$bin" ;;
    node-request)
        newer "$bin" Fuzz/NodeRequest Fuzz/Common Sources/WeftService "$M/libWeftText.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzNodeRequest "${C_MODULES[@]}" Fuzz/NodeRequest/*.swift \
            Fuzz/Common/*.swift $SERVICE "${LIBS[@]}" -o "$bin" ;;
    layout-tree)
        newer "$bin" Fuzz/LayoutTree Fuzz/Common Sources/WeftService Tests/WeftServiceTests/Support "$M/libWeftText.a" || return 0
        swiftc "${FLAGS[@]}" -use-ld=lld -module-name FuzzLayoutTree "${C_MODULES[@]}" Fuzz/LayoutTree/*.swift \
            Fuzz/Common/*.swift Tests/WeftServiceTests/Support/*.swift $SERVICE "${LIBS[@]}" -o "$bin" ;;
    *) echo "unknown target $target"; exit 2 ;;
    esac
}

build_modules
for target in "${TARGETS[@]}"; do echo "building fuzz-$target"; build_target "$target"; done

TOTAL=0
CRASHES=0
for target in "${TARGETS[@]}"; do
    corpus=$OUT/corpus/$target
    mkdir -p "$corpus" "Fuzz/corpus/$target"
    log=$OUT/fuzz-$target.log
    before=$(ls "$OUT/artifacts" | wc -l)
    dict=()
    [ -f "Fuzz/dict/$target.dict" ] && dict=(-dict="Fuzz/dict/$target.dict")
    # SWIFT_BACKTRACE off: Swift's backtracer and ASan both want the crash signal.
    # Leak suppressions: Fuzz/lsan.supp says which and why. -rss_limit_mb bounds memory;
    # a crash stops the run (libFuzzer's default), so a finding is never lost in volume.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp \
        "$OUT/fuzz-$target" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 -max_len=4096 \
        -artifact_prefix="$OUT/artifacts/$target-" -print_final_stats=1 "${dict[@]}" "$corpus" "Fuzz/corpus/$target" \
        >"$log" 2>&1 || true
    execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    execs=${execs:-0}
    found=$(( $(ls "$OUT/artifacts" | wc -l) - before ))
    grep -E "fuzz invariant broken|ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)" "$log" | head -3 || true
    echo "fuzz $target: $execs executions in ${SECONDS_PER_TARGET}s, $found crashes"
    TOTAL=$((TOTAL + execs))
    CRASHES=$((CRASHES + found))
done
echo "fuzz total: $TOTAL executions, $CRASHES crashes"
[ "$CRASHES" = 0 ]
