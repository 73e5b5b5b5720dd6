#!/usr/bin/env python3
"""The scroll loop's costs, through a release `weft serve` on loopback.

For a feed of N posts (bench/feed.py, text cells by default) that the server already
knows (laid out once in full):

- upload: the bytes of a scroll step that sends every cell as a ref, against the
  full request (raw JSON, and gzip level 6 as a client would send it);
- download: the bytes of the `hints` answer against the `full` answer;
- a hints step (refs, `answer: hints`, the content offset moved each time): the
  server's time, read from its request log (`duration_ms`: from the event-loop turn
  that received the whole request to the answer serialized, before it is written),
  and the time the client saw;
- an append step (the first N - B posts as refs, B new posts with content, `answer:
  frames`) against a cold request of the B new posts alone and a cold request of N
  new posts (every cell new to the server's caches: each run's posts carry a word
  of their own).

Prints each figure and medians of one run. A bench, not a test: it never asserts.

  swift build -c release --product weft --scratch-path .build-rel
  scripts/bench-scroll.py [--binary .build-rel/release/weft] [--cells 1000] [--batch 50] [--boxes]
"""
import argparse
import gzip
import http.client
import json
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "bench"))
from feed import stack_cell  # noqa: E402


def post_node(i: int, with_text: bool, salt: str) -> dict:
    """Post i of feed.py; a `salt` makes its content new to the server."""
    node = stack_cell(i, with_text)
    if salt:
        body = node["child"]["children"][1]["children"][1]
        if with_text:
            body["text"] += " " + salt
        else:
            body["style"]["height"] += int(salt.strip("run")) / 1024
    return node


class Server:
    def __init__(self, binary: str, extra: list):
        self.log = tempfile.NamedTemporaryFile(prefix="weft-bench-scroll-", suffix=".log", delete=False)
        self.proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "info",
                                      *extra], stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL)
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        line = self.proc.stdout.readline().decode() if ready else ""
        match = re.search(r":(\d+)\s*$", line)
        if not match:
            self.stop()
            raise SystemExit(f"weft serve did not report its port: {line!r}")
        self.conn = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=120)

    def post(self, body: bytes):
        """(status, answer bytes, client seconds, request id) over one keep-alive connection."""
        start = time.perf_counter()
        self.conn.request("POST", "/v1/layout", body=body, headers={"content-type": "application/json"})
        response = self.conn.getresponse()
        payload = response.read()
        seconds = time.perf_counter() - start
        if response.status != 200:
            raise SystemExit(f"HTTP {response.status}: {payload[:300]!r}")
        return payload, seconds, response.getheader("x-request-id")

    def server_ms(self) -> dict:
        """duration_ms of every logged request, by request id."""
        self.log.flush()
        times = {}
        with open(self.log.name, errors="replace") as f:
            for line in f:
                rid = re.search(r"request_id=(\S+)", line)
                ms = re.search(r"duration_ms=([\d.]+)", line)
                if rid and ms:
                    times[rid.group(1)] = float(ms.group(1))
        return times

    def stop(self):
        self.conn.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.unlink(self.log.name)


def encode(doc: dict) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode()


