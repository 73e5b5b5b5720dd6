#!/usr/bin/env python3
"""The cost of nesting, through a release `weft serve` on loopback.

feed-N (bench/feed.py) whose cells each also hold a strip of K cards, sent two ways:
as a nested horizontal collection (`--strip K`), and with the same cards flattened
into a horizontal stack of the cell's own tree (`--strip K --flatten-strip`). The
two are posted in turn over one keep-alive connection, so that the machine's load
hits both alike, and the medians of one run are compared:

- cold: a server started with `--cache-mb 0`, so every request lays every cell
  (and every card) out;
- new rows: the embedded default configuration, each post of each run new to the
  server (a body height of its own), the cards the same as before: every row is
  laid out, and its nested cards are found in the cell cache as any cell would be;
- new rows and cards: the same, with every card new as well (a caption width of
  its own): every row and every card is laid out, and stored in the cache;
- repeated: the embedded default configuration, the same request again: its
  rows are found in the cell cache.

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


def feed(cells: int, cards: int, flattened: bool, run: int = 0, new_cards: bool = False) -> bytes:
    """`run` > 0 makes every post new, to the server and to the others: its
    body is taller by a fraction of a point of its own; `new_cards`: each of
    its cards' captions is wider by a fraction of its own."""
    def post(i):
        node = stack_cell(i, False)
        if run:
            node["child"]["children"][1]["children"][1]["style"]["height"] += (run * cells + i) / 2**20
        return node

    def post_strip(i):
        s = strip(cards, flattened)
        if new_cards:
            items = s["child"]["children"] if flattened else [item["node"] for item in s["items"]]
            for k, card in enumerate(items):
                card["children"][1]["style"]["preferredSize"]["width"] += ((run * cells + i) * cards + k) / 2**24
        return s
    items = [{"id": f"post-{i}", "node": {"type": "stack", "direction": "vertical",
                                           "children": [post(i), post_strip(i)]}}
             for i in range(cells)]
    doc = {"container": {"type": "table", "bounds": {"width": 375, "height": 667}}, "pointScale": 2, "items": items}
    return json.dumps(doc, separators=(",", ":")).encode()


def measure(binary: str, server_args: list, bodies, runs: int) -> dict:
    """`bodies(run)`: the requests of one run, by name; run 0 is posted once before timing."""
    server = bench_scroll.Server(binary, server_args)
    try:
        for body in bodies(0).values():
            server.post(body)  # the process warm and, with a cache, the cache filled
        timings = {}
        for run in range(1, runs + 1):
            for name, body in bodies(run).items():
                timings.setdefault(name, []).append(server.post(body)[1])
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
    same = {"nested": feed(a.cells, a.cards, False), "flattened": feed(a.cells, a.cards, True)}

    def new_rows(run):
        return {"nested": feed(a.cells, a.cards, False, run), "flattened": feed(a.cells, a.cards, True, run)}

    med = statistics.median
    print(f"feed-{a.cells} table, a {a.cards}-card strip per row; nested {len(same['nested'])} B, "
          f"flattened {len(same['flattened'])} B; {a.runs} runs of each, in turn; medians:")
    def new_rows_and_cards(run):
        return {name: feed(a.cells, a.cards, name == "flattened", run, new_cards=True)
                for name in ("nested", "flattened")}

    modes = (("cold (--cache-mb 0)", ["--cache-mb", "0"], lambda run: same),
             ("new rows (default configuration)", [], new_rows),
             ("new rows and cards (default configuration)", [], new_rows_and_cards),
             ("repeated (default configuration)", [], lambda run: same))
    for label, args, bodies in modes:
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
