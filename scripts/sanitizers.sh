#!/usr/bin/env bash
# Runs the test suites under ThreadSanitizer and AddressSanitizer, each in its
# own scratch path so neither disturbs the normal build.
#
#   scripts/sanitizers.sh [thread|address]...     (default: both)
#
# TSan reads Tests/tsan.supp (see docs/RELIABILITY.md for each entry and why).
# swift test's exit status decides; a sanitizer report fails the run because
# the log is searched for reports (TSan reports all races, then the run fails).
set -euo pipefail
cd "$(dirname "$0")/.."
KINDS=("$@")
[ ${#KINDS[@]} -gt 0 ] || KINDS=(thread address)
# The engine and server suites; WeftTextTests' corpus runs are single-threaded
# and take most of the time under a sanitizer, so they are opt-in.
FILTER=${WEFT_SANITIZER_FILTER:-"WeftCellsTests|WeftHTTPTests|WeftServiceTests|WeftLayoutTests"}
STATUS=0
for kind in "${KINDS[@]}"; do
    case $kind in
    thread)
        export TSAN_OPTIONS="suppressions=$PWD/Tests/tsan.supp halt_on_error=0 second_deadlock_stack=1" ;;
    address)
        export ASAN_OPTIONS="detect_leaks=1 abort_on_error=1"
        export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp" ;;
    *) echo "unknown sanitizer $kind"; exit 2 ;;
    esac
    echo "== swift test --sanitize=$kind"
    scratch=".build-${kind:0:1}san"
    log="$scratch/sanitizer-tests.log"   # inside the scratch path, which git ignores
    mkdir -p "$scratch"
    # Swift's backtracer and the sanitizers both want the crash signals.
    if SWIFT_BACKTRACE=enable=no swift test --sanitize="$kind" --scratch-path "$scratch" \
        --filter "$FILTER" 2>&1 | tee "$log" | grep -E "Test run with|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY:|error:"; then :; fi
    if grep -qE "WARNING: ThreadSanitizer|ERROR: (Address|Leak)Sanitizer" "$log" \
        || ! grep -qE "Test run with [0-9]+ tests? .*passed" "$log"; then
        echo "sanitizer $kind: FAILED (log: $log)"
        STATUS=1
    else
        echo "sanitizer $kind: passed ($(grep -oE 'Test run with [0-9]+ tests' "$log" | tail -1))"
    fi
done
exit $STATUS
