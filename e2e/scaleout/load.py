"""A bounded load: `total` POSTs over `workers` keep-alive connections, stopped early at a
time limit so it can never run away. Records every failure, and calls `at_count` once,
from whichever worker completes request number `at`."""
import http.client
import json
import threading
import time
import urllib.parse


class Load:
    def __init__(self, url: str, path: str, body: dict, check, total: int, workers: int, time_limit: float):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.path, self.body, self.check = path, json.dumps(body).encode(), check
        self.total, self.workers, self.time_limit = total, workers, time_limit
        self.lock = threading.Lock()
        self.issued = 0
        self.completed = 0
        self.failures = []
        self.triggers = {}

    def at(self, count: int, action):
        """Runs `action` once, right after the `count`-th request completes."""
        self.triggers[count] = action

    def run(self) -> None:
        self.deadline = time.monotonic() + self.time_limit
        threads = [threading.Thread(target=self._worker, daemon=True) for _ in range(self.workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def _next(self) -> bool:
        with self.lock:
            if self.issued >= self.total or time.monotonic() > self.deadline:
                return False
            self.issued += 1
            return True

    def _worker(self):
        conn = None
        while self._next():
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                conn.request("POST", self.path, body=self.body, headers={"content-type": "application/json"})
                response = conn.getresponse()
                data = response.read()
                problem = None if response.status == 200 else f"HTTP {response.status}: {data[:200]!r}"
                if problem is None:
                    problem = self.check(json.loads(data))
                if response.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException, ValueError) as e:
                problem = f"{type(e).__name__}: {e}"
                if conn is not None:
                    conn.close()
                conn = None
            action = None
            with self.lock:
                self.completed += 1
                if problem:
                    self.failures.append(problem)
                action = self.triggers.pop(self.completed, None)
            if action:
                action()
        if conn is not None:
            conn.close()

    @property
    def finished_in_time(self) -> bool:
        return self.completed == self.total
