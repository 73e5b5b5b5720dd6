"""A container answer in api.md's shape, assembled by the test from real node layouts, so the
playground's container drawing (cells, trees relative to cells, text in cells, hints) is
checked even while the service's container endpoint is not there.

It is a preview, not Texture's table: each cell is laid out alone at the table's width
(as a table's default constrained size does) and stacked with no separators; the hints
are plain viewport arithmetic, enough to give the page something to draw."""


def preview(request: dict, layout_node) -> dict:
    """`layout_node(node_request) -> node response`, e.g. a POST to /v1/layout/node."""
    container = request["container"]
    bounds = container["bounds"]
    offset = (container.get("contentOffset") or {}).get("y", 0)
    width = bounds["width"]
    sections_in = request.get("sections") or [{"items": request.get("items") or []}]
    y = 0
    sections, spans = [], []
    for s, section in enumerate(sections_in):
        items = []
        for i, cell in enumerate(section.get("items") or []):
            answer = layout_node({"sizeRange": {"min": {"width": width, "height": 0},
                                                "max": {"width": width, "height": None}},
                                  "root": cell["node"]})
            height = answer["size"]["height"]
            items.append({"id": cell["id"], "index": [s, i], "kind": "node",
                          "frame": {"x": 0, "y": y, "width": width, "height": height},
                          "layout": answer["layout"]})
            spans.append(([s, i], y, y + height))
            y += height
        sections.append({"items": items})

    def within(top, bottom):
        return [path for path, a, b in spans if a < bottom and b > top]

    screen = bounds["height"]
    leading = container.get("leadingScreensForBatching", 2)
    trigger = max(0, y - screen - leading * screen)
    return {
        "contentSize": {"width": width, "height": y},
        "sections": sections,
        "hints": {
            "ranges": {"visible": within(offset, offset + screen),
                       "display": within(offset - screen, offset + 2 * screen),
                       "preload": within(offset - screen, offset + 3 * screen)},
            "batchFetch": {"shouldFetch": offset >= trigger, "triggerOffset": trigger, "leadingScreens": leading},
            "pages": [{"index": n, "offset": {"x": 0, "y": n * screen}}
                      for n in range(max(1, -(-int(y) // int(screen))))],
        },
        "warnings": [],
    }
