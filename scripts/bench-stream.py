#!/usr/bin/env python3
"""Times streamed feed-10k answers through a release `weft serve` on loopback.

For each request: when the status line, the start record, the first cell record
and the end of the stream arrived, from the moment the request began to be sent.
Prints each request, then medians: cold (each cell new to the server's cache)
and warm (the same body again). A bench, not a test: it prints, never asserts.

  scripts/bench-stream.py [--cells 10000] [--runs 7] [--binary .build-http/release/weft]
"""
import argparse, os, socket, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FEED = os.path.join(ROOT, "bench", "feed.py")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def feed_body(cells, salt):
    """feed.py's table; `salt` renames the items so that a server's cache has not seen them."""
    out = subprocess.run([sys.executable, FEED, "--cells", str(cells), "--container", "table"],
                         check=True, capture_output=True).stdout
    return out.replace(b'"id":"post-', b'"id":"post-%d-' % salt) if salt else out


def timed_stream(port, body):
    head = (b"POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Accept: application/x-ndjson\r\nContent-Length: %d\r\n\r\n" % len(body))
    marks = {}
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        began = time.perf_counter()
        sock.sendall(head + body)
        seen = b""
        while True:
            data = sock.recv(1 << 20)
            now = time.perf_counter() - began
            if not data:
                break
            seen += data
            if "status" not in marks and b"\r\n" in seen:
                marks["status"] = now
            if "start" not in marks and b'{"record":"start"' in seen:
                marks["start"] = now
            if "cell" not in marks and b'{"record":"cell"' in seen:
                marks["cell"] = now
            if seen.endswith(b"\r\n0\r\n\r\n"):
                marks["end"] = now
                break
            # Keep only a tail: the markers are short.
            if len(seen) > 1 << 16 and "cell" in marks:
                seen = seen[-64:]
    if b'"record":"error"' in seen or "end" not in marks:
        raise SystemExit("the stream did not end well: %r" % seen[-300:])
    return marks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build-http", "release", "weft"))
    a = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([a.binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        rows = {"cold": [], "warm": []}
        for run in range(a.runs):
            body = feed_body(a.cells, run + 1)
            for kind in ("cold", "warm"):
                m = timed_stream(port, body)
                rows[kind].append(m)
                print("%-4s %d: %5.1f KB body, status %6.2f ms, start %6.2f ms, first cell %6.2f ms, end %7.2f ms, first/whole %.3f"
                      % (kind, run, len(body) / 1000, m["status"] * 1e3, m["start"] * 1e3, m["cell"] * 1e3, m["end"] * 1e3,
                         m["cell"] / m["end"]))
        for kind, ms in rows.items():
            med = lambda key: statistics.median(m[key] for m in ms)
            print("median %s (%d runs): first cell %.2f ms of %.2f ms, first/whole %.3f (median of ratios %.3f)"
                  % (kind, len(ms), med("cell") * 1e3, med("end") * 1e3, med("cell") / med("end"),
                     statistics.median(m["cell"] / m["end"] for m in ms)))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
