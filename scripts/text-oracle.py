#!/usr/bin/env python3
"""Measures rich-text cases in headless Chromium and writes them as conformance fixtures
(conformance/rich-text/*.json): spans of mixed family, size, weight, style and letter-spacing,
truncation (-webkit-line-clamp), alignment and paragraph direction, and every line box.

Usage: scripts/text-oracle.py [--out conformance/rich-text] [--seed 19] [--ahem PATH]

Chromium (Debian's `chromium`) is driven over the DevTools protocol on a pipe
(e2e/playground/cdp.py): no port is opened. Each case is one `<div class="weft-text">` with the
text suite's CSS (conformance/text/README.md), its spans as `<span>`s whose text is set with
textContent; a span's inline style sets only what the span overrides. What is measured:

- lines (e2e/playground/line_boxes.js, which the playground test shares): each grapheme's client
  rect (Intl.Segmenter); line boxes from the heights of the same
  element clamped to 1, 2, ... lines (-webkit-line-clamp), each grapheme assigned to the line box
  holding its vertical centre. A line's frame spans its content (hanging spaces at a soft wrap
  left out), its range is the UTF-16 range of its graphemes (the line feed ending it excluded);
- size: the widest line (at most max-width: spaces ending a paragraph run past it, and the frame
  is clamped into the range as api.md clamps a root) and the sum of the shown line boxes; with
  maxLines, the first maxLines lines (the clamped height, as in the text suite);
- direction: `direction` from baseDirection (`dir=auto` for `auto`, the default);
- line frames: the element is rendered again as wide as its frame (Weft's frame width;
  up to 0.5 px wider where exactly that width wraps a line earlier), with `text-align` from
  alignment (`start` for `natural`), and the line frames are taken from that rendering.
The generator is deterministic for a seed; the fixtures record what Chromium drew.
"""
import argparse
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "e2e", "playground"))
from cdp import Browser, Page  # noqa: E402

FAMILIES = ["Inter", "Noto Sans", "Liberation Sans", "Liberation Serif", "DejaVu Sans"]
GENERIC = ["sans-serif", "serif", "monospace", "system-ui"]
ITALIC = {"Inter", "Noto Sans", "Liberation Sans", "Liberation Serif"}
WEIGHTS = {"Inter": [400, 600, 700], "DejaVu Sans": [400, 700]}

CORPUS = {
    "latin-short": ["Ada liked your photo", "Save changes now", "Reply to Grace", "Settings and privacy",
                    "New message from Linus", "Follow back"],
    "latin-paragraph": [
        "A text node draws an attributed string: a bold name, then a caption that wraps over several lines of a cell.",
        "Layout happens off the main thread, so every measurement must be the one the browser makes for the same text.",
        "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly beside it.",
        "Sphinx of black quartz, judge my vow, and pack my box with five dozen liquor jugs before noon."],
    "long-words-and-urls": ["See https://example.org/path/to/a/very/long/resource?query=value for details",
                            "The identifier supercalifragilisticexpialidocious_value_with_suffix breaks",
                            "Commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b landed"],
    "newlines-and-spaces": ["first line\nsecond line with more words", "a  b   c    d", "  leading and trailing  ",
                            "title\nsubtitle here"],
    "punctuation-and-quotes": ["“Quoted,” she said — and then… ‘nothing’.", "$1,299.00 / €1.099,00 / £999",
                               "(brackets) [square] {curly} <angle>"],
    "accented-latin": ["Être ou ne pas être, telle est la question.", "Schöne Grüße aus München!",
                       "Tôi yêu tiếng nước tôi từ khi mới ra đời.", "Mañana pagaré la cuenta del café."],
    "kerning-and-ligatures": ["Fly Flo Fjo office fi fl", "To Ta Te Tr Ty AV WA", "Yo Ya Ye offline affine"],
    "cjk": ["すべての人間は、生まれながらにして自由である。", "学而时习之，不亦说乎？", "한국어 문장을 여기에 씁니다",
            "東京は今日もいい天気です。"],
    "emoji": ["Congrats 🎉 on the launch 🚀", "Love it ❤️ 👍🏽", "Family 👨‍👩‍👧 trip 🇫🇷"],
    "rtl-and-bidi": ["مرحبا بالعالم", "שלום עולם", "Price: 25 שקלים only", "Version 2.0 من التطبيق"],
    "indic": ["नमस्ते दुनिया", "বাংলা ভাষা সুন্দর", "Hindi हिन्दी and English"],
    "ahem": ["XXX pXp ÉX", "X X X X X X", "XpXp XXXX pppp"],
}
SCRIPT_FAMILY = {"cjk": ["Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR"],
                 "rtl-and-bidi": ["Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", "Liberation Sans"],
                 "indic": ["Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans"],
                 "ahem": ["Ahem"]}

PAGE = """<!doctype html><html><head><style>
%s
.weft-text { display: inline-block; white-space: pre-wrap; overflow-wrap: anywhere; font-kerning: normal;
  margin: 0; padding: 0; border: 0; vertical-align: top; }
.holder { width: 100000px; }
</style></head><body style="margin:0"></body></html>"""

