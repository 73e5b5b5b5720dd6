"""The boxes a Weft response describes, computed here from api.md alone, so the test does
not trust web/weft-client.js to check web/weft-client.js.

Keys follow the client's data-key scheme (documented at the top of weft-client.js):
a node request's root is "0" and child i of key k is "k.i"; a container's cell is
"s<section>i<item>" (header "s<section>h", footer "s<section>f") and its tree's root
"<cell>/0". Frames are absolute: the root's coordinates, or the container's content."""


def expected_boxes(response: dict) -> dict:
    """key -> (id or None, type, (x, y, width, height))."""
    out = {}

    def tree(node, key, ox, oy):
        f = node["frame"]
        # Summed in the same order as the client (parent origin + own offset), so the
        # floating-point results are identical, not merely close.
        x, y = ox + f["x"], oy + f["y"]
        out[key] = (node.get("id"), node.get("type"), (x, y, f["width"], f["height"]))
        for i, child in enumerate(node.get("children") or []):
            tree(child, f"{key}.{i}", x, y)

    if "layout" in response:
        tree(response["layout"], "0", 0, 0)
        return out
    for s, section in enumerate(response.get("sections") or []):
        cells = [(section.get("header"), f"s{s}h"), (section.get("footer"), f"s{s}f")]
        for i, item in enumerate(section.get("items") or []):
            index = item.get("index")
            cells.append((item, f"s{s}i{index[1] if isinstance(index, list) else i}"))
        for cell, key in cells:
            if not cell or "frame" not in cell:
                continue
            f = cell["frame"]
            out[key] = (cell.get("id"), "cell", (f["x"], f["y"], f["width"], f["height"]))
            if cell.get("layout"):
                tree(cell["layout"], f"{key}/0", f["x"], f["y"])
    return out


def text_nodes(response: dict) -> dict:
    """key -> the response's text node (for lineCount and truncated)."""
    out = {}

    def tree(node, key):
        if node.get("type") == "text":
            out[key] = node
        for i, child in enumerate(node.get("children") or []):
            tree(child, f"{key}.{i}")

    if "layout" in response:
        tree(response["layout"], "0")
    for s, section in enumerate(response.get("sections") or []):
        for part, suffix in (("header", "h"), ("footer", "f")):
            if (section.get(part) or {}).get("layout"):
                tree(section[part]["layout"], f"s{s}{suffix}/0")
        for i, item in enumerate(section.get("items") or []):
            index = item.get("index")
            if item.get("layout"):
                tree(item["layout"], f"s{s}i{index[1] if isinstance(index, list) else i}/0")
    return out
