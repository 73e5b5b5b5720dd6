"""What the playground test checks on one drawn layout: each box against its frame and
against Weft's answer, and each text against the text README's rendering model."""
from frames import elements_by_key, expected_boxes, text_nodes

# Chromium snaps layout to 1/64 px (LayoutUnit); a frame at 52.3333 is drawn at 52.328125.
SNAP = 1 / 64 + 1e-6
# The text suite's tolerance: Weft's line widths may be this far from Chromium's.
TEXT_TOLERANCE = 0.5
# conformance/text/README.md, "Rendering model": computed values the page must not disturb.
TEXT_CSS = {
    "display": "inline-block", "white-space-collapse": "preserve", "text-wrap-mode": "wrap",
    "overflow-wrap": "anywhere", "word-break": "normal", "line-break": "auto", "hyphens": "manual",
    "font-kerning": "normal", "font-variant-ligatures": "normal", "font-feature-settings": "normal",
    "word-spacing": "0px", "text-transform": "none", "direction": "ltr", "text-align": "start",
    "text-indent": "0px", "text-spacing-trim": "normal", "writing-mode": "horizontal-tb",
    "vertical-align": "top", "margin-left": "0px", "margin-top": "0px", "padding-left": "0px",
    "padding-top": "0px", "border-left-width": "0px", "border-top-width": "0px",
}


def close(a, b, tolerance):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def overflow_wrap(element: dict, parent: dict) -> str:
    """The text's overflow-wrap as Weft measured it: its own, else `normal` in a flex element."""
    return element.get("overflowWrap") or ("normal" if parent.get("type") == "flex" else "anywhere")


def check_text(box, node, element, problems, parent=None):
    where = f"text {box['key']} ({box['id']})"
    text = box["text"]
    css = dict(TEXT_CSS, **{"overflow-wrap": overflow_wrap(element, parent or {})})
    # alignment and baseDirection (auto: the browser's dir=auto decides) set these two.
    css["text-align"] = {"left": "left", "right": "right", "center": "center", "justified": "justify"}.get(
        element.get("alignment"), "start")
    if element.get("baseDirection", "auto") == "auto":
        del css["direction"]
    else:
        css["direction"] = element["baseDirection"]
    for prop, want in css.items():
        if text["css"].get(prop) != want:
            problems.append(f"{where}: computed {prop} is {text['css'].get(prop)!r}, the text README needs {want!r}")
    font = element.get("font") or {}
    family = text["inline"]["fontFamily"]
    # Chromium serializes a quoted one-word family without its quotes, so either form is the same value.
    if font.get("family") and family not in (font["family"], f'"{font["family"]}"'):
        problems.append(f"{where}: font-family {family!r} is not exactly the one family {font['family']!r}")
    # Weft's defaults (WeftLayout's Font) when the request leaves a field out.
    weight = {"normal": 400, "bold": 700}.get(font.get("weight"), font.get("weight", 400))
    wanted = {"font-size": f"{font.get('size', 16):g}px", "font-weight": str(weight),
              "font-style": font.get("style", "normal"),
              "letter-spacing": "normal" if not element.get("letterSpacing") else f"{element['letterSpacing']:g}px"}
    for prop, want in wanted.items():
        if text["css"].get(prop) != want:
            problems.append(f"{where}: computed {prop} is {text['css'].get(prop)!r}, the request says {want!r}")
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


def compare_lines(drawn: list, response: dict) -> list:
    """Problems with the line boxes the browser drew (e2e/playground/line_boxes.js, per text box)
    as Weft's `lines` for the same texts (`response` asked with ?lines=1)."""
    problems = []
    texts = text_nodes(response)
    for text in drawn:
        node = texts.get(text["key"])
        where = f"text {text['key']} ({text['id']})"
        if node is None or "lines" not in node:
            problems.append(f"{where}: Weft's answer has no lines for it")
            continue
        wanted, got = node["lines"], text["lines"]
        if len(got) != len(wanted):
            problems.append(f"{where}: the browser drew {len(got)} line boxes, Weft has {len(wanted)}")
            continue
        for i, (line, want) in enumerate(zip(got, wanted)):
            f = want["frame"]
            last_cut = node.get("truncated") and i == len(wanted) - 1
            # A truncated text's last line is drawn as Weft cut it (its visibleText, the token
            # included), so only where it sits and starts can match the line as wrapped.
            pairs = [("x", line["x"], f["x"]), ("y", line["y"], f["y"]), ("height", line["height"], f["height"])]
            if not last_cut:
                pairs.append(("width", line["width"], f["width"]))
                if (line["start"], line["end"]) != (want["start"], want["end"]):
                    problems.append(f"{where} line {i}: drawn range {line['start']}..{line['end']}, "
                                    f"Weft's {want['start']}..{want['end']}")
            elif line["start"] != want["start"]:
                problems.append(f"{where} line {i}: drawn from {line['start']}, Weft's starts at {want['start']}")
            for name, a, b in pairs:
                if abs(a - b) > TEXT_TOLERANCE + SNAP:
                    problems.append(f"{where} line {i}: {name} {a:.4f} drawn, Weft's {b:.4f}")
    return problems


def compare(drawn: dict, request: dict, response: dict) -> list:
    """Problems with `drawn` (e2e/playground/collect.js's report) as a drawing of
    `response`, the answer to `request`; empty when the page drew it faithfully."""
    problems = []
    if drawn["ready"] != "true":
        problems.append(f"body[data-ready] is {drawn['ready']!r}: {drawn['status']}")
    expected = expected_boxes(response, request)
    texts = text_nodes(response, request)
    elements = elements_by_key(response, request)
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
                # A tree's root (a cell's, nested or not) has no parent element.
                parent = elements.get(key.rpartition(".")[0], {}) if "." in key.rpartition("/")[2] else {}
                check_text(box, texts[key], elements.get(key, {}), problems, parent)
    for key in expected.keys() - seen.keys():
        problems.append(f"{key} ({expected[key][0]}): in Weft's response but not drawn")
    if "hints" in response and drawn["hints"] == 0:
        problems.append("the response has hints but none is drawn")
    return problems
