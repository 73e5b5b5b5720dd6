#!/usr/bin/env python3
"""Black-box conformance: posts every case of conformance/<suite> to a running
Weft's POST /v1/layout/node and judges the answer as the in-process tests do
(Tests/WeftServiceTests/Conformance.swift): a 200 answer, frames summed down the
tree to root coordinates, matched by id, within the case's tolerance; then
`size`, the root's lineCount / truncated when the case pins them, and its line
boxes (frame within the tolerance, UTF-16 start and end exact) when the case
lists them (rich-text).

Each suite must hold all its cases and pass at least its floor. With --weft it
starts `weft serve` on a free 127.0.0.1 port and stops it whatever happens;
with --url it uses a server already running. Exit 1 when a suite falls short.

  scripts/blackbox.py --weft .build/debug/weft
  scripts/blackbox.py --url http://127.0.0.1:8080 yoga --verbose
"""
import argparse, json, os, socket, subprocess, sys, time, urllib.error, urllib.request
from concurrent.futures import ThreadPoolExecutor

CONFORMANCE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "conformance")
# Suite -> (cases it holds, minimum pass fraction). conformance/README.md lists the suites.
SUITES = {"texture": (119, 1.0), "yoga": (1062, 0.99), "yoga-text": (20, 1.0), "text": (421, 0.97),
          "rich-text": (308, 1.0)}
DEFAULT_TOLERANCE = 0.01


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


def post(url: str, body: bytes):
    request = urllib.request.Request(url + "/v1/layout/node", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def frames_in_root_coordinates(node, x=0.0, y=0.0, frames=None, order=None):
    """id -> [x, y, width, height] summed down the tree, and the ids in tree order."""
    frames = {} if frames is None else frames
    order = [] if order is None else order
    frame = node.get("frame") or {}
    nx, ny = x + frame.get("x", float("nan")), y + frame.get("y", float("nan"))
    if isinstance(node.get("id"), str):
        frames[node["id"]] = [nx, ny, frame.get("width", float("nan")), frame.get("height", float("nan"))]
        order.append(node["id"])
    for child in node.get("children") or []:
        frames_in_root_coordinates(child, nx, ny, frames, order)
    return frames, order


def differs(got, want, tolerance) -> bool:
    """A `null` expected value pins nothing."""
    return len(got) != len(want) or any(w is not None and not abs(g - w) <= tolerance for g, w in zip(got, want))


def judge(path: str, url: str):
    """None when the case passes, else a one-line reason."""
    try:
        return judge_answer(path, url)
    except (TypeError, AttributeError, KeyError, ValueError) as e:
        return f"bad response or case: {type(e).__name__}: {e}"


def judge_answer(path: str, url: str):
    with open(path, encoding="utf-8") as f:
        case = json.load(f)
    expected = case["expected"]
    tolerance = case.get("tolerance", DEFAULT_TOLERANCE)
    try:
        status, body = post(url, json.dumps(case["request"]).encode())
    except OSError as e:
        return f"no answer: {e}"
    if status != 200:
        try:
            problem = json.loads(body)
            return f"HTTP {status}: {problem.get('detail', '')} at {problem.get('path', '')}"
        except ValueError:
            return f"HTTP {status}"
    try:
        answer = json.loads(body)
        layout = answer["layout"]
    except (ValueError, KeyError, TypeError):
        return "bad response: no layout"
    frames, order = frames_in_root_coordinates(layout)
    wanted = expected.get("frames", {})
    missing = [i for i in wanted if i not in frames]
    if missing:
        return f"missing id {missing[0]}"
    rank = {node_id: n for n, node_id in enumerate(order)}
    for node_id in sorted(wanted, key=rank.get):
        if differs(frames[node_id], wanted[node_id], tolerance):
            return f"wrong frame {node_id}: expected {wanted[node_id]} got {frames[node_id]}"
    if "size" in expected:
        size = answer.get("size") or {}
        got = [size.get("width", float("nan")), size.get("height", float("nan"))]
        want = [expected["size"].get("width"), expected["size"].get("height")]
        if differs(got, want, tolerance):
            return f"wrong size: expected {want} got {got}"
    for key in ("lineCount", "truncated"):
        if key in expected and layout.get(key) != expected[key]:
            return f"wrong {key}: expected {expected[key]!r} got {layout.get(key)!r}"
    if "lines" in expected:
        lines = layout.get("lines") or []
        if len(lines) != len(expected["lines"]):
            return f"{len(lines)} line boxes, expected {len(expected['lines'])}"
        for index, (line, want) in enumerate(zip(lines, expected["lines"])):
            frame = line["frame"]
            got = [frame["x"], frame["y"], frame["width"], frame["height"]]
            if differs(got, want["frame"], tolerance):
                return f"wrong line {index} frame: expected {want['frame']} got {got}"
            if (line["start"], line["end"]) != (want["start"], want["end"]):
                return f"wrong line {index} range: expected {want['start']}..{want['end']} got {line['start']}..{line['end']}"
    return None


def run_suite(suite: str, url: str, verbose: bool) -> bool:
    cases, floor = SUITES[suite]
    folder = os.path.join(CONFORMANCE, suite)
    if not os.path.isdir(folder):
        print(f"conformance {suite}: MISSING ({folder})")
        return False
    files = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".json"))
    with ThreadPoolExecutor(max_workers=4) as pool:
        reasons = list(pool.map(lambda path: judge(path, url), files))
    failures = [(os.path.basename(path)[:-5], reason) for path, reason in zip(files, reasons) if reason]
    passed = len(files) - len(failures)
    rate = passed / max(1, len(files))
    ok = len(files) == cases and rate >= floor
    verdict = ("ok" if ok else
               f"EXPECTED {cases} CASES" if len(files) != cases else f"BELOW FLOOR {floor:.0%}")
    print(f"conformance {suite}: {passed} of {len(files)} ({rate:.1%}) {verdict}")
    if verbose or not ok:
        for name, reason in failures:
            print(f"  FAIL {name}: {reason}")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    server = ap.add_mutually_exclusive_group(required=True)
    server.add_argument("--weft", help="a weft binary to start on a free loopback port")
    server.add_argument("--url", help="a running server's base URL")
    ap.add_argument("--verbose", action="store_true", help="list every failing case")
    ap.add_argument("suites", nargs="*", metavar="suite", help=f"any of {', '.join(SUITES)} (default: all)")
    args = ap.parse_args()
    suites = args.suites or list(SUITES)
    if unknown := [s for s in suites if s not in SUITES]:
        ap.error(f"unknown suite {unknown[0]}")
    if args.url:
        return 0 if all([run_suite(s, args.url.rstrip("/"), args.verbose) for s in suites]) else 1
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([args.weft, "serve", "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(url, proc)
        ok = all([run_suite(s, url, args.verbose) for s in suites])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=35)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
