#!/usr/bin/env bash
# Bounded wrk runs against a release `weft serve` on loopback: /healthz and a
# ~2 KB POST /v1/layout/node, at 16 and 128 connections. Prints requests/s and
# p50/p99 latency per run. wrk shares the machine's cores with the server, as
# in the peers' figures docs/PERFORMANCE.md compares against.
#
#   scripts/bench-http.sh [seconds-per-run]     (default 10; needs `apt-get install wrk`)
set -euo pipefail

cd "$(dirname "$0")/.."
duration="${1:-10}"
scratch="${WEFT_SCRATCH:-.build-http}"
port="${WEFT_BENCH_PORT:-18181}"
out="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$out"' EXIT

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
swift build -c release --scratch-path "$scratch" --product weft >/dev/null
binary="$scratch/release/weft"

# The access log is off for the run (warning level): writing a line per request
# to a terminal would measure the terminal.
# Extra server flags (e.g. --event-loops 1) come from WEFT_BENCH_ARGS.
"$binary" serve --host 127.0.0.1 --port "$port" --log-level warning ${WEFT_BENCH_ARGS:-} >"$out/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done

# A realistic feed row, padded with x- keys (ignored by the service) to about 2 KB.
body='{"sizeRange":{"min":{"width":375,"height":0},"max":{"width":375,"height":null}},"pointScale":2,"root":{"type":"stack","direction":"horizontal","spacing":8,"children":[{"type":"box","id":"avatar","style":{"preferredSize":{"width":44,"height":44}}},{"type":"stack","id":"body","style":{"flexGrow":1},"spacing":4,"children":[{"type":"box","id":"title","style":{"height":20}},{"type":"box","id":"subtitle","style":{"height":16}},{"type":"box","id":"meta","style":{"height":14}}]}]}}'
padding=$(printf 'p%.0s' $(seq $((2000 - ${#body} - 12))))
body="${body%\}},\"x-pad\":\"$padding\"}"
printf '%s' "$body" >"$out/body.json"

# A benchmark of error answers would flatter the server: check the body is accepted first.
status=$(curl -s -o "$out/answer.json" -w '%{http_code}' -H 'Content-Type: application/json' \
    --data-binary @"$out/body.json" "http://127.0.0.1:$port/v1/layout/node")
[ "$status" = 200 ] || { echo "the layout body was answered with $status:" >&2; cat "$out/answer.json" >&2; exit 1; }

cat >"$out/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("$out/body.json", "rb")
wrk.body = file:read("*a")
file:close()
LUA

cat >"$out/report.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.requests))
end
LUA

# CPU seconds (user + system) the server has used so far. Requests per CPU
# second do not depend on what else the machine runs, unlike requests/s.
ticks_per_second=$(getconf CLK_TCK)
# `weft serve` is a supervisor whose worker processes do the work: count them all.
server_cpu_ticks() {
    local total=0 pid ticks
    for pid in "$server" $(pgrep -P "$server"); do
        ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        total=$((total + ticks))
    done
    echo "$total"
}

run() {
    local name="$1" connections="$2" script="$3" path="$4"
    local threads=2
    local line before after
    before=$(server_cpu_ticks)
    line=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --timeout 5s --latency \
        -s "$script" "http://127.0.0.1:$port$path" | grep '^RESULT')
    after=$(server_cpu_ticks)
    read -r _ rps p50 p99 errors total <<<"$line"
    local cpu_us=$(( (after - before) * 1000000 / ticks_per_second / (total > 0 ? total : 1) ))
    printf '%-22s %5s conns  %10s req/s  p50 %7s ms  p99 %7s ms  server CPU %3s us/req  errors %s of %s\n' \
        "$name" "$connections" "$rps" "$p50" "$p99" "$cpu_us" "$errors" "$total"
}

# The POST script sets the body; wrk takes a single -s, so the report is appended to it.
cat "$out/report.lua" >>"$out/post.lua"
echo "body: $(wc -c <"$out/body.json") bytes; $duration s per run; $(nproc) cores shared by wrk and weft;" \
    "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for connections in 16 128; do
    run "GET /healthz" "$connections" "$out/report.lua" /healthz
    run "POST /v1/layout/node" "$connections" "$out/post.lua" /v1/layout/node
done
