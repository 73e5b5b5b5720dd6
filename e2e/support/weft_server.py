"""Starts `weft serve` on 127.0.0.1 with a port the kernel picks, for the script tests.

`--port 0` plus the one line weft prints on stdout ("weft listening on http://host:port")
means no guessed port can be taken by someone else between choosing and binding."""
import os
import re
import select
import signal
import subprocess
import time
import urllib.request


def wait_until_healthy(proc: subprocess.Popen, url: str) -> bool:
    """Polls `url`/healthz until it answers 200 (bounded: about ten seconds of refusals);
    False once `proc` has exited or if it never answered."""
    for _ in range(100):
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(0.1)
    return False


class WeftServer:
    def __init__(self, binary: str, log_path: str, *extra_args: str, env: dict = None, port: int = 0):
        """`port` 0 lets the kernel pick; another is for a restart on the port a stopped server had."""
        self.log = open(log_path, "wb")
        self.proc = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(port), *extra_args],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL,
            env={**os.environ, **(env or {})})
        self.port = self._read_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._wait_healthy()

    def _read_port(self) -> int:
        # Bounded so a binary that never prints fails the test instead of hanging it.
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        line = self.proc.stdout.readline().decode() if ready else ""
        match = re.search(r"listening on https?://[^:]+:(\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"weft serve did not report its port (got {line!r}); see {self.log.name}")
        return int(match.group(1))

    def _wait_healthy(self):
        if wait_until_healthy(self.proc, self.url):
            return
        if self.proc.poll() is not None:
            raise RuntimeError(f"weft serve exited with {self.proc.returncode}; see {self.log.name}")
        self.stop()
        raise RuntimeError("weft serve never answered /healthz")

    def terminate(self):
        """SIGTERM: weft drains in-flight requests, then exits 0."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)

    def wait(self, timeout: float = 60) -> int:
        return self.proc.wait(timeout=timeout)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
