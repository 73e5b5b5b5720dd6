#!/usr/bin/env python3
"""Scrolls a 10,000-post feed to its end in headless Chromium through web/weft-client.js
(createList), with the page served from another origin than Weft's, and checks the loop:

- every batch is fetched at Texture's trigger (the hints said shouldFetch, and the offset
  is within leadingScreens screens of the end), once per trigger, and no trigger is missed;
- the cells in the DOM are exactly the preload range at every settled state, and never
  more than it at any DOM change;
- every drawn box's DOM rectangle equals the frame Weft gives it in a full answer for the
  whole feed, requested apart from the client;
- a restarted Weft (an empty cell store) answers the next step with a 409, and the client
  re-sends the cells it names, with their content, on its own; a step repeated at rest
  is revalidated (If-None-Match, 304);
- what each step sends and receives: printed as a summary (median upload per scroll step
  against the full request, answer bytes of hints steps against the full answer).

Weft and a static server for e2e/scroll-loop/feed.html listen on free 127.0.0.1 ports and
stop with the test. Exit 1 on any failure."""
import argparse
import contextlib
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ folders in the worktree
sys.path.insert(0, os.path.join(ROOT, "e2e", "playground"))
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from cdp import Browser, Page  # noqa: E402
from weft_server import WeftServer  # noqa: E402

PAGE_DIR = os.path.join(ROOT, "e2e", "scroll-loop")
# DOM rectangles are in Chromium's layout units (1/64 px).
TOLERANCE = 1 / 64 + 1e-6


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class StaticServer:
    """The page's own origin: e2e/scroll-loop/ on a free loopback port, in a thread."""

    def __enter__(self):
        handler = functools.partial(QuietHandler, directory=PAGE_DIR)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def weft_boxes(answer: dict) -> dict:
    """Absolute rectangles of every cell and every node Weft answered, keyed as the page keys
    drawn boxes: "post-7" for a cell, "post-7/0.0.1" for a node (render()'s data-key)."""
    out = {}

    def visit(node, key, ox, oy, cell_id):
        f = node["frame"]
        x, y = ox + f["x"], oy + f["y"]
        out[f"{cell_id}/{key}"] = (x, y, f["width"], f["height"])
        for i, child in enumerate(node.get("children") or []):
            visit(child, f"{key}.{i}", x, y, cell_id)

    for section in answer["sections"]:
        for item in section["items"]:
            f = item["frame"]
            out[item["id"]] = (f["x"], f["y"], f["width"], f["height"])
            visit(item["layout"], "0", f["x"], f["y"], item["id"])
    return out


