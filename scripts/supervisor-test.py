#!/usr/bin/env python3
"""Worker processes under the supervisor of `weft serve`, all on 127.0.0.1:

1. A worker is SIGKILLed under a bounded load of layout POSTs: only the requests it had
   in flight fail, /healthz answers within a second, weft_worker_restarts_total shows the
   restart, and the supervisor is the same process throughout.
2. A second `weft serve` on the port exits non-zero and says the address is in use,
   while the first keeps serving.
3. SIGTERM drains: with two workers, a request half-sent before the signal is answered,
   new connections are refused, and the supervisor and both workers exit, the
   supervisor with 0.
4. A worker gives memory back once requests stop: after a burst of concurrent feed-10k
   tables (cache off), it releases within a few seconds of quiet (weft_idle_memory_releases_total
   counts it) and its resident memory falls. How far it falls depends on the allocator (the
   free top of each thread's arena stays mapped): the figures are printed, not asserted.

Logs stay in .build-artifacts/supervisor/."""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ folders in the worktree
sys.path.insert(0, os.path.join(ROOT, "e2e", "scaleout"))
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from load import Load  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "bench"))
from feed import stack_cell  # noqa: E402
from weft_server import WeftServer  # noqa: E402

REQUEST = json.dumps({
    "sizeRange": {"min": {"width": 375, "height": 0}, "max": {"width": 375, "height": None}},
    "root": {"type": "stack", "direction": "vertical", "spacing": 8, "children": [
        {"type": "text", "id": f"line{i}", "font": {"family": "DejaVu Sans", "size": 14},
         "text": "A worker that dies costs only the requests it had in flight."} for i in range(8)]},
}).encode()


