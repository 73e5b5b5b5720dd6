"""Starts Debian's `redis-server` on 127.0.0.1 for the script tests: a free port, no
persistence (nothing written to disk: no RDB snapshot, no append-only file), stopped
with the test. `kill()` and `pause()` stand for a store that dies or hangs."""
import os
import signal
import socket
import subprocess
import time


def free_port() -> int:
    # redis-server cannot be told to pick its own TCP port (0 turns TCP off); the
    # window between closing this socket and redis binding the port is the only guess.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, log_path: str, binary: str = "redis-server"):
        self.port = free_port()
        self.log = open(log_path, "wb")
        self.proc = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", os.path.dirname(os.path.abspath(log_path)), "--daemonize", "no", "--loglevel", "notice"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._wait_ready()

    def _wait_ready(self):
        # Bounded: about ten seconds of refused PINGs.
        for _ in range(100):
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}; see {self.log.name}")
            if self.command("PING") == "+PONG":
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("redis-server never answered PING")

    def command(self, *words: str) -> str:
        """The first line of Redis's reply to one inline command, or "" when it does not answer."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                s.sendall((" ".join(words) + "\r\n").encode())
                reply = b""
                while not reply.endswith(b"\r\n"):
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    reply += chunk
                return reply.decode(errors="replace").strip()
        except OSError:
            return ""

    def keys(self) -> int:
        """DBSIZE: how many keys the store holds."""
        reply = self.command("DBSIZE")
        return int(reply[1:]) if reply.startswith(":") else -1

    def pause(self):
        """SIGSTOP: the store still accepts connections (the kernel queues them) but never answers."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGSTOP)

    def kill(self):
        """SIGKILL: the store is gone at once; connections are refused."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
