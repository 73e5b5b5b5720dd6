"""The boxes a Weft response describes, computed here from api.md alone, so the test does
not trust web/weft-client.js to check web/weft-client.js.

Keys follow the client's data-key scheme (documented at the top of weft-client.js):
a node request's root is "0" and child i of key k is "k.i"; a container's cell is
"s<section>i<item>" (header "s<section>h", footer "s<section>f") and its tree's root
"<cell>/0"; a nested container node's cells continue its key ("<node>/s0i2", "<node>/s0i2/0").
Frames are absolute: the root's coordinates, or the container's content. A nested
container's cells are in its content coordinates, so content point (x, y) is drawn at the
node's origin plus (x, y) less the nested container's contentOffset."""


def children_in_z_order(e: dict) -> list:
    """The request children an element's output node mirrors, in api.md's z-order."""
    t = e.get("type")
    if t == "background":
        return [e.get("background"), e.get("child")] if e.get("background") else [e.get("child")]
    if t == "overlay":
        return [e.get("child"), e.get("overlay")] if e.get("overlay") else [e.get("child")]
    if t == "corner":
        return [e.get("child"), e.get("corner")]
    if t in ("inset", "center", "ratio", "relative"):
        return [e.get("child")]
    return e.get("children") or []


def walk(response: dict, request: dict) -> list:
    """[(key, output node or cell result, request element or cell, (x, y, width, height))]."""
    out = []

    def tree(node, key, ox, oy, element):
        f = node["frame"]
        # Summed in the same order as the client (parent origin + own offset), so the
        # floating-point results are identical, not merely close.
        x, y = ox + f["x"], oy + f["y"]
        out.append((key, node, element, (x, y, f["width"], f["height"])))
        kids = children_in_z_order(element) if element else []
        for i, child in enumerate(node.get("children") or []):
            tree(child, f"{key}.{i}", x, y, kids[i] if i < len(kids) else None)
        if "sections" in node:
            offset = ((element or {}).get("container") or {}).get("contentOffset") or {}
            cells(node, element or {}, f"{key}/", x - offset.get("x", 0), y - offset.get("y", 0))

    def cells(answer, given, prefix, ox, oy):
        sections_in = given.get("sections") or [{"items": given.get("items") or []}]
        for s, section in enumerate(answer.get("sections") or []):
            section_in = sections_in[s] if s < len(sections_in) else {}
            items_in = section_in.get("items") or []
            entries = [(section.get("header"), section_in.get("header"), f"{prefix}s{s}h"),
                       (section.get("footer"), section_in.get("footer"), f"{prefix}s{s}f")]
            for i, item in enumerate(section.get("items") or []):
                index = item.get("index")
                at = index[1] if isinstance(index, list) else i
                entries.append((item, items_in[at] if at < len(items_in) else None, f"{prefix}s{s}i{at}"))
            for cell, cell_in, key in entries:
                if not cell or "frame" not in cell:
                    continue
                f = cell["frame"]
                x, y = ox + f["x"], oy + f["y"]
                out.append((key, cell, cell_in, (x, y, f["width"], f["height"])))
                if cell.get("layout"):
                    tree(cell["layout"], f"{key}/0", x, y, (cell_in or {}).get("node"))

    if "layout" in response:
        tree(response["layout"], "0", 0, 0, (request or {}).get("root"))
    else:
        cells(response, request or {}, "", 0, 0)
    return out


def expected_boxes(response: dict, request: dict = None) -> dict:
    """key -> (id or None, type, (x, y, width, height))."""
    return {key: (node.get("id"), "cell" if "index" in node else node.get("type"), frame)
            for key, node, _, frame in walk(response, request)}


def text_nodes(response: dict, request: dict = None) -> dict:
    """key -> the response's text node (for lineCount and truncated)."""
    return {key: node for key, node, _, _ in walk(response, request)
            if "index" not in node and node.get("type") == "text"}


def elements_by_key(response: dict, request: dict) -> dict:
    """key -> the request element a box mirrors (for fonts and line heights)."""
    return {key: element or {} for key, node, element, _ in walk(response, request) if "index" not in node}
