#!/usr/bin/env python3
"""The cost of nesting counted in instructions, which a busy machine does not change.

The cold bodies of scripts/bench-nested.py (feed-N whose cells each hold a strip
of K cards, nested or flattened into a stack) go through the cell engine in
process, on one thread, with the cache off (`WeftBench cells --phase cold
--workers 1`), under valgrind's callgrind with its cache simulation. A run of
one request and a run of three are counted, so that what the process does
once (start, read the file) drops out; per request it prints instructions,
first-level instruction and data cache misses, and callgrind's cycle
estimate (instructions + 10 x first-level misses + 100 x last-level misses).
Time on a shared machine varies by tens of percent from run to run; these
counts are the same every run, and the estimate follows time's ratio closely
enough to compare builds.

valgrind 3.19 cannot read the DWARF 5 of a Swift 6 build: the bench runs a
copy of WeftBench stripped of debug information (objcopy --strip-debug).
A bench, not a test: it never asserts.

  swift build -c release --product WeftBench --scratch-path .build-rel
  scripts/bench-nested-instructions.py [--bench .build-rel/release/WeftBench] [--cells 1000] [--cards 10]
"""
import argparse
import concurrent.futures
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
_spec = importlib.util.spec_from_file_location("bench_nested", os.path.join(ROOT, "scripts", "bench-nested.py"))
bench_nested = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_nested)

COUNTS = {"instructions": r"I\s+refs:", "L1i misses": r"I1\s+misses:", "L1d misses": r"D1\s+misses:",
          "LL misses": r"LL misses:"}


def count(binary: str, body: str, runs: int) -> dict:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--callgrind-out-file=/dev/null",
         binary, "cells", "--phase", "cold", "--workers", "1", "--runs", str(runs), "--file", body],
        capture_output=True, text=True, check=True).stderr
    return {name: int(re.search(pattern + r"\s+([\d,]+)", out).group(1).replace(",", ""))
            for name, pattern in COUNTS.items()}


def per_request(binary: str, body: str) -> dict:
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        one, three = pool.map(lambda runs: count(binary, body, runs), (1, 3))
    d = {name: (three[name] - one[name]) / 2 for name in COUNTS}
    d["estimate"] = d["instructions"] + 10 * (d["L1i misses"] + d["L1d misses"]) + 100 * d["LL misses"]
    return d


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=os.path.join(ROOT, ".build-rel", "release", "WeftBench"))
    ap.add_argument("--cells", type=int, default=1000)
    ap.add_argument("--cards", type=int, default=10)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="weft-nested-") as tmp:
        binary = os.path.join(tmp, "WeftBench")
        subprocess.run(["objcopy", "--strip-debug", a.bench, binary], check=True)
        results = {}
        for name, flattened in (("nested", False), ("flattened", True)):
            body = os.path.join(tmp, f"{name}.json")
            with open(body, "wb") as f:
                f.write(bench_nested.feed(a.cells, a.cards, flattened))
            results[name] = per_request(binary, body)
    print(f"feed-{a.cells} table, a {a.cards}-card strip per row, cache off, in process on one thread; per request:")
    for key in ("instructions", "L1i misses", "L1d misses", "estimate"):
        n, f = results["nested"][key], results["flattened"][key]
        print(f"  {key:13s} nested {n / 1e6:8.1f} M  flattened {f / 1e6:8.1f} M  nested / flattened {n / f:.2f}x")


if __name__ == "__main__":
    main()
