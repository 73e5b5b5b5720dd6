#!/usr/bin/env bash
# Soak: a release `weft serve` on a free loopback port under wrk with a mix of
# node requests and health checks (scripts/soak/mix.lua), in intervals, while
# scripts/soak/attacks.py sends hostile traffic beside it (odd header values,
# a far streamed offset, combining marks, clients that leave or never read,
# distinct methods and font families, overflowing numbers, compression bombs,
# broken framing; one attack at a time, each checked for an allowed status).
# Prints, per interval, the normal requests, their errors, p50/p99/max latency
# and the server's resident memory (VmRSS of the supervisor and its workers);
# the RSS sampled every 10 s; the attacks by kind; and worker restarts.
#
#   scripts/soak.sh [SECONDS] [CONNECTIONS]     (default 600 s, 16 connections)
#
# Bounded: the total time is SECONDS plus the build; traffic stays on 127.0.0.1.
# Exit 1 on any failed normal request, any attack answered with a status it does
# not allow (or not answered), any worker restart, or RSS growing more than 10%
# from the sample at the end of the first interval to the last.
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
SAMPLES=$(mktemp)
ATTACK_LOG=$(mktemp)
# notice: no line per request (millions of them), but restarts and errors.
"$BIN" serve --host 127.0.0.1 --port "$PORT" --log-level notice >"$LOG" 2>&1 &
SERVER=$!
SAMPLER=
ATTACKER=
stop() {
    [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null
    [ -n "$ATTACKER" ] && kill "$ATTACKER" 2>/dev/null
    kill $SERVER 2>/dev/null
    wait 2>/dev/null || true
    rm -f "$LOG" "$SAMPLES" "$ATTACK_LOG"
}
trap stop EXIT
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
echo "soak: ${DURATION}s in ${ROUNDS} intervals of ${INTERVAL}s, $CONNECTIONS connections and one attacker, port $PORT, RSS at start ${RSS_START} KiB"
( t=0; while sleep 10; do t=$((t + 10)); echo "$t $(rss)" >>"$SAMPLES"; done ) &
SAMPLER=$!
python3 scripts/soak/attacks.py --port "$PORT" --seconds "$((ROUNDS * INTERVAL))" >"$ATTACK_LOG" 2>&1 &
ATTACKER=$!
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
ATTACK_STATUS=0
wait "$ATTACKER" || ATTACK_STATUS=$?
ATTACKER=
kill "$SAMPLER" 2>/dev/null; wait "$SAMPLER" 2>/dev/null || true
SAMPLER=
echo "attacks (kind, count, slowest answer, statuses):"
cat "$ATTACK_LOG"
RESTARTS=$(curl -fs "http://127.0.0.1:$PORT/metrics" | awk '/^weft_worker_restarts_total / {print $2}')
echo "worker restarts: ${RESTARTS:-unknown}; supervisor pid $SERVER $(kill -0 $SERVER 2>/dev/null && echo alive || echo gone)"
echo "RSS every 10 s (KiB): $(awk '{printf "%s%s", (NR > 1 ? " " : ""), $2}' "$SAMPLES")"
RSS_MIN1=$(awk -v t="$INTERVAL" '$1 >= t {print $2; exit}' "$SAMPLES")
RSS_MIN1=${RSS_MIN1:-$RSS_WARM}
RSS_MAX=$(awk -v t="$INTERVAL" '$1 >= t && $2 > m {m = $2} END {print m + 0}' "$SAMPLES")
GROWTH=$(python3 -c "print(f'{($RSS_END - $RSS_MIN1) * 100 / $RSS_MIN1:+.1f}')")
echo "soak: failed normal requests $ERRORS; RSS start ${RSS_START} KiB, at ${INTERVAL} s ${RSS_MIN1} KiB, highest after ${RSS_MAX} KiB, end ${RSS_END} KiB (${GROWTH}% since ${INTERVAL} s)"
[ "$ERRORS" = 0 ] && [ "$ATTACK_STATUS" = 0 ] && [ "${RESTARTS:-1}" = 0 ] \
    && python3 -c "import sys; sys.exit(0 if $RSS_END <= $RSS_MIN1 * 1.10 else 1)"
