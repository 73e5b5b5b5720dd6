#!/usr/bin/env python3
"""The cost of nesting, through a release `weft serve` on loopback.

feed-N (bench/feed.py) whose cells each also hold a strip of K cards, sent two ways:
as a nested horizontal collection (`--strip K`), and with the same cards flattened
into a horizontal stack of the cell's own tree (`--strip K --flatten-strip`). The
two are posted in turn over one keep-alive connection, so that the machine's load
hits both alike, and the medians of one run are compared:

- cold: a server started with `--cache-mb 0`, so every request lays every cell
  (and every card) out;
- repeated: a server with the embedded default configuration, where a repeated
  request finds its cells in the cell cache.

For each: the time the client saw (request sent to answer read) and the server
worker's CPU time over the request (all its threads, /proc schedstat).
A bench, not a test: it never asserts.

  swift build -c release --product weft --scratch-path .build-rel
  scripts/bench-nested.py [--binary .build-rel/release/weft] [--cells 1000] [--cards 10] [--runs 15]
"""
import argparse
import importlib.util
import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "bench"))
from feed import stack_cell, strip  # noqa: E402

# The server wrapper of the scroll bench: start on a free port, POST, worker CPU time.
_spec = importlib.util.spec_from_file_location("bench_scroll", os.path.join(ROOT, "scripts", "bench-scroll.py"))
bench_scroll = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_scroll)


def feed(cells: int, cards: int, flattened: bool) -> bytes:
    items = [{"id": f"post-{i}", "node": {"type": "stack", "direction": "vertical",
                                           "children": [stack_cell(i, False), strip(cards, flattened)]}}
             for i in range(cells)]
    doc = {"container": {"type": "table", "bounds": {"width": 375, "height": 667}}, "pointScale": 2, "items": items}
    return json.dumps(doc, separators=(",", ":")).encode()


def measure(binary: str, server_args: list, bodies: dict, runs: int) -> dict:
    server = bench_scroll.Server(binary, server_args)
    try:
        for body in bodies.values():
            server.post(body)  # each feed once before timing: the process warm, the cache filled
        timings = {name: [] for name in bodies}
        for _ in range(runs):
            for name, body in bodies.items():
                timings[name].append(server.post(body)[1])
        return timings
    finally:
        server.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build-rel", "release", "weft"))
    ap.add_argument("--cells", type=int, default=1000)
    ap.add_argument("--cards", type=int, default=10)
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()
    bodies = {"nested": feed(a.cells, a.cards, False), "flattened": feed(a.cells, a.cards, True)}
    med = statistics.median
    print(f"feed-{a.cells} table, a {a.cards}-card strip per row; nested {len(bodies['nested'])} B, "
          f"flattened {len(bodies['flattened'])} B; {a.runs} runs of each, in turn; medians:")
    for label, args in (("cold (--cache-mb 0)", ["--cache-mb", "0"]), ("repeated (default configuration)", [])):
        timings = measure(a.binary, args, bodies, a.runs)
        client = {name: med(t.client_ms for t in ts) for name, ts in timings.items()}
        cpu = {name: med(t.cpu_ms for t in ts) for name, ts in timings.items()}
        print(f"  {label}")
        print(f"    client  nested {client['nested']:7.1f} ms  flattened {client['flattened']:7.1f} ms  "
              f"nested / flattened {client['nested'] / client['flattened']:.2f}x")
        print(f"    server  nested {cpu['nested']:7.1f} ms  flattened {cpu['flattened']:7.1f} ms  "
              f"nested / flattened {cpu['nested'] / cpu['flattened']:.2f}x (worker CPU)")


if __name__ == "__main__":
    main()
