#!/usr/bin/env python3
"""Opens the playground (GET /) in headless Chromium, runs every example and checks that
the page draws what Weft answered:

- every drawn box's DOM rectangle equals its data-frame, relative to the stage;
- the drawn boxes are exactly the boxes of Weft's response to the same request, posted
  again from here, with the same ids and frames (computed in tests/playground/frames.py,
  not by the page's own client);
- every text is rendered with the text README's CSS, fits in its frame and breaks into
  as many lines as Weft counted;
- hovering a box shows its id and frame; container hints are drawn.

Saves one screenshot per example under .build-artifacts/playground/ (look at them).
Exit 1 on any failure."""
import argparse
import json
import os
import re
import sys
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "playground"))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from cdp import Browser, Page  # noqa: E402
from frames import expected_boxes, text_nodes  # noqa: E402
from weft_server import WeftServer  # noqa: E402

# Chromium snaps layout to 1/64 px (LayoutUnit); a frame at 52.3333 is drawn at 52.328125.
SNAP = 1 / 64 + 1e-6
# The text suite's tolerance: Weft's line widths may be this far from Chromium's.
TEXT_TOLERANCE = 0.5
# shared/conformance/text/README.md, "Rendering model": computed values the page must not disturb.
TEXT_CSS = {
    "display": "inline-block", "white-space-collapse": "preserve", "text-wrap-mode": "wrap",
    "overflow-wrap": "anywhere", "word-break": "normal", "line-break": "auto", "hyphens": "manual",
    "font-kerning": "normal", "font-variant-ligatures": "normal", "font-feature-settings": "normal",
    "word-spacing": "0px", "text-transform": "none", "direction": "ltr", "text-align": "start",
    "text-indent": "0px", "text-spacing-trim": "normal", "writing-mode": "horizontal-tb",
    "vertical-align": "top", "margin-left": "0px", "margin-top": "0px", "padding-left": "0px",
    "padding-top": "0px", "border-left-width": "0px", "border-top-width": "0px",
}
WIDTH = 1400


