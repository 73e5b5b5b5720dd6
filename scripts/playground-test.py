#!/usr/bin/env python3
"""Opens the playground (GET /) in headless Chromium, runs every example and checks that
the page draws what Weft answered:

- every drawn box's DOM rectangle equals its data-frame, relative to the stage;
- the drawn boxes are exactly the boxes of Weft's response to the same request, posted
  again from here, with the same ids and frames (computed in e2e/playground/frames.py,
  not by the page's own client);
- every text is rendered with the text README's CSS, fits in its frame and breaks into
  as many lines as Weft counted;
- with the fonts Weft measures with loaded from /v1/fonts files (FontFace), every line box
  the browser draws (e2e/playground/line_boxes.js) is the line frame Weft gives with
  `?lines=1`, within the text suite's 0.5 px, with the same UTF-16 range; a truncated
  text's last line, drawn as its visibleText with the token, starts where Weft's does;
- hovering a box shows its id and frame; container hints are drawn, for section headers
  and footers as for items;
- the page names its icon, so the browser asks for no /favicon.ico.

The feed table and the pager are also drawn from container answers the test assembles out
of real node layouts (e2e/playground/container_preview.py), so the drawing of cells with text is checked apart
from the service's container engine.

Saves one screenshot per example under .build-artifacts/playground/ (look at them).
Exit 1 on any failure."""
import argparse
import json
import os
import re
import sys
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ folders in the worktree
sys.path.insert(0, os.path.join(ROOT, "e2e", "playground"))
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from cdp import Browser, Page  # noqa: E402
from checks import compare, compare_lines  # noqa: E402
from frames import expected_boxes  # noqa: E402
from container_preview import preview  # noqa: E402
from weft_server import WeftServer  # noqa: E402

WIDTH = 1400