def check_fetches(result: dict, posts: int, batch: int) -> list:
    problems = []
    fetches = result["fetches"]
    expected = -(-posts // batch)  # batches after the first, plus the one that finds no more
    if len(fetches) != expected:
        problems.append(f"{len(fetches)} batch fetches for {posts} posts in batches of {batch}, not {expected}")
    for n, f in enumerate(fetches):
        if f["cells"] != batch * (n + 1):
            problems.append(f"fetch {n} at {f['cells']} cells, not {batch * (n + 1)}: a trigger fetched twice or late")
            break
    for f in fetches:
        remaining = f["contentHeight"] - (f["offset"] + f["boundsHeight"])
        trigger = f["contentHeight"] - f["boundsHeight"] * (1 + f["leadingScreens"])
        if not f["shouldFetch"] or remaining > f["leadingScreens"] * f["boundsHeight"] + 1e-6:
            problems.append(f"fetched at offset {f['offset']} with {remaining:g} pt left: before the trigger ({f})")
        elif abs(f["triggerOffset"] - trigger) > 1e-6:
            problems.append(f"triggerOffset {f['triggerOffset']} is not {trigger} (leadingScreens below the end)")
    return problems


def check_rects(result: dict) -> tuple:
    last = result["checkpoints"][-1] if result["checkpoints"] else None
    if not last or last["status"] != 200:
        return [f"Weft's full answer for the whole feed failed: {(result['fullAnswer'] or '')[:300]}"], 0
    expected = weft_boxes(json.loads(result["fullAnswer"]))
    problems, compared = [], 0
    for key, rect in result["drawn"].items():
        want = expected.get(key)
        if want is None:
            problems.append(f"{key}: drawn, but Weft's answer has no such box")
            continue
        compared += 1
        if max(abs(a - b) for a, b in zip(rect, want)) > TOLERANCE:
            problems.append(f"{key}: DOM rectangle {rect}, Weft's frame {list(want)}")
    return problems, compared


def check_restart(begun: dict, resumed: dict) -> list:
    """The steps after the restart: a 409, the same step with the named cells in full, then refs again."""
    steps = resumed["steps"]
    statuses = [s["status"] for s in steps]
    problems = [f"client error: {e}" for e in resumed["errors"]]
    if 409 not in statuses:
        return problems + [f"no 409 after the restart: {statuses}"]
    conflict = statuses.index(409)
    retry = steps[conflict + 1] if conflict + 1 < len(steps) else None
    if not retry or retry["status"] != 200 or retry["kind"] != steps[conflict]["kind"]:
        problems.append(f"the 409 was not followed by the same step answered 200: {steps}")
    elif retry["refs"] >= steps[conflict]["refs"]:
        problems.append(f"the retry sent {retry['refs']} refs, as many as the refused request")
    after = steps[conflict + 2] if conflict + 2 < len(steps) else None
    if not after or after["status"] != 200 or after["refs"] != after["cells"]:
        problems.append(f"the step after the re-send did not go as refs again: {after}")
    if steps[-1]["status"] != 304 or steps[-1]["receivedBytes"] != 0:
        problems.append(f"a step repeated at rest was not revalidated with a 304: {steps[-2:]}")
    if resumed["cells"] < begun["cells"]:
        problems.append(f"the list shrank from {begun['cells']} to {resumed['cells']} cells")
    if resumed["mounted"] != resumed["preload"]:
        problems.append(f"after the restart the DOM holds {resumed['mounted']} cells, the preload range {resumed['preload']}")
    return problems


def summary(result: dict) -> list:
    steps = [s for s in result["steps"] if s["status"] in (200, 304)]
    scroll = [s for s in steps if s["kind"] == "scroll"]
    scroll_200 = [s for s in scroll if s["status"] == 200]
    batches = [s for s in steps if s["kind"] == "batch"]
    med = lambda values: statistics.median(values) if values else 0  # noqa: E731
    lines = [
        f"exchanges: {len(steps)} ({len(scroll)} scroll steps, {sum(s['status'] == 304 for s in scroll)} of them 304; "
        f"{len(batches)} batch appends); {sum(s['status'] == 409 for s in result['steps'])} answered 409",
        f"scroll step (answer hints), median over the run at a median {med([s['cells'] for s in scroll_200]):.0f} cells: "
        f"upload {med([s['sentBytes'] for s in scroll_200]):.0f} B gzipped ({med([s['jsonBytes'] for s in scroll_200]):.0f} B JSON), "
        f"answer {med([s['receivedBytes'] for s in scroll_200]):.0f} B, {med([s['ms'] for s in scroll_200]):.1f} ms round trip",
        f"batch append of 50 (answer frames), median at a median {med([s['cells'] for s in batches]):.0f} cells: "
        f"upload {med([s['sentBytes'] for s in batches]):.0f} B gzipped, answer {med([s['receivedBytes'] for s in batches]):.0f} B, "
        f"{med([s['ms'] for s in batches]):.1f} ms round trip",
    ]
    for c in result["checkpoints"]:
        s = c["scroll"]
        if not s:
            lines.append(f"at {c['cells']} cells: no scroll step was measured")
            continue
        lines.append(
            f"at {c['cells']} cells: scroll step uploads {s['sentBytes']} B gzipped / {s['jsonBytes']} B JSON; "
            f"the full request {c['fullSentBytes']} B gzipped / {c['fullJsonBytes']} B JSON "
            f"({100 * s['sentBytes'] / c['fullSentBytes']:.1f}% gzipped, {100 * s['jsonBytes'] / c['fullJsonBytes']:.1f}% JSON); "
            f"hints answer {s['receivedBytes']} B vs full answer {c['fullAnswerBytes']} B "
            f"({100 * s['receivedBytes'] / c['fullAnswerBytes']:.2f}%)")
    fp = result["firstPaint"]
    lines.append(f"first append(): first cells drawn at {fp['ms']:.0f} ms, the whole answer in at {fp['appendMs']:.0f} ms; "
                 f"DOM cells at most {result['mountedMax']}; {result['settledStates']} settled states checked; "
                 f"whole run {result['ms'] / 1000:.1f} s in the page")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weft", required=True, help="the weft binary")
    ap.add_argument("--posts", type=int, default=10000)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--step", type=int, default=4000, help="points scrolled per step")
    ap.add_argument("--timeout", type=float, default=600, help="seconds the page may take")
    ap.add_argument("--out", default=os.path.join(ROOT, ".build-artifacts", "scroll-loop"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    with contextlib.ExitStack() as stack:
        static = stack.enter_context(StaticServer())
        # The full request for the whole feed (the independent check) is larger than the default
        # body limit, and a debug build may take longer over it than the default request timeout.
        weft_args = ("--log-level", "warning", "--cors-origin", static.url, "--max-body-bytes", str(64 << 20),
                     "--request-timeout", "300")
        weft = stack.enter_context(WeftServer(args.weft, os.path.join(args.out, "weft.log"), *weft_args))
        browser = stack.enter_context(Browser(os.path.join(args.out, "chromium.log"), timeout=args.timeout))
        page = Page(browser, 800, 900)
        page.navigate(f"{static.url}/feed.html?weft={weft.url}")
        for _ in range(100):
            if page.evaluate("window.feedTest && window.feedTest.ready"):
                break
            time.sleep(0.1)
        result = page.evaluate(f"window.feedTest.run({json.dumps({'posts': args.posts, 'batch': args.batch, 'step': args.step})})")
        page.screenshot(os.path.join(args.out, "end.png"))
        begun = page.evaluate("window.feedTest.begin()")
        # The same port, an empty cell store: every ref the page holds is now unknown.
        weft.stop()
        stack.enter_context(WeftServer(args.weft, os.path.join(args.out, "weft-restarted.log"), *weft_args,
                                       port=weft.port))
        resumed = page.evaluate("window.feedTest.resume()")
        console = page.console_messages()
    problems = list(result["problems"])
    if result["cells"] != args.posts or not result["exhausted"]:
        problems.append(f"the run ended at {result['cells']} cells (exhausted: {result['exhausted']}), not {args.posts}")
    if result["offset"] + result["bounds"]["height"] < result["contentSize"]["height"] - 0.5:
        problems.append(f"the run ended at offset {result['offset']}, not at the end ({result['contentSize']})")
    if result["overPreload"]:
        problems.append(f"{result['overPreload']} DOM changes left more cells than the preload range")
    problems += check_fetches(result, args.posts, args.batch)
    rect_problems, compared = check_rects(result)
    problems += rect_problems
    problems += check_restart(begun, resumed)
    if compared == 0:
        problems.append("no drawn box was compared")
    for line in summary(result):
        print("  " + line)
    print(f"  {compared} drawn boxes compared with Weft's full answer; test took {time.monotonic() - started:.1f} s")
    print("  after a restart of Weft: " + ", ".join(f"{s['kind']} {s['status']} ({s['refs']}/{s['cells']} refs)"
                                                    for s in resumed["steps"]))
    for line in console:
        print("  console: " + line)
    for p in problems[:25]:
        print("FAIL " + p)
    if len(problems) > 25:
        print(f"  ... and {len(problems) - 25} more")
    print(f"scroll loop: {'ok' if not problems else 'FAILED'} ({args.posts} posts in batches of {args.batch})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
