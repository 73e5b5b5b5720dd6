#!/usr/bin/env bash
# Soak: a release `weft serve` on a free loopback port under wrk with a mix of
# node requests and health checks (scripts/soak/mix.lua), in intervals.
# Prints, per interval, requests, errors, p50/p99/max latency and the server's
# resident memory (VmRSS of the supervisor and its workers); then RSS at start, after the
# first interval (caches warm: the mix repeats 512 bodies) and at the end.
#
#   scripts/soak.sh [SECONDS] [CONNECTIONS]     (default 600 s, 16 connections)
#
# Bounded: the total time is SECONDS plus the build; traffic stays on 127.0.0.1.
# Exit 1 on any error, or when RSS grows more than 10% after the first interval.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-600}
CONNECTIONS=${2:-16}
SCRATCH=${WEFT_SCRATCH:-.build-rel}
INTERVAL=$(( DURATION >= 300 ? 60 : (DURATION >= 60 ? DURATION / 5 : DURATION) ))
ROUNDS=$(( DURATION / INTERVAL ))

command -v wrk >/dev/null || bash scripts/install-deps.sh --test
swift build -c release --product weft --scratch-path "$SCRATCH" >/dev/null
BIN=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/weft
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
LOG=$(mktemp)
"$BIN" serve --host 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -f "$LOG"' EXIT
for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    kill -0 $SERVER 2>/dev/null || { echo "weft serve exited early"; cat "$LOG"; exit 1; }
    sleep 0.2
done

# KiB, the supervisor and its worker processes together: the workers hold the memory.
rss() {
    local total=0 pid kib
    for pid in "$SERVER" $(pgrep -P "$SERVER"); do
        kib=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        total=$((total + ${kib:-0}))
    done
    echo "$total"
}
RSS_START=$(rss)
echo "soak: ${DURATION}s in ${ROUNDS} intervals of ${INTERVAL}s, $CONNECTIONS connections, port $PORT, RSS at start ${RSS_START} KiB"
printf '%-9s %10s %8s %8s %9s %9s %9s %10s\n' interval requests sock_err http_err p50_ms p99_ms max_ms rss_kib
ERRORS=0
RSS_WARM=0
for round in $(seq 1 "$ROUNDS"); do
    line=$(wrk -t 2 -c "$CONNECTIONS" -d "${INTERVAL}s" --timeout 10s --latency -s scripts/soak/mix.lua \
        "http://127.0.0.1:$PORT" | grep '^SOAK')
    kill -0 $SERVER 2>/dev/null || { echo "weft serve died"; cat "$LOG"; exit 1; }
    now=$(rss)
    [ "$round" = 1 ] && RSS_WARM=$now
    eval "$(echo "$line" | sed 's/^SOAK //')"   # requests= socket_errors= http_errors= p50_ms= p99_ms= max_ms=
    ERRORS=$((ERRORS + socket_errors + http_errors))
    printf '%-9s %10s %8s %8s %9s %9s %9s %10s\n' "$round" "$requests" "$socket_errors" "$http_errors" \
        "$p50_ms" "$p99_ms" "$max_ms" "$now"
done
RSS_END=$(rss)
GROWTH=$(python3 -c "print(f'{($RSS_END - $RSS_WARM) * 100 / $RSS_WARM:+.1f}')")
echo "soak: errors $ERRORS; RSS start ${RSS_START} KiB, after interval 1 ${RSS_WARM} KiB, end ${RSS_END} KiB (${GROWTH}% since interval 1)"
[ "$ERRORS" = 0 ] && python3 -c "import sys; sys.exit(0 if $RSS_END <= $RSS_WARM * 1.10 else 1)"