LINE_BOXES_JS = open(os.path.join(ROOT, "e2e", "playground", "line_boxes.js"), encoding="utf-8").read()

MEASURE_JS = r"""
(cases) => {
  const css = (f) => {
    let s = '';
    if (f.family !== undefined) s += 'font-family:' + (GENERIC.includes(f.family.toLowerCase()) ? f.family : JSON.stringify(f.family)) + ';';
    if (f.size !== undefined) s += 'font-size:' + f.size + 'px;';
    if (f.weight !== undefined) s += 'font-weight:' + f.weight + ';';
    if (f.style !== undefined) s += 'font-style:' + f.style + ';';
    return s;
  };
  const out = [];
  for (const c of cases) {
    const holder = document.createElement('div');
    holder.className = 'holder';
    const el = document.createElement('div');
    el.className = 'weft-text';
    const r = c.root;
    let style = css(r.font || {});
    style += 'line-height:' + (r.lineHeight === undefined ? 'normal' : r.lineHeight + 'px') + ';';
    style += 'letter-spacing:' + (r.letterSpacing || 0) + 'px;';
    if (c.maxWidth !== null) style += 'max-width:' + c.maxWidth + 'px;';
    const dir = r.baseDirection || 'auto';
    if (dir === 'auto') el.setAttribute('dir', 'auto'); else style += 'direction:' + dir + ';';
    el.setAttribute('style', style);
    for (const s of (r.spans || [{text: r.text}])) {
      const span = document.createElement('span');
      let ss = css(s.font || {});
      if (s.letterSpacing !== undefined) ss += 'letter-spacing:' + s.letterSpacing + 'px;';
      if (ss) span.setAttribute('style', ss);
      span.textContent = s.text;
      el.appendChild(span);
    }
    holder.appendChild(el);
    document.body.appendChild(holder);
    out.push(el);
  }
  const lines = weftLineBoxes;
  // The text's frame: its widest line, clamped into the request's range as api.md clamps a
  // root (spaces ending a paragraph may run past max-width; the frame stops at it).
  const frameWidth = (ls, c) => {
    const widest = Math.max(0, ...ls.map(l => l.width));
    return c.maxWidth === null ? widest : Math.min(widest, c.maxWidth);
  };
  const texts = cases.map(c => (c.root.spans || [{text: c.root.text}]).map(s => s.text).join(''));
  const natural = out.map((el, i) => lines(el, texts[i]));
  const ranges = (ls) => ls.map(l => l.start + ':' + l.end).join(',');
  const aligned = out.map((el, i) => {
    const c = cases[i];
    const width = frameWidth(natural[i], c);
    el.style.maxWidth = 'none';
    el.style.textAlign = {natural: 'start', left: 'left', right: 'right', center: 'center', justified: 'justify'}[c.root.alignment || 'natural'];
    // Exactly the widest line's width may wrap a line earlier (a CJK mark or letter-spacing at
    // its end); the box grows by layout units (1/64 px), up to the tolerance, until the lines
    // are the unconstrained rendering's.
    let result;
    for (let extra = 0; extra <= 32; extra++) {
      el.style.width = (width + extra / 64) + 'px';
      result = lines(el, texts[i]);
      if (ranges(result) === ranges(natural[i])) break;
    }
    return result;
  });
  return natural.map((n, i) => ({natural: n, aligned: aligned[i]}));
}
"""


def span_split(text, rng, count):
    """Cuts `text` into `count` pieces at spaces (whole words), or in two halves at a grapheme-safe
    place (an ASCII or CJK character) when it has no spaces."""
    words = text.split(" ")
    if len(words) >= count:
        cuts = sorted(rng.sample(range(1, len(words)), count - 1))
        pieces, last = [], 0
        for cut in cuts + [len(words)]:
            piece = " ".join(words[last:cut])
            pieces.append(piece + (" " if cut < len(words) else ""))
            last = cut
        return pieces
    middle = len(text) // 2
    return [text[:middle], text[middle:]] if middle > 0 and not (0xD800 <= ord(text[middle]) < 0xE000) else [text]


def font_for(rng, category, family=None):
    family = family or rng.choice(SCRIPT_FAMILY.get(category, FAMILIES))
    font = {"family": family, "size": rng.choice([11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 34])}
    font["weight"] = rng.choice(WEIGHTS.get(family, [400, 700]))
    font["style"] = "italic" if family in ITALIC and rng.random() < 0.25 else "normal"
    return font


def span_override(rng, category, element_font):
    override = {}
    roll = rng.random()
    if roll < 0.35:
        override["weight"] = 700 if element_font.get("weight", 400) < 700 else 400
    elif roll < 0.6:
        override["size"] = rng.choice([10, 12, 14, 18, 24, 30])
    elif roll < 0.75 and element_font["family"] in ITALIC:
        override["style"] = "italic"
    elif roll < 0.9:
        override["family"] = rng.choice(SCRIPT_FAMILY.get(category, FAMILIES + GENERIC))
    return override


