#!/usr/bin/env python3
"""Small requests beside big ones, through a release `weft serve` on loopback.

Starts `weft serve --workers W --cache-mb 0` on a free port, then runs, for a
fixed time, W clients that post feed-10k container requests back to back
(each on its own keep-alive connection) and one client that posts a small
`POST /v1/layout/node` request every few milliseconds. Prints the small
request's latency (p50, p90, p99, max, from the request's first byte sent to
its answer's last byte read) and the big requests' throughput. With
`--baseline-seconds` it first times the small request alone on the idle server.

A bench, not a test: it prints figures and never asserts. Everything is bounded:
the run's length, the number of small requests, and each socket's timeout.

  scripts/bench-fairness.py [--binary .build/release/weft] [--workers 2] [--seconds 20]
"""
import argparse, os, socket, statistics, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FEED = os.path.join(ROOT, "bench", "feed.py")

SMALL = (b'{"root":{"type":"stack","direction":"vertical","spacing":4,"children":['
         b'{"type":"box","id":"a","style":{"height":20}},'
         b'{"type":"box","id":"b","style":{"height":40,"width":"60%"}}]},'
         b'"sizeRange":{"min":{"width":375,"height":0},"max":{"width":375,"height":1000}}}')


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request_bytes(path, body, accept=b"application/json"):
    return (b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: %s\r\n"
            b"Content-Length: %d\r\n\r\n" % (path.encode(), accept, len(body))) + body


class Connection:
    """One keep-alive connection that reads whole Content-Length answers."""

    def __init__(self, port, timeout):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def exchange(self, payload):
        self.sock.sendall(payload)
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        self.buffer = rest
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, body

    def _fill(self):
        data = self.sock.recv(1 << 20)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.buffer += data

    def close(self):
        self.sock.close()


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, int(round(p / 100.0 * (len(sorted_values) - 1)))))
    return sorted_values[k]


def time_small(port, until, gap, limit, timeout):
    """Latencies in ms of small node requests posted every `gap` seconds until `until`."""
    latencies = []
    conn = Connection(port, timeout)
    payload = request_bytes("/v1/layout/node", SMALL)
    try:
        while time.perf_counter() < until and len(latencies) < limit:
            began = time.perf_counter()
            status, _ = conn.exchange(payload)
            latencies.append((time.perf_counter() - began) * 1000)
            if status != 200:
                raise SystemExit("the small request got %d" % status)
            time.sleep(gap)
    finally:
        conn.close()
    return latencies


def big_client(port, body, until, timeout, done, errors):
    payload = request_bytes("/v1/layout", body)
    try:
        conn = Connection(port, timeout)
        try:
            while time.perf_counter() < until:
                began = time.perf_counter()
                status, answer = conn.exchange(payload)
                if status != 200:
                    errors.append("big request got %d: %r" % (status, answer[:200]))
                    return
                done.append((began, time.perf_counter(), len(answer)))
        finally:
            conn.close()
    except (OSError, ConnectionError) as error:
        errors.append("big client: %s" % error)


def summary(name, latencies):
    values = sorted(latencies)
    print("%s: n=%d p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms" % (
        name, len(values), percentile(values, 50), percentile(values, 90), percentile(values, 99),
        values[-1] if values else float("nan")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "weft"))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                        help="the server's --workers, and the number of big clients")
    parser.add_argument("--big-clients", type=int, help="default: as many as --workers")
    parser.add_argument("--cells", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the loaded run")
    parser.add_argument("--baseline-seconds", type=float, default=3.0, help="small requests alone first; 0 skips")
    parser.add_argument("--gap-ms", type=float, default=5.0, help="pause between small requests")
    parser.add_argument("--max-small", type=int, default=20000, help="small requests at most per phase")
    parser.add_argument("--timeout", type=float, default=30.0, help="socket timeout, seconds")
    args = parser.parse_args()
    big_clients = args.big_clients or args.workers

    body = subprocess.run([sys.executable, FEED, "--cells", str(args.cells), "--container", "table"],
                          check=True, capture_output=True, timeout=120).stdout
    port = free_port()
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--workers", str(args.workers), "--cache-mb", "0",
         "--log-level", "warning", "--max-body-bytes", str(max(8 << 20, 2 * len(body)))],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        line = server.stdout.readline()
        if b"listening" not in line:
            raise SystemExit("weft serve did not start: %r" % line)
        print("weft serve --workers %d --cache-mb 0; %d big clients posting feed-%d (%.1f MB), one small client"
              % (args.workers, big_clients, args.cells, len(body) / 1e6))
        # Warm-up: one big request and a few small ones, not counted.
        warm = Connection(port, args.timeout)
        warm.exchange(request_bytes("/v1/layout", body))
        for _ in range(20):
            warm.exchange(request_bytes("/v1/layout/node", SMALL))
        warm.close()
        if args.baseline_seconds > 0:
            idle = time_small(port, time.perf_counter() + args.baseline_seconds, args.gap_ms / 1000,
                              args.max_small, args.timeout)
            summary("small, idle server", idle)

        began = time.perf_counter()
        until = began + args.seconds
        done, errors = [], []
        threads = [threading.Thread(target=big_client, args=(port, body, until, args.timeout, done, errors))
                   for _ in range(big_clients)]
        for t in threads:
            t.start()
        time.sleep(0.5)  # every big client has a request in flight
        loaded = time_small(port, until, args.gap_ms / 1000, args.max_small, args.timeout)
        for t in threads:
            t.join(timeout=args.timeout + args.seconds)
        ended = time.perf_counter()
        if errors:
            raise SystemExit("; ".join(errors))
        summary("small, beside the big clients", loaded)
        # Throughput over the loaded window: requests that finished inside it.
        finished = [d for d in done if d[1] <= until]
        durations = sorted((d[1] - d[0]) * 1000 for d in finished)
        window = until - began
        print("big: %d requests in %.1f s = %.2f req/s (%.0f cells/s); latency median %.0f ms, max %.0f ms"
              % (len(finished), window, len(finished) / window, len(finished) * args.cells / window,
                 statistics.median(durations) if durations else float("nan"),
                 durations[-1] if durations else float("nan")))
        _ = ended
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