def post(url: str, request: dict, lines: bool = False) -> dict:
    path = ("/v1/layout/node" if "root" in request else "/v1/layout") + ("?lines=1" if lines else "")
    req = urllib.request.Request(url + path, data=json.dumps(request).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def stale_embeds(url: str) -> list:
    """web/ files the binary serves differently: EmbeddedWeb.swift was not regenerated."""
    stale = []
    for route, path in (("/", "web/index.html"), ("/weft-client.js", "web/weft-client.js"),
                        ("/weft-client.d.ts", "web/weft-client.d.ts")):
        with urllib.request.urlopen(url + route, timeout=30) as r:
            served = r.read().decode()
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            if served != f.read():
                stale.append(path)
    return stale


def check_feed(page, name, result, shots):
    """The infinite feed (drawn by createList; scripts/scroll-loop-test.py checks the loop in
    depth): its first batch is drawn, the DOM holds the preload range, and scrolling to the
    end of what is loaded fetches the next batch."""
    problems = []
    state = page.evaluate("""(async () => {
        const list = window.weftPlayground.feed, host = document.querySelector("#feed");
        const before = list.cells.length;
        const scrolled = new Promise((resolve) => host.addEventListener("scroll", resolve, { once: true }));
        host.scrollTop = host.scrollHeight;
        await scrolled;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await list.settled();
        const preload = list.hints.ranges.preload.map((p) => "post-" + p[1]).sort();
        const mounted = [...list.content.children].map((el) => el.dataset.id).sort();
        const cells = new Map(list.cells.map((c) => [c.id, c.frame]));
        const origin = list.content.getBoundingClientRect();
        const off = [...list.content.children].filter((el) => {
            const r = el.getBoundingClientRect(), f = cells.get(el.dataset.id);
            return Math.abs(r.left - origin.left - f.x) > 0.02 || Math.abs(r.top - origin.top - f.y) > 0.02
                || Math.abs(r.width - f.width) > 0.02 || Math.abs(r.height - f.height) > 0.02;
        }).map((el) => el.dataset.id);
        return { before, after: list.cells.length, preload, mounted, off, status: document.querySelector("#status").textContent };
    })()""")
    if result["feed"]["cells"] != 50 or state["before"] != 50:
        problems.append(f"the first batch holds {state['before']} posts, not 50")
    if state["after"] <= state["before"]:
        problems.append(f"scrolling to the end fetched no batch ({state['after']} posts)")
    if state["mounted"] != state["preload"]:
        problems.append(f"the DOM holds {len(state['mounted'])} cells, the preload range {len(state['preload'])}")
    if state["off"]:
        problems.append(f"cells drawn off their frames: {state['off'][:5]}")
    if "posts laid out" not in state["status"]:
        problems.append(f"the status line does not describe the feed: {state['status']!r}")
    page.screenshot(os.path.join(shots, "infinite-feed.png"))
    return problems, len(state["mounted"])


def check_example(page, url, name, shots):
    """Shows one example as a user would (select it, the page posts it) and checks the drawing
    against Weft's answer to the same request, posted again from here."""
    result = page.evaluate(f"window.weftPlayground.show({json.dumps(name)})")
    if result.get("error"):
        return [f"the page could not lay it out: {result['error']}"], 0
    if result.get("feed"):
        return check_feed(page, name, result, shots)
    if not expected_boxes(result["response"]):
        print(f"  note: {name}: the service answered without a single frame "
              f"({json.dumps(result['response'])[:120]})")
    response = post(url, result["request"])
    # Examples must be clean: a warning (a family that is not installed, a view without a
    # size) means the page draws something other than what the example promises.
    warnings = [f"Weft warns at {w.get('path')}: {w.get('detail')}" for w in response.get("warnings") or []]
    problems, count = check_drawn(page, result["request"], response, name, shots)
    drawn_lines = page.evaluate(LINES)
    problems += compare_lines(drawn_lines, post(url, result["request"], lines=True))
    print(f"  {name}: {sum(len(t['lines']) for t in drawn_lines)} line boxes of {len(drawn_lines)} texts checked")
    return warnings + problems, count


def check_preview(page, url, name, shots):
    """Draws a container answer assembled from real node layouts (e2e/playground/container_preview.py)."""
    request = page.evaluate(f"window.weftPlayground.examples[{json.dumps(name)}]")
    response = preview(request, lambda node_request: post(url, node_request))
    page.evaluate(f"window.weftPlayground.draw({json.dumps(request)}, {json.dumps(response)}, {json.dumps(name)})")
    return check_drawn(page, request, response, f"{name} (preview)", shots)


def check_refusal(page):
    """A request the service refuses shows its problem (status, title, JSON pointer), not a stale drawing."""
    result = page.evaluate("""(() => {
        document.querySelector("#editor").value = JSON.stringify({root: {type: "stack", children: [{type: "nope"}]}});
        return window.weftPlayground.run();
    })()""")
    shown = page.evaluate("""({ready: document.body.dataset.ready, status: document.querySelector("#status").textContent,
                               boxes: document.querySelectorAll("#stage .weft-box").length})""")
    problems = []
    if not result.get("error") or shown["ready"] != "error":
        problems.append(f"an invalid request did not end in an error: {result}, {shown}")
    elif "422" not in shown["status"] or "/root/children/0/type" not in shown["status"]:
        problems.append(f"the error shown does not give the status and the path: {shown['status']!r}")
    if shown["boxes"]:
        problems.append("the previous drawing stays on screen after an error")
    return problems


def check_range_bars(page, url):
    """Every entry of every range gets its bar, a section's header and footer ({section, kind})
    as well as its items; and the page names an icon, so no /favicon.ico is asked for (a 404)."""
    box = lambda h: {"type": "box", "style": {"width": 100, "height": h}}  # noqa: E731
    request = {"container": {"type": "collection", "bounds": {"width": 320, "height": 400}},
               "sections": [{"header": {"id": "h0", "node": box(20)}, "footer": {"id": "f0", "node": box(20)},
                             "items": [{"id": f"i{i}", "node": box(40)} for i in range(3)]}]}
    response = post(url, request)
    ranges = response["hints"]["ranges"]
    expected = sum(len(ranges[r]) for r in ("visible", "display", "preload"))
    supplementary = sum(1 for r in ranges.values() for p in r if isinstance(p, dict))
    drawn = page.evaluate(f"""(() => {{
        window.weftPlayground.draw({json.dumps(request)}, {json.dumps(response)}, "");
        return {{bars: document.querySelectorAll("#stage .hint.bar").length,
                 icon: !!document.querySelector('link[rel~="icon"]')}};
    }})()""")
    problems = []
    if not supplementary:
        problems.append("the ranges name no header or footer: the check checks nothing")
    if drawn["bars"] != expected:
        problems.append(f"{drawn['bars']} range bars drawn for {expected} range entries ({supplementary} headers and footers)")
    if not drawn["icon"]:
        problems.append("the page names no icon: the browser asks for /favicon.ico")
    return problems


def check_drawn(page, request, response, label, shots):
    # Big enough for the whole stage, so the screenshot and the hover see every box.
    drawn = page.evaluate(COLLECT)
    page.resize(max(WIDTH, min(6000, drawn["width"])), max(900, min(6000, drawn["height"])))
    drawn = page.evaluate(COLLECT)
    problems = compare(drawn, request, response)

    shot = os.path.join(shots, re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower() + ".png")
    hover = next((b for b in reversed(drawn["boxes"]) if b.get("hoverAt") and b["id"]), None)
    if hover:
        page.move_mouse(*hover["hoverAt"])
        tip = page.evaluate("document.querySelector('#tip').textContent")
        x, y, w, h = (re.escape(f"{round(v * 100) / 100:g}") for v in hover["frame"])
        if hover["id"] not in tip or not re.search(rf"x {x}\s+y {y}\s+{w} × {h}", tip):
            problems.append(f"hovering {hover['key']} ({hover['id']}) shows {tip!r}, not its id and frame")
    elif any(b["id"] for b in drawn["boxes"]):
        problems.append("no box with an id is the topmost at its own centre: nothing to hover")
    # Taken while hovering, so the screenshot shows a tip too.
    page.screenshot(shot)
    page.move_mouse(1, 1)
    page.resize(WIDTH, 900)
    return problems, len(drawn["boxes"])


LINE_BOXES = open(os.path.join(ROOT, "e2e", "playground", "line_boxes.js"), encoding="utf-8").read()
COLLECT = LINE_BOXES + open(os.path.join(ROOT, "e2e", "playground", "collect.js"), encoding="utf-8").read()
# Every drawn text's line boxes, as the browser drew them, in its frame box's coordinates
# (Weft places lines inside the frame: an aligned text's box sits where its lines do).
LINES = LINE_BOXES + """
[...document.querySelectorAll('#stage .weft-box')].filter((b) => b.querySelector(':scope > .weft-text')).map((b) => {
  const text = b.querySelector(':scope > .weft-text');
  const inner = text.getBoundingClientRect(), frame = b.getBoundingClientRect();
  const lines = weftLineBoxes(text, text.textContent).map((l) =>
    ({...l, x: l.x + inner.left - frame.left, y: l.y + inner.top - frame.top}));
  return {key: b.dataset.key, id: b.dataset.id ?? null, lines};
})"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weft", required=True, help="the weft binary")
    ap.add_argument("--out", default=os.path.join(ROOT, ".build-artifacts", "playground"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    failures = 0
    with WeftServer(args.weft, os.path.join(args.out, "weft.log"), "--log-level", "warning") as server, \
            Browser(os.path.join(args.out, "chromium.log")) as browser:
        for path in stale_embeds(server.url):
            print(f"FAIL {path} differs from what weft serves: run python3 scripts/embed-web.py and rebuild")
            failures += 1
        page = Page(browser, WIDTH, 900)
        page.navigate(server.url + "/")
        # The page loads the fonts it uses from /v1/fonts, then lays out its first example;
        # wait for that before anything else.
        first = page.evaluate("window.weftPlayground.ready")
        fonts = page.evaluate("window.weftPlayground.fonts")
        print(f"playground fonts: {len(fonts['loaded'])} faces loaded from /v1/fonts files, {len(fonts['failed'])} failed")
        if not fonts["loaded"] or fonts["failed"]:
            print(f"FAIL the page did not load the fonts Weft measures with: {fonts['failed'][:3]}")
            failures += 1
        names = page.evaluate("Object.keys(window.weftPlayground.examples)")
        if not first or first.get("error") or page.evaluate("document.body.dataset.ready") != "true":
            print(f"FAIL on load: the first example was not laid out: {first}")
            failures += 1
        total = 0
        runs = [(check_example, name) for name in names] + [(check_preview, "Feed table with text"),
                                                             (check_preview, "Pager")]
        for check, name in runs:
            problems, count = check(page, server.url, name, args.out)
            total += count
            verdict = "ok" if not problems else "FAIL"
            what = " (preview from node layouts)" if check is check_preview else ""
            print(f"playground {name}{what}: {count} boxes {verdict}")
            for p in problems[:25]:
                print("  " + p)
            if len(problems) > 25:
                print(f"  ... and {len(problems) - 25} more")
            failures += bool(problems)
        for p in check_refusal(page) + check_range_bars(page, server.url):
            print("FAIL " + p)
            failures += 1
        if total == 0:
            print("FAIL: no example drew a single box")
            failures += 1
        for line in page.console_messages():
            print("  console: " + line)
    print(f"playground: {'ok' if not failures else 'FAILED'}; screenshots in {os.path.relpath(args.out, ROOT)}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
