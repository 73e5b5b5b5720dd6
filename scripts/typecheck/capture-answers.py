#!/usr/bin/env python3
"""Writes answers.ts: real answers of a running Weft, each assigned to the
weft-client.d.ts type it should have, so `tsc --strict` (scripts/typecheck-client.sh) fails when
the declarations and what the server writes part ways: a member the types lack is an excess
property, one they require and the server leaves out a missing one.

    python3 scripts/typecheck/capture-answers.py --weft .build/debug/weft --out /tmp/answers.ts

scripts/typecheck-client.sh runs it against the binary it is given, so the answers are
the build's own, never a stored copy.

Weft listens on a free 127.0.0.1 port and stops with the script."""
import argparse
import json
import os
import sys
import tempfile
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True  # no __pycache__ folders in the worktree
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from weft_server import WeftServer  # noqa: E402


def box(i, height=40):
    return {"type": "box", "id": f"b{i}", "style": {"width": 100, "height": height}}


def cells(n, **extra):
    return [{"id": f"c{i}", "node": box(i, 40 + 10 * i), **extra} for i in range(n)]


TEXT = {"type": "text", "text": "Weft lays out Texture's specs", "font": {"size": 15}, "maxLines": 1}
BOUNDS = {"width": 320, "height": 100}

# name -> (type, path, request, accept)
ANSWERS = {
    "node": ("NodeResponse", "/v1/layout/node?lines=1&flatten=1", {
        "sizeRange": {"max": {"width": 120, "height": None}},
        "root": {"type": "stack", "children": [TEXT, box(0), {"type": "view"}]}}, None),
    "nestedNode": ("NodeResponse", "/v1/layout/node", {
        "sizeRange": {"max": {"width": 320, "height": None}},
        "root": {"type": "container", "container": {"type": "collection", "scrollDirection": "horizontal"},
                 "items": cells(3)}}, None),
    "table": ("ContainerResponse", "/v1/layout", {
        "container": {"type": "table", "bounds": BOUNDS, "pinHeaders": True, "contentOffset": {"x": 0, "y": 30}},
        "sections": [{"id": "s", "header": {"id": "h", "node": box(9, 20)},
                      "items": cells(2, accessoryType="checkmark") + [{"id": "ad", "kind": "interop", "size": {"height": 30}}],
                      "footer": {"id": "f", "node": box(8, 20)}}]}, None),
    "tableHints": ("ContainerResponse", "/v1/layout", {
        "answer": "hints", "container": {"type": "table", "bounds": BOUNDS, "leadingScreensForBatching": 0},
        "items": cells(2)}, None),
    "rtlStrip": ("ContainerResponse", "/v1/layout", {
        "direction": "rtl", "container": {"type": "collection", "scrollDirection": "horizontal", "bounds": BOUNDS,
                                          "contentOffset": {"x": 100, "y": 0}, "scrolling": "left",
                                          "flow": {"alignment": "start"}},
        "items": cells(4)}, None),
    "gallery": ("ContainerResponse", "/v1/layout", {
        "container": {"type": "collection", "bounds": BOUNDS, "layout": "gallery",
                      "gallery": {"itemSize": {"width": 50, "height": 50}}},
        "items": cells(3)}, None),
    "masonry": ("ContainerResponse", "/v1/layout", {
        "container": {"type": "collection", "bounds": BOUNDS, "layout": "masonry", "masonry": {"columns": 2}},
        "items": cells(3)}, None),
    "pager": ("ContainerResponse", "/v1/layout", {
        "container": {"type": "pager", "bounds": BOUNDS, "contentOffset": {"x": 320, "y": 0}}, "items": cells(3)}, None),
    "emptyPager": ("ContainerResponse", "/v1/layout", {
        "container": {"type": "pager", "bounds": BOUNDS}, "items": []}, None),
    "stream": ("StreamRecord[]", "/v1/layout", {
        "container": {"type": "table", "bounds": BOUNDS}, "items": cells(2)}, "application/x-ndjson"),
    "unknownRef": ("UnknownRefProblem", "/v1/layout", {
        "container": {"type": "table", "bounds": BOUNDS}, "items": [{"id": "r", "ref": "c1AAAAAAAAAAAAAAAA"}]}, None),
}


def post(url, request, accept):
    req = urllib.request.Request(url, data=json.dumps(request).encode(), headers={
        "content-type": "application/json", "accept": accept or "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            body = r.read().decode()
    except urllib.error.HTTPError as e:
        body = e.read().decode()
    if accept == "application/x-ndjson":
        return [json.loads(line) for line in body.splitlines() if line.strip()]
    return json.loads(body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weft", required=True, help="the weft binary")
    ap.add_argument("--out", required=True, help="the TypeScript file to write")
    args = ap.parse_args()
    types = sorted({t.rstrip("[]") for t, _, _, _ in ANSWERS.values()})
    lines = [
        "// Written by scripts/typecheck/capture-answers.py from a running Weft: real answers, each",
        "// typed as weft-client.d.ts declares it. Compiled by scripts/typecheck-client.sh; never run.",
        f"import type {{ {', '.join(types)} }} from \"./weft-client.js\";",
        "",
    ]
    with tempfile.TemporaryDirectory() as work, WeftServer(args.weft, os.path.join(work, "weft.log")) as server:
        for name, (type_name, path, request, accept) in ANSWERS.items():
            answer = post(server.url + path, request, accept)
            lines.append(f"export const {name}: {type_name} = {json.dumps(answer, separators=(',', ':'))};")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(ANSWERS)} answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