def children(pid: int) -> set:
    """The live child processes of `pid`, from /proc."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def metric(url: str, name: str):
    with urllib.request.urlopen(url + "/metrics", timeout=5) as r:
        match = re.search(rf"^{name} (\S+)$", r.read().decode(), re.M)
    return float(match.group(1)) if match else None


class KillLoad(Load):
    """Load's bounded POSTs, with each request stamped with when it was sent, so a
    failure can be told apart: in flight when the worker died (allowed), or sent later
    (not allowed). A connection the dead worker held fails its next request without any
    answer; like any HTTP client meeting a stale keep-alive connection, this load then
    retries once on a new one."""

    def __init__(self, url: str, total: int, workers: int, time_limit: float):
        super().__init__(url, "/v1/layout/node", {}, lambda _: None, total, workers, time_limit)
        self.body = REQUEST
        self.kill_at = None  # monotonic time of the SIGKILL
        self.in_flight_failures, self.late_failures, self.stale_retries = [], [], 0

    def _post(self, conn):
        conn.request("POST", self.path, body=self.body, headers={"content-type": "application/json"})
        response = conn.getresponse()
        body = response.read()
        if response.status != 200 or not json.loads(body).get("size"):
            raise ValueError(f"HTTP {response.status}: {body[:200]!r}")

    def _connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=30), time.monotonic()

    def _worker(self):
        conn, opened = None, 0.0
        while self._next():
            sent = time.monotonic()
            problem = None
            try:
                if conn is None:
                    conn, opened = self._connect()
                self._post(conn)
            except (OSError, http.client.HTTPException, ValueError) as e:
                problem = f"{type(e).__name__}: {e}"
                conn.close()
                conn = None
                kill_at = self.kill_at
                stale = (kill_at is not None and opened < kill_at <= sent
                         and isinstance(e, (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)))
                if stale:
                    with self.lock:
                        self.stale_retries += 1
                    try:
                        conn, opened = self._connect()
                        self._post(conn)
                        problem = None
                    except (OSError, http.client.HTTPException, ValueError) as retry_error:
                        problem = f"retry on a new connection: {type(retry_error).__name__}: {retry_error}"
                        conn.close()
                        conn = None
            with self.lock:
                self.completed += 1
                if problem:
                    in_flight = self.kill_at is not None and sent < self.kill_at
                    (self.in_flight_failures if in_flight else self.late_failures).append(problem)
                action = self.triggers.pop(self.completed, None)
            if action:
                action()
        if conn is not None:
            conn.close()


def kill_a_worker(binary: str, out: str, problems: list):
    concurrency = 8
    with WeftServer(binary, os.path.join(out, "kill.log"), "--drain-timeout", "5") as server:
        supervisor = server.proc.pid
        workers_before = children(supervisor)
        if len(workers_before) != 1:
            problems.append(f"expected one worker process by default, found {sorted(workers_before)}")
            return
        victim = next(iter(workers_before))
        load = KillLoad(server.url, total=1500, workers=concurrency, time_limit=120)
        healthz_after = []

        def kill():
            load.kill_at = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            # /healthz on fresh connections until one answers, each try bounded.
            while time.monotonic() - load.kill_at < 5:
                try:
                    with urllib.request.urlopen(server.url + "/healthz", timeout=1) as r:
                        if r.status == 200:
                            healthz_after.append(time.monotonic() - load.kill_at)
                            return
                except OSError:
                    time.sleep(0.01)

        load.at(300, lambda: threading.Thread(target=kill, daemon=True).start())
        load.run()
        time.sleep(0.2)
        restarts = metric(server.url, "weft_worker_restarts_total")
        workers_after = children(supervisor)
        answered = f"{healthz_after[0] * 1000:.0f} ms after the kill" if healthz_after else "never"
        print(f"supervisor: {load.completed} requests, worker {victim} SIGKILLed after 300; "
              f"{len(load.in_flight_failures)} in flight failed, {len(load.late_failures)} sent later failed, "
              f"{load.stale_retries} stale keep-alive connections retried; /healthz answered {answered}")
        if load.completed != load.total:
            problems.append(f"only {load.completed} of {load.total} requests completed in time")
        if len(load.in_flight_failures) > concurrency:
            problems.append(f"{len(load.in_flight_failures)} in-flight requests failed, more than the "
                            f"{concurrency} connections could have had in flight")
        if load.late_failures:
            problems.append(f"requests sent after the kill failed: {load.late_failures[:3]}")
        if not healthz_after or healthz_after[0] > 1.0:
            problems.append(f"/healthz did not answer within a second of the kill ({healthz_after})")
        if restarts != 1:
            problems.append(f"weft_worker_restarts_total is {restarts}, not 1")
        if server.proc.poll() is not None or not alive(supervisor):
            problems.append("the supervisor did not survive")
        if victim in workers_after or len(workers_after) != 1:
            problems.append(f"workers after the kill: {sorted(workers_after)}, killed {victim}")

        # A second server on the same port must fail loudly, not share it.
        second = subprocess.run([binary, "serve", "--host", "127.0.0.1", "--port", str(server.port)],
                                capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
        said = second.stderr.decode(errors="replace")
        print(f"supervisor: a second weft serve on port {server.port} exited {second.returncode}: {said.strip()[-120:]}")
        if second.returncode == 0 or "address already in use" not in said.lower():
            problems.append(f"a second server on a taken port exited {second.returncode} saying {said[-300:]!r}")
        with urllib.request.urlopen(server.url + "/healthz", timeout=5) as r:
            if r.status != 200:
                problems.append("the first server stopped answering after the second one tried its port")


def read_response(sock: socket.socket) -> bytes:
    """One whole response with a Content-Length body, or what came before the peer closed."""
    answer = b""
    while True:
        head_end = answer.find(b"\r\n\r\n")
        if head_end >= 0:
            length = re.search(rb"content-length: *(\d+)", answer[:head_end], re.I)
            if len(answer) >= head_end + 4 + int(length.group(1) if length else 0):
                return answer
        chunk = sock.recv(65536)
        if not chunk:
            return answer
        answer += chunk


def sigterm_drains(binary: str, out: str, problems: list):
    server = WeftServer(binary, os.path.join(out, "drain.log"), "--processes", "2", "--drain-timeout", "10")
    try:
        supervisor = server.proc.pid
        workers = children(supervisor)
        if len(workers) != 2:
            problems.append(f"--processes 2 started {sorted(workers)}")
        half = len(REQUEST) // 2
        client = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        client.sendall(b"POST /v1/layout/node HTTP/1.1\r\nHost: weft\r\nContent-Type: application/json\r\n"
                       + f"Content-Length: {len(REQUEST)}\r\n\r\n".encode() + REQUEST[:half])
        time.sleep(0.3)  # the request has reached a worker and is in flight
        server.terminate()
        time.sleep(0.5)
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
            problems.append("a new connection was accepted while draining")
        except OSError:
            pass
        client.sendall(REQUEST[half:])
        answer = read_response(client)
        client.close()
        status = answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/1.1 ") else answer[:40]
        code = server.wait(timeout=30)
        print(f"supervisor: SIGTERM with a request half sent: answered {status.decode(errors='replace')}, "
              f"supervisor exited {code}, workers left {sorted(w for w in workers if alive(w))}")
        if status != b"200":
            problems.append(f"the in-flight request was answered {answer[:200]!r}")
        if code != 0:
            problems.append(f"the supervisor exited {code}, not 0, after draining")
        if any(alive(w) for w in workers):
            problems.append("worker processes outlived the drain")
    finally:
        server.stop()


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def memory_returns_when_quiet(binary: str, out: str, problems: list):
    body = json.dumps({"container": {"type": "table", "bounds": {"width": 375, "height": 667}},
                       "items": [{"id": f"post-{i}", "node": stack_cell(i, False)} for i in range(10_000)]},
                      separators=(",", ":")).encode()
    with WeftServer(binary, os.path.join(out, "memory.log"), "--cache-mb", "0") as server:
        workers = children(server.proc.pid)
        if len(workers) != 1:
            problems.append(f"memory: expected one worker process, found {len(workers)}")
            return
        worker = workers.pop()
        before = resident_kib(worker)

        def post():
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            conn.request("POST", "/v1/layout", body=body, headers={"content-type": "application/json"})
            conn.getresponse().read()
            conn.close()

        threads = [threading.Thread(target=post) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        after_burst = resident_kib(worker)
        # The worker releases after two quiet seconds, checked every second. Its
        # memory is read from /proc meanwhile: a request (/metrics) would break the quiet.
        time.sleep(4)
        quiet = resident_kib(worker)
        releases = metric(server.url, "weft_idle_memory_releases_total")
        print(f"memory: worker resident {before / 1024:.1f} MiB before, {after_burst / 1024:.1f} MiB after "
              f"8 concurrent feed-10k, {quiet / 1024:.1f} MiB once quiet; {releases} release(s)")
        if not releases or releases < 1:
            problems.append(f"memory: no release counted after 4 quiet seconds ({releases})")
        if quiet >= after_burst:
            problems.append(f"memory: resident {after_burst} KiB after the burst, still {quiet} KiB once quiet")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weft", required=True, help="the weft binary")
    ap.add_argument("--out", default=os.path.join(ROOT, ".build-artifacts", "supervisor"))
    args = ap.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    problems = []
    kill_a_worker(args.weft, args.out, problems)
    sigterm_drains(args.weft, args.out, problems)
    memory_returns_when_quiet(args.weft, args.out, problems)
    for p in problems:
        print("FAIL " + p)
    print("supervisor: " + ("ok" if not problems else "FAILED"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