def post(url: str, request: dict) -> dict:
    path = "/v1/layout/node" if "root" in request else "/v1/layout"
    req = urllib.request.Request(url + path, data=json.dumps(request).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def stale_embeds(url: str) -> list:
    """web/ files the binary serves differently: EmbeddedWeb.swift was not regenerated."""
    stale = []
    for route, path in (("/", "web/index.html"), ("/weft-client.js", "web/weft-client.js")):
        with urllib.request.urlopen(url + route, timeout=30) as r:
            served = r.read().decode()
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            # scripts/embed-web.py drops the final newlines.
            if served.rstrip("\n") != f.read().rstrip("\n"):
                stale.append(path)
    return stale


def close(a, b, tolerance):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def check_text(box, node, element, problems):
    where = f"text {box['key']} ({box['id']})"
    text = box["text"]
    for prop, want in TEXT_CSS.items():
        if text["css"].get(prop) != want:
            problems.append(f"{where}: computed {prop} is {text['css'].get(prop)!r}, the text README needs {want!r}")
    font = element.get("font") or {}
    family = text["inline"]["fontFamily"]
    # Chromium serializes a quoted one-word family without its quotes, so either form is the same value.
    if font.get("family") and family not in (font["family"], f'"{font["family"]}"'):
        problems.append(f"{where}: font-family {family!r} is not exactly the one family {font['family']!r}")
    want_height = "normal" if element.get("lineHeight") is None else f"{element['lineHeight']}px"
    if text["inline"]["lineHeight"] != want_height:
        problems.append(f"{where}: line-height {text['inline']['lineHeight']!r}, expected {want_height!r}")
    frame, rect = box["frame"], text["rect"]
    if rect[2] > frame[2] + TEXT_TOLERANCE + SNAP:
        problems.append(f"{where}: drawn {rect[2]:.3f} wide in a {frame[2]} wide frame")
    if node.get("truncated"):
        if text["lines"] < node.get("lineCount", 0):
            problems.append(f"{where}: {text['lines']} lines drawn, Weft shows {node['lineCount']}")
        return
    if text["lines"] != node.get("lineCount"):
        problems.append(f"{where}: the browser broke it into {text['lines']} lines, Weft into {node.get('lineCount')}")
    if rect[3] > frame[3] + TEXT_TOLERANCE:
        problems.append(f"{where}: drawn {rect[3]:.3f} high, taller than its {frame[3]} high frame")


def elements_by_key(request: dict) -> dict:
    """key -> the request element a box mirrors (for fonts and line heights)."""
    out = {}

    def kids(e):
        t = e.get("type")
        if t == "background":
            return [e.get("background"), e.get("child")]
        if t == "overlay":
            return [e.get("child"), e.get("overlay")]
        if t == "corner":
            return [e.get("child"), e.get("corner")]
        if t in ("inset", "center", "ratio", "relative"):
            return [e.get("child")]
        return e.get("children") or []

    def tree(e, key):
        if not e:
            return
        out[key] = e
        for i, k in enumerate(kids(e)):
            tree(k, f"{key}.{i}")

    if "root" in request:
        tree(request["root"], "0")
    sections = request.get("sections") or [{"items": request.get("items") or []}]
    for s, section in enumerate(sections):
        for part, suffix in (("header", "h"), ("footer", "f")):
            if section.get(part):
                tree(section[part].get("node"), f"s{s}{suffix}/0")
        for i, item in enumerate(section.get("items") or []):
            tree(item.get("node"), f"s{s}i{i}/0")
    return out


def check_example(page, url, name, shots):
    problems = []
    result = page.evaluate(f"window.weftPlayground.show({json.dumps(name)})")
    if result.get("error"):
        return [f"the page could not lay it out: {result['error']}"], 0
    request = result["request"]
    # Tall enough for the whole stage, so the screenshot and the hover see every box.
    drawn = page.evaluate(COLLECT)
    page.resize(WIDTH, max(900, min(6000, drawn["height"])))
    drawn = page.evaluate(COLLECT)
    if drawn["ready"] != "true":
        problems.append(f"body[data-ready] is {drawn['ready']!r}: {drawn['status']}")

    expected = expected_boxes(post(url, request))
    texts = text_nodes(result["response"])
    elements = elements_by_key(request)
    seen = {}
    for box in drawn["boxes"]:
        key = box["key"]
        seen[key] = box
        if not close(box["rect"], box["frame"], SNAP):
            problems.append(f"{key} ({box['id']}): DOM rect {box['rect']} is not its data-frame {box['frame']}")
        if key not in expected:
            problems.append(f"{key} ({box['id']}): drawn, but not in Weft's response")
            continue
        want_id, _, want_frame = expected[key]
        if box["id"] != want_id:
            problems.append(f"{key}: data-id {box['id']!r}, Weft says {want_id!r}")
        if not close(box["frame"], want_frame, 1e-9):
            problems.append(f"{key} ({box['id']}): data-frame {box['frame']}, Weft's frame {list(want_frame)}")
        if key in texts:
            if "text" not in box:
                problems.append(f"{key} ({box['id']}): a text node drawn without its text")
            else:
                check_text(box, texts[key], elements.get(key, {}), problems)
    if not expected:
        problems_note = "the service answered without a single frame"
        print(f"  note: {name}: {problems_note} ({json.dumps(result['response'])[:120]})")
    for key in expected.keys() - seen.keys():
        problems.append(f"{key} ({expected[key][0]}): in Weft's response but not drawn")
    if "hints" in result["response"] and drawn["hints"] == 0:
        problems.append("the response has hints but none is drawn")

    hover = next((b for b in reversed(drawn["boxes"]) if b.get("hoverAt") and b["id"]), None)
    if hover:
        page.move_mouse(*hover["hoverAt"])
        tip = page.evaluate("document.querySelector('#tip').textContent")
        x, y, w, h = (f"{round(v * 100) / 100:g}" for v in hover["frame"])
        if hover["id"] not in tip or not re.search(rf"x {re.escape(x)}\s+y {re.escape(y)}\s+{re.escape(w)} × {re.escape(h)}", tip):
            problems.append(f"hovering {hover['key']} ({hover['id']}) shows {tip!r}, not its id and frame")
        page.move_mouse(1, 1)

    shot = os.path.join(shots, re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() + ".png")
    page.screenshot(shot)
    page.resize(WIDTH, 900)
    return problems, len(drawn["boxes"])


COLLECT = open(os.path.join(ROOT, "tests", "playground", "collect.js"), encoding="utf-8").read()


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
        # The page lays out its first example on load; wait for that before anything else.
        first = page.evaluate("window.weftPlayground.ready")
        names = page.evaluate("Object.keys(window.weftPlayground.examples)")
        if not first or first.get("error") or page.evaluate("document.body.dataset.ready") != "true":
            print(f"FAIL on load: the first example was not laid out: {first}")
            failures += 1
        total = 0
        for name in names:
            problems, count = check_example(page, server.url, name, args.out)
            total += count
            verdict = "ok" if not problems else "FAIL"
            print(f"playground {name}: {count} boxes {verdict}")
            for p in problems[:25]:
                print("  " + p)
            if len(problems) > 25:
                print(f"  ... and {len(problems) - 25} more")
            failures += bool(problems)
        if total == 0:
            print("FAIL: no example drew a single box")
            failures += 1
        for line in page.console_messages():
            print("  console: " + line)
    print(f"playground: {len(names) - failures if failures <= len(names) else 0} of {len(names)} examples ok; "
          f"screenshots in {os.path.relpath(args.out, ROOT)}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
