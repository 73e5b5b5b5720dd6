"""A minimal Chrome DevTools Protocol client for headless Chromium, standard library only.

Chromium is started with --remote-debugging-pipe: it reads NUL-terminated JSON messages
on fd 3 and writes them on fd 4. A pipe opens no port (nothing else on the machine can
drive the browser) and needs no WebSocket framing and no WebDriver download."""
import fcntl
import json
import os
import select
import shutil
import signal
import tempfile
import time


class CDPError(RuntimeError):
    pass


def _high_fd(fd: int) -> int:
    """posix_spawn's dup2 onto 3 or 4 is a no-op (and keeps close-on-exec) when the
    source already is 3 or 4, so every pipe end is moved above them first."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise CDPError("no chromium on PATH (apt-get install chromium)")


class Browser:
    """One headless Chromium process and its DevTools pipe. Use as a context manager:
    the process is killed and its profile removed on exit, whatever happens."""

    def __init__(self, log_path: str, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="weft-chromium-")
        self._next_id = 0
        self._buffer = b""
        self._events = []
        to_browser_r, to_browser_w = (_high_fd(fd) for fd in os.pipe())
        from_browser_r, from_browser_w = (_high_fd(fd) for fd in os.pipe())
        args = [
            find_chromium(), "--headless", "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            # The sandbox needs user namespaces that CI containers often lack; the browser
            # only ever loads the test's own loopback page.
            "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            # As the text suite's ground truth was taken (conformance/text/README.md).
            "--force-device-scale-factor=1", "--lang=en-US", "--hide-scrollbars",
            # No traffic beyond loopback: no updates, sync, field trials or pings.
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-default-apps",
            "--disable-extensions", "--no-pings", "--disable-domain-reliability",
            "--disable-breakpad", "--disable-field-trial-config", "--mute-audio",
            "about:blank",
        ]
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        devnull = os.open(os.devnull, os.O_RDONLY)
        try:
            self.pid = os.posix_spawn(args[0], args, dict(os.environ), file_actions=[
                (os.POSIX_SPAWN_DUP2, devnull, 0),
                (os.POSIX_SPAWN_DUP2, log, 1),
                (os.POSIX_SPAWN_DUP2, log, 2),
                (os.POSIX_SPAWN_DUP2, to_browser_r, 3),
                (os.POSIX_SPAWN_DUP2, from_browser_w, 4),
            ], setpgroup=0)
        finally:
            for fd in (log, devnull, to_browser_r, from_browser_w):
                os.close(fd)
        self._write_fd = to_browser_w
        self._read_fd = from_browser_r

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        for fd in (self._write_fd, self._read_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            # setpgroup=0 made the browser a group leader: its renderer and GPU helpers go with it.
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- protocol -------------------------------------------------------------------

    def send(self, method: str, params: dict = None, session: str = None) -> dict:
        """Sends one command and returns its result; events that arrive meanwhile are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._write_fd, data):]
        while True:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_event(self, method: str, session: str = None) -> dict:
        while True:
            for i, event in enumerate(self._events):
                if event["method"] == method and (session is None or event.get("sessionId") == session):
                    del self._events[i]
                    return event.get("params", {})
            reply = self._read_message()
            if "method" in reply:
                self._events.append(reply)

    def events(self, method: str) -> list:
        return [e.get("params", {}) for e in self._events if e["method"] == method]

    def _read_message(self) -> dict:
        # The deadline only keeps a wedged browser from hanging CI; no result depends on it.
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError(f"no message from chromium in {self.timeout:.0f} s")
            ready, _, _ = select.select([self._read_fd], [], [], left)
            if ready:
                chunk = os.read(self._read_fd, 1 << 20)
                if not chunk:
                    raise CDPError("chromium closed the DevTools pipe (did it start? see its log)")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)


class Page:
    """One tab, attached with a flat session."""

    def __init__(self, browser: Browser, width: int, height: int):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.resize(width, height)

    def send(self, method: str, params: dict = None) -> dict:
        return self.browser.send(method, params, self.session)

    def resize(self, width: int, height: int):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def navigate(self, url: str):
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event("Page.loadEventFired", self.session)

    def evaluate(self, expression: str):
        """Evaluates `expression` (awaiting it when it is a promise) and returns its JSON value."""
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"page threw: {text}")
        return result["result"].get("value")

    def move_mouse(self, x: float, y: float):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})

    def screenshot(self, path: str):
        import base64
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def console_messages(self) -> list:
        out = []
        for e in self.browser.events("Runtime.consoleAPICalled"):
            out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in e.get("args", [])))
        for e in self.browser.events("Runtime.exceptionThrown"):
            d = e.get("exceptionDetails", {})
            out.append("exception: " + (d.get("exception", {}).get("description") or d.get("text", "")))
        return out
