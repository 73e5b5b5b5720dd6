#!/usr/bin/env python3
"""The scroll loop's costs, through a release `weft serve` on loopback.

For a feed of N posts (bench/feed.py, text cells by default) that the server already
knows (laid out once in full):

- upload: the bytes of a scroll step that sends every cell as a ref, against the
  full request (raw JSON, and gzip level 6 as a client would send it);
- download: the bytes of the `hints` answer against the `full` answer;
- a hints step (refs, `answer: hints`, the content offset moved each time): the
  server worker's CPU time over the request (all its threads, from /proc schedstat:
  the figure that a machine shared with other work does not inflate), the server's
  wall-clock time from its request log (`duration_ms`: from the event-loop turn that
  received the whole request to the answer serialized, before it is written), and
  the time the client saw;
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
        # `weft serve` is a supervisor; the requests are served by its worker process.
        with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children") as f:
            self.worker = int(f.read().split()[0])

    def cpu_ns(self) -> int:
        """The worker's CPU time so far, every thread's (schedstat: nanoseconds on a CPU)."""
        total = 0
        for task in os.listdir(f"/proc/{self.worker}/task"):
            try:
                with open(f"/proc/{self.worker}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                pass  # a thread that ended between the listing and the read
        return total

    def post(self, body: bytes):
        """(answer bytes, Timing) of one POST over one keep-alive connection."""
        cpu = self.cpu_ns()
        start = time.perf_counter()
        self.conn.request("POST", "/v1/layout", body=body, headers={"content-type": "application/json"})
        response = self.conn.getresponse()
        payload = response.read()
        seconds = time.perf_counter() - start
        cpu_ms = (self.cpu_ns() - cpu) / 1e6
        if response.status != 200:
            raise SystemExit(f"HTTP {response.status}: {payload[:300]!r}")
        return payload, Timing(seconds * 1000, cpu_ms, response.getheader("x-request-id"), len(body))

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


class Timing:
    """One request: the client's wall-clock ms, the server worker's CPU ms, the
    request id (for the server's logged wall-clock ms) and the bytes uploaded."""

    def __init__(self, client_ms: float, cpu_ms: float, request_id: str, upload: int):
        self.client_ms, self.cpu_ms, self.request_id, self.upload = client_ms, cpu_ms, request_id, upload
        self.server_ms = float("nan")


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
        full_answer, first = server.post(full_body)
        server.post(full_body)  # the feed is known and laid out: what a scrolling client meets
        keys = [cell["key"] for cell in json.loads(full_answer)["sections"][0]["items"]]
        refs = [{"id": f"post-{i}", "ref": keys[i]} for i in range(n)]

        # Hints steps: every cell a ref, the offset moving down the feed.
        hints, hints_bytes = [], []
        for step in range(a.steps):
            body = encode({"answer": "hints", "container": container(150.0 * step), "items": refs})
            answer, timing = server.post(body)
            hints_bytes.append(len(answer))
            hints.append(timing)
        step_body = body
        full_again, full_known = server.post(full_body)

        # Append steps and cold requests, each run with posts of its own.
        rows = {"append": [], "cold batch": [], "cold feed": []}
        for run in range(a.runs):
            salt = f"run{run + 1}"
            new = [{"id": f"new-{run}-{j}", "node": post_node(n + j, with_text, salt)} for j in range(b)]
            rows["append"].append(server.post(encode(
                {"container": container(), "items": refs[:n - b] + new, "answer": "frames"}))[1])
            cold_new = [{"id": f"cold-{run}-{j}", "node": post_node(n + b + j, with_text, salt)} for j in range(b)]
            rows["cold batch"].append(server.post(encode({"container": container(), "items": cold_new}))[1])
            if run < max(3, a.runs // 2):
                cold_feed = [{"id": f"all-{run}-{i}", "node": post_node(i, with_text, salt)} for i in range(n)]
                rows["cold feed"].append(server.post(encode({"container": container(), "items": cold_feed}))[1])
        logged = server.server_ms()
    finally:
        server.stop()
    for timing in [first, full_known, *hints, *(t for values in rows.values() for t in values)]:
        timing.server_ms = logged.get(timing.request_id, float("nan"))

    med = statistics.median
    gz = lambda data: len(gzip.compress(data, 6))  # noqa: E731
    print(f"feed: {n} posts ({'text' if with_text else 'boxes'}), table 375 x 667, one `weft serve` on loopback; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("server cpu: the worker's CPU time over the request, all threads (/proc schedstat); server wall: its "
          "request log's duration_ms; client: wall-clock from sending to the answer read")
    print(f"upload   full request {len(full_body):>9} B  gzip {gz(full_body):>8} B")
    print(f"         refs-only step {len(step_body):>7} B  gzip {gz(step_body):>8} B  "
          f"= {len(step_body) / len(full_body):.2%} of the full request raw, {gz(step_body) / gz(full_body):.2%} gzipped"
          f"  (target <= 5%)")
    print(f"download full answer  {len(full_again):>9} B  gzip {gz(full_again):>8} B")
    print(f"         hints answer {med(hints_bytes):>9.0f} B  = {med(hints_bytes) / len(full_again):.2%} "
          f"of the full answer  (target <= 3%)")

    def line(label, timings):
        print(f"{label:<44} server cpu {med(t.cpu_ms for t in timings):7.2f} ms  wall {med(t.server_ms for t in timings):7.2f} ms"
              f"  client {med(t.client_ms for t in timings):7.2f} ms  upload {med(t.upload for t in timings):>8.0f} B"
              f"  (median of {len(timings)})")

    line(f"hints step ({n} refs; target <= 1 ms)", hints)
    line(f"full request, {n} posts known", [full_known])
    line(f"full request, {n} posts cold (the first)", [first])
    line(f"append step ({n - b} refs + {b} new, frames)", rows["append"])
    line(f"cold request of {b} new posts", rows["cold batch"])
    line(f"cold request of {n} new posts", rows["cold feed"])
    for measure in ("cpu_ms", "server_ms"):
        append, batch, whole = (med(getattr(t, measure) for t in rows[k]) for k in ("append", "cold batch", "cold feed"))
        print(f"append step by {'server cpu' if measure == 'cpu_ms' else 'server wall'}: "
              f"{append / batch:.2f}x a cold {b}-post request, {append / whole:.2f}x a cold {n}-post request")

if __name__ == "__main__":
    main()
