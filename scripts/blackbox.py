#!/usr/bin/env python3
"""Starts `weft serve` on a free 127.0.0.1 port, runs ../shared/conformance/run.py
on each suite and checks each suite's pass rate against its floor. Stops the
server whatever happens. Exit 1 when a floor is missed."""
import argparse, os, re, socket, subprocess, sys, time, urllib.request

# Suite -> minimum pass fraction.
FLOORS = {"texture": 1.0, "yoga": 0.99, "yoga-text": 1.0, "text": 0.97}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            sys.exit(f"weft serve exited early with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    sys.exit("weft serve did not become healthy in time")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--weft", required=True)
    ap.add_argument("--shared", required=True)
    args = ap.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([args.weft, "serve", "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ok = True
    try:
        wait_healthy(url, proc)
        runner = os.path.join(args.shared, "conformance", "run.py")
        for suite, floor in FLOORS.items():
            folder = os.path.join(args.shared, "conformance", suite)
            out = subprocess.run([sys.executable, runner, "--url", url, folder, "--jobs", "4"],
                                 capture_output=True, text=True)
            lines = [l for l in out.stdout.splitlines() if l.strip()]
            summary = lines[-1] if lines else ""
            m = re.match(r"(\d+) passed, (\d+) failed", summary)
            if not m:
                print(out.stdout[-2000:], out.stderr[-2000:])
                print(f"{suite}: no summary from run.py")
                ok = False
                continue
            passed, failed = int(m.group(1)), int(m.group(2))
            rate = passed / max(1, passed + failed)
            verdict = "ok" if rate >= floor else f"BELOW FLOOR {floor:.0%}"
            print(f"conformance {suite}: {passed} of {passed + failed} ({rate:.1%}) {verdict}")
            if rate < floor:
                ok = False
                for l in lines:
                    if l.startswith("FAIL"):
                        print("  " + l)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=35)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