def container(offset_y: float = 0) -> dict:
    return {"type": "table", "bounds": {"width": 375, "height": 667}, "contentOffset": {"x": 0, "y": offset_y}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build-rel", "release", "weft"))
    ap.add_argument("--cells", type=int, default=1000)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--boxes", action="store_true", help="feed.py's fixed-height boxes instead of text cells")
    ap.add_argument("--steps", type=int, default=51, help="hints steps")
    ap.add_argument("--runs", type=int, default=9, help="append steps and cold requests of each kind")
    ap.add_argument("--server-args", default="", help="more `weft serve` arguments, space-separated")
    a = ap.parse_args()
    with_text = not a.boxes
    n, b = a.cells, a.batch
    server = Server(a.binary, a.server_args.split())
    try:
        feed = [{"id": f"post-{i}", "node": post_node(i, with_text, "")} for i in range(n)]
        full_body = encode({"container": container(), "items": feed, "answer": "full"})
        full_answer, full_seconds, _ = server.post(full_body)
        server.post(full_body)  # the feed is known and laid out: what a scrolling client meets
        keys = [cell["key"] for cell in json.loads(full_answer)["sections"][0]["items"]]
        refs = [{"id": f"post-{i}", "ref": keys[i]} for i in range(n)]

        # Hints steps: every cell a ref, the offset moving down the feed.
        hints_ids, hints_client, hints_bytes, step_bytes = [], [], [], []
        for step in range(a.steps):
            body = encode({"container": container(150.0 * step), "items": refs, "answer": "hints"})
            step_bytes.append(body)
            answer, seconds, rid = server.post(body)
            hints_bytes.append(len(answer))
            hints_client.append(seconds)
            hints_ids.append(rid)
        full_again, full_again_seconds, full_rid = server.post(full_body)

        # Append steps and cold requests, each run with posts of its own.
        rows = {"append": [], "cold batch": [], "cold feed": []}
        for run in range(a.runs):
            salt = f"run{run + 1}"
            new = [{"id": f"new-{run}-{j}", "node": post_node(n + j, with_text, salt)} for j in range(b)]
            append = encode({"container": container(), "items": refs[:n - b] + new, "answer": "frames"})
            _, seconds, rid = server.post(append)
            rows["append"].append((seconds, rid, len(append)))
            cold_new = [{"id": f"cold-{run}-{j}", "node": post_node(n + b + j, with_text, salt)} for j in range(b)]
            cold = encode({"container": container(), "items": cold_new})
            _, seconds, rid = server.post(cold)
            rows["cold batch"].append((seconds, rid, len(cold)))
            if run < max(3, a.runs // 2):
                cold_feed = [{"id": f"all-{run}-{i}", "node": post_node(i, with_text, salt)} for i in range(n)]
                body = encode({"container": container(), "items": cold_feed})
                _, seconds, rid = server.post(body)
                rows["cold feed"].append((seconds, rid, len(body)))
        logged = server.server_ms()
    finally:
        server.stop()

    med = statistics.median
    step = step_bytes[0]
    print(f"feed: {n} posts ({'text' if with_text else 'boxes'}), table 375 x 667, one `weft serve` on loopback")
    print(f"upload   full request {len(full_body):>9} B   gzip {len(gzip.compress(full_body, 6)):>8} B")
    print(f"         refs-only hints step {len(step):>4} B   gzip {len(gzip.compress(step, 6)):>8} B   "
          f"ratio {len(step) / len(full_body):.2%} raw, "
          f"{len(gzip.compress(step, 6)) / len(gzip.compress(full_body, 6)):.2%} gzip   (target <= 5%)")
    print(f"download full answer  {len(full_again):>9} B   gzip {len(gzip.compress(full_again, 6)):>8} B")
    print(f"         hints answer {med(hints_bytes):>9.0f} B   ratio {med(hints_bytes) / len(full_again):.2%}   "
          f"(target <= 3%)")
    server_hints = [logged[r] for r in hints_ids if r in logged]
    client_ms = [s * 1000 for s in hints_client]
    print(f"hints step ({a.steps} steps): server {med(server_hints):.3f} ms median "
          f"(min {min(server_hints):.3f}, max {max(server_hints):.3f}), client {med(client_ms):.3f} ms median; "
          f"target <= 1 ms server")
    print(f"full request, feed known: server {logged.get(full_rid, float('nan')):.3f} ms, "
          f"client {full_again_seconds * 1000:.3f} ms (first, cold: client {full_seconds * 1000:.1f} ms)")
    for name, label in (("append", f"append step ({n - b} refs + {b} new, frames)"),
                        ("cold batch", f"cold request of {b} new posts"),
                        ("cold feed", f"cold request of {n} new posts")):
        values = rows[name]
        server_ms = [logged[r] for _, r, _ in values if r in logged]
        print(f"{label:<42} server {med(server_ms):8.2f} ms  client {med(s for s, _, _ in values) * 1000:8.2f} ms"
              f"  upload {med(size for _, _, size in values):>9.0f} B  (median of {len(values)})")
    append_ms = med(logged[r] for _, r, _ in rows["append"] if r in logged)
    batch_ms = med(logged[r] for _, r, _ in rows["cold batch"] if r in logged)
    feed_ms = med(logged[r] for _, r, _ in rows["cold feed"] if r in logged)
    print(f"append / cold {b}: {append_ms / batch_ms:.2f}x   append / cold {n}: {append_ms / feed_ms:.2f}x")


if __name__ == "__main__":
    main()