def make_case(rng, category, kind, index):
    text = rng.choice(CORPUS[category])
    font = font_for(rng, category)
    root = {"type": "text", "id": "root", "font": font, "lines": True}
    if rng.random() < 0.4:
        root["lineHeight"] = round(font["size"] * rng.choice([1.2, 1.3, 1.5]) * 2) / 2
    if rng.random() < 0.2:
        root["letterSpacing"] = rng.choice([0.5, -0.3, 1])
    pieces = span_split(text, rng, rng.choice([2, 3, 4]))
    spans = []
    for piece in pieces:
        span = {"text": piece}
        override = span_override(rng, category, font)
        if override:
            span["font"] = override
        if rng.random() < 0.15:
            span["letterSpacing"] = rng.choice([0, 0.5, 2])
        if rng.random() < 0.1:
            span["link"] = "https://example.org/" + str(index)
        spans.append(span)
    root["spans"] = spans
    max_width = rng.choice([None, 80, 120, 160, 200.5, 240, 320])
    case = {"name": f"rich-{kind}-{category}__{index:03d}", "category": f"{kind}-{category}", "root": root,
            "maxWidth": max_width}
    if kind == "truncation":
        root["maxLines"] = rng.choice([1, 2, 3])
        root["truncation"] = "tail"
        case["maxWidth"] = rng.choice([80, 120, 160])
    elif kind == "alignment":
        root["alignment"] = rng.choice(["natural", "left", "right", "center", "justified"])
        root["baseDirection"] = rng.choice(["auto", "ltr", "rtl"]) if category == "rtl-and-bidi" else "auto"
        case["maxWidth"] = rng.choice([100, 140, 180, 220])
    return case


def generate(seed):
    rng = random.Random(seed)
    cases = []
    for category in CORPUS:
        for index in range(14):
            cases.append(make_case(rng, category, "spans", index))
        for index in range(5):
            cases.append(make_case(rng, category, "truncation", index))
        for index in range(6 if category != "rtl-and-bidi" else 14):
            cases.append(make_case(rng, category, "alignment", index))
    return cases


def fixture(case, measured, source):
    root = case["root"]
    lines = measured["aligned"]
    natural = measured["natural"]
    max_lines = root.get("maxLines", 0)
    shown = natural[:max_lines] if max_lines else natural
    width = max([l["width"] for l in shown] + [0])
    if case["maxWidth"] is not None:
        width = min(width, case["maxWidth"])
    height = sum(l["height"] for l in shown)
    expected_lines = [{"frame": [l["x"], l["y"], l["width"], l["height"]], "start": l["start"], "end": l["end"]}
                      for l in (lines[:max_lines] if max_lines else lines)]
    request = {"sizeRange": {"max": {"width": case["maxWidth"], "height": None}}, "direction": "ltr",
               "pointScale": 0, "root": root}
    return {"name": case["name"], "category": case["category"], "source": source, "request": request,
            "expected": {"size": {"width": width, "height": height}, "frames": {"root": [0, 0, width, height]},
                         "lineCount": len(shown), "truncated": len(natural) > len(shown), "lines": expected_lines},
            "tolerance": 0.5}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "conformance", "rich-text"))
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--ahem", default=next((p for p in (os.path.join(ROOT, "conformance", "fonts", "Ahem.ttf"),
                                                            os.path.join(ROOT, "..", "shared", "fonts", "Ahem.ttf"))
                                                if os.path.exists(p)), None))
    args = parser.parse_args()
    cases = generate(args.seed)
    if not args.ahem:
        cases = [c for c in cases if not c["category"].endswith("ahem")]
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    source = f"{version} headless, measured by scripts/text-oracle.py (seed {args.seed})"
    face = f'@font-face {{ font-family: "Ahem"; src: url(file://{os.path.abspath(args.ahem)}); }}' if args.ahem else ""
    os.makedirs(args.out, exist_ok=True)
    page_path = os.path.join(args.out, ".oracle-page.html")
    with open(page_path, "w") as f:
        f.write(PAGE % face)
    try:
        with Browser(os.path.join("/tmp", "weft-text-oracle-chromium.log")) as browser:
            page = Page(browser, 1600, 1200)
            page.navigate("file://" + page_path)
            page.evaluate("document.fonts.ready.then(() => 1)")
            js = (LINE_BOXES_JS + "\nconst GENERIC = " + json.dumps(GENERIC) + ";(" + MEASURE_JS + ")("
                  + json.dumps(cases) + ")")
            page.evaluate(f"Promise.all([...document.fonts].map(f => f.load())).then(() => 1)")
            measured = page.evaluate(js)
    finally:
        os.remove(page_path)
    for old in os.listdir(args.out):
        if old.startswith("rich-") and old.endswith(".json"):
            os.remove(os.path.join(args.out, old))
    for case, result in zip(cases, measured):
        with open(os.path.join(args.out, case["name"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(fixture(case, result, source), f, ensure_ascii=False, indent=1, sort_keys=True)
            f.write("\n")
    print(f"{len(cases)} cases written to {args.out}")


if __name__ == "__main__":
    main()
