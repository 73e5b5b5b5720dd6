"""A container answer in api.md's shape, assembled by the test from real node layouts, so the
playground's container drawing (cells, trees relative to cells, text in cells, hints along
either axis) is checked apart from the service's container engine (and with no engine at all).

It is a preview, not Texture's engine: a table's cells are laid out alone at the table's
width (a table's default constrained size) and stacked with no separators; a pager's pages
at exactly its bounds, side by side. The hints are plain viewport arithmetic, enough to
give the page something to draw."""


def preview(request: dict, layout_node) -> dict:
    """`layout_node(node_request) -> node response`, e.g. a POST to /v1/layout/node."""
    container = request["container"]
    bounds = container["bounds"]
    pager = container["type"] == "pager"
    along = "x" if pager else "y"
    length = bounds["width"] if pager else bounds["height"]
    offset = (container.get("contentOffset") or {}).get(along, 0)
    sections_in = request.get("sections") or [{"items": request.get("items") or []}]
    at = 0
    sections, spans = [], []
    for s, section in enumerate(sections_in):
        items = []
        for i, cell in enumerate(section.get("items") or []):
            width = bounds["width"]
            size_range = ({"min": bounds, "max": bounds} if pager else
                          {"min": {"width": width, "height": 0}, "max": {"width": width, "height": None}})
            answer = layout_node({"sizeRange": size_range, "root": cell["node"]})
            size = answer["size"]
            frame = {"x": at, "y": 0, **size} if pager else {"x": 0, "y": at, **size}
            items.append({"id": cell["id"], "index": [s, i], "kind": "node", "frame": frame,
                          "layout": answer["layout"]})
            extent = size["width"] if pager else size["height"]
            spans.append(([s, i], at, at + extent))
            at += extent
        sections.append({"items": items})

    def within(start, end):
        return [path for path, a, b in spans if a < end and b > start]

    leading = container.get("leadingScreensForBatching", 2)
    trigger = max(0, at - length - leading * length)
    pages = [{"index": n, "offset": {"x": n * length, "y": 0} if pager else {"x": 0, "y": n * length}}
             for n in range(max(1, -(-int(at) // int(length))))]
    hints = {
        "ranges": {"visible": within(offset, offset + length),
                   "display": within(offset - length, offset + 2 * length),
                   "preload": within(offset - length, offset + 3 * length)},
        "batchFetch": {"shouldFetch": offset >= trigger, "triggerOffset": trigger, "leadingScreens": leading},
        "pages": pages,
    }
    if pager:
        current = int(offset // length)
        hints["pager"] = {"pageCount": len(spans), "currentPage": current,
                          "targetContentOffset": {"x": current * length, "y": 0},
                          "previousPage": current - 1 if current > 0 else None,
                          "nextPage": current + 1 if current + 1 < len(spans) else None}
    content = {"width": at, "height": bounds["height"]} if pager else {"width": bounds["width"], "height": at}
    return {"contentSize": content, "sections": sections, "hints": hints, "warnings": []}
