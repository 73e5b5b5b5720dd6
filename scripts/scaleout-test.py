#!/usr/bin/env python3
"""Scale-out: two `weft serve` instances behind nginx (deploy/nginx/weft.conf, ports
swapped), all on 127.0.0.1. A bounded load of POSTs goes through nginx; once a third of
it has completed, one instance gets SIGTERM. Passes when every request was answered 200
with a layout, the stopped instance drained and exited 0, and both instances served;
then nginx's own refusals (headers or body too large, no instance left) must be
problem+json, as Weft's are.
Logs and the generated nginx configuration stay in .build-artifacts/scaleout/."""
import argparse
import json
import os
import shutil
import socket
import sys
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ folders in the worktree
sys.path.insert(0, os.path.join(ROOT, "e2e", "scaleout"))
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from load import Load  # noqa: E402
from nginx_config import Nginx  # noqa: E402
from weft_server import WeftServer  # noqa: E402

REQUEST = {
    "sizeRange": {"min": {"width": 375, "height": 0}, "max": {"width": 375, "height": None}},
    "root": {"type": "stack", "direction": "horizontal", "spacing": 8, "children": [
        {"type": "box", "id": "avatar", "style": {"preferredSize": {"width": 44, "height": 44}}},
        {"type": "stack", "direction": "vertical", "style": {"flexShrink": 1}, "children": [
            {"type": "text", "id": "body", "font": {"family": "DejaVu Sans", "size": 14},
             "text": "Any instance answers any request: scaling out is the load balancer's job."},
        ]},
    ]},
}


def check(response: dict):
    """None when the answer is a real layout of REQUEST."""
    size = response.get("size") or {}
    if size.get("width") != 375 or not size.get("height"):
        return f"unexpected layout size {size}"
    return None


ORIGIN = "https://app.example"


def refusals(url: str, survivor) -> list:
    """What nginx answers itself is problem+json, as Weft's own refusals are, and it
    takes the headers Weft takes. Stops `survivor` (the last instance) on the way."""
    found = []

    def ask(headers=None, body=None):
        request = urllib.request.Request(url + "/v1/layout/node", data=body, headers=headers or {}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def expect(label, answer, status, problem):
        code, headers, body = answer
        if code != status:
            found.append(f"{label}: status {code}, not {status}: {body[:120]!r}")
        elif problem and (headers.get("content-type") != "application/problem+json"
                          or json.loads(body).get("status") != status):
            found.append(f"{label}: not a problem+json {status}: {headers.get('content-type')} {body[:120]!r}")
        elif problem and headers.get("access-control-allow-origin") != ORIGIN:
            # A page on an allowed origin reads nginx's errors as it reads Weft's.
            found.append(f"{label}: Access-Control-Allow-Origin {headers.get('access-control-allow-origin')!r}")

    layout = json.dumps(REQUEST).encode()
    # The example origin the shipped file allows, as a page on it would send it.
    json_type = {"content-type": "application/json", "origin": ORIGIN}
    expect("a 12 KiB header (under Weft's 16 KiB)", ask({**json_type, "x-pad": "a" * 12_000}, layout), 200, False)
    expect("a 20 KiB header", ask({**json_type, "x-pad": "a" * 20_000}, layout), 431, True)
    expect("a 9 MiB body", ask(json_type, b" " * (9 << 20)), 413, True)
    survivor.stop()
    answer = ask(json_type, layout)
    expect("no instance left", answer, 503, True)
    if answer[0] == 503 and answer[1].get("retry-after") is None:
        found.append("no instance left: the 503 has no Retry-After")
    return found


def free_port() -> int:
    # nginx cannot be told to pick its own port; the tiny window between closing this
    # socket and nginx binding it is the only guess in the test.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weft", required=True, help="the weft binary")
    ap.add_argument("--requests", type=int, default=3000)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--out", default=os.path.join(ROOT, ".build-artifacts", "scaleout"))
    args = ap.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    problems = []
    a = WeftServer(args.weft, os.path.join(args.out, "weft-a.log"))
    b = nginx = None
    try:
        b = WeftServer(args.weft, os.path.join(args.out, "weft-b.log"))
        nginx = Nginx(args.out, os.path.join(ROOT, "deploy", "nginx", "weft.conf"), free_port(), [a.port, b.port])
        # The /healthz probes of the start are in the log already; the load's lines follow them.
        warmup = len(nginx.access_log())
        load = Load(nginx.url, "/v1/layout/node", REQUEST, check, total=args.requests,
                    workers=args.concurrency, time_limit=90)
        sigterm_at = args.requests // 3
        load.at(sigterm_at, a.terminate)
        load.run()
        try:
            code = a.wait(timeout=60)
            if code != 0:
                problems.append(f"the SIGTERMed instance exited with {code}, not 0 after draining")
        except Exception:
            problems.append("the SIGTERMed instance did not exit within 60 s of the load ending")

        if not load.finished_in_time:
            problems.append(f"only {load.completed} of {args.requests} requests completed within the time limit")
        if load.failures:
            problems.append(f"{len(load.failures)} of {load.completed} requests failed, e.g. {load.failures[:3]}")
        lines = nginx.access_log()[warmup:]
        a_addr, b_addr = f"127.0.0.1:{a.port}", f"127.0.0.1:{b.port}"
        upstreams = [l.split("[")[1] for l in lines]  # "$upstream_addr]": every instance nginx tried
        served_a = sum(1 for u in upstreams if a_addr in u)
        served_b = sum(1 for u in upstreams if b_addr in u)
        retried = sum(1 for u in upstreams if "," in u)
        print(f"scale-out: {load.completed} requests through nginx, {len(load.failures)} failed; "
              f"instance A (SIGTERM after {sigterm_at}) touched {served_a}, B {served_b}; "
              f"nginx retried {retried} on the other instance")
        if served_a == 0 or served_b == 0:
            problems.append("both instances should have served part of the load")
        if served_a >= load.completed:
            problems.append("instance A served every request: it was not stopped mid-load")
        problems += refusals(nginx.url, b)
    finally:
        if nginx:
            nginx.stop()
        for server in (a, b):
            if server:
                server.stop()
    for p in problems:
        print("FAIL " + p)
    if problems and nginx:
        print(nginx.errors())
    print("scale-out: " + ("ok" if not problems else "FAILED"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
