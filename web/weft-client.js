// weft-client.js — lay out with Weft, position DOM nodes in the frames it computed.
//
//   import { layout, render } from "/weft-client.js";
//   const request = { sizeRange: {...}, root: {...} };        // or a container request
//   const response = await layout(request);                    // POSTs to the right endpoint
//   render(document.querySelector("#host"), request, response); // absolutely positioned boxes
//
// Every drawn box carries data-id (the element's id, if any) and data-frame
// ("x,y,width,height" in the host's coordinates). Text is drawn with the CSS
// Weft measures with, so it wraps exactly inside its frame.

/** The CSS text must be rendered with for Weft's frames to hold (see the text conformance README). */
export const TEXT_CSS = {
  display: "inline-block", whiteSpace: "pre-wrap", overflowWrap: "anywhere",
  fontKerning: "normal", margin: "0", padding: "0", border: "0", verticalAlign: "top",
};

/** POSTs a node request (has `root`) to /v1/layout/node, anything else to /v1/layout. */
export async function layout(request, { baseUrl = "", flatten = false, headers = {} } = {}) {
  const isNode = request && typeof request === "object" && "root" in request;
  const path = isNode ? "/v1/layout/node" + (flatten ? "?flatten=1" : "") : "/v1/layout";
  const res = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(request),
  });
  const body = await res.json();
  if (!res.ok) {
    const err = new Error(`${body.title || res.status}: ${body.detail || ""}${body.path ? " at " + body.path : ""}`);
    err.problem = body;
    throw err;
  }
  return body;
}

/** Draws a response into `host` (emptied first); returns the drawn boxes. */
export function render(host, request, response, { onBox } = {}) {
  host.replaceChildren();
  host.style.position = "relative";
  const boxes = [];
  const draw = (element, node, ox, oy, depth) => {
    if (!node || !node.frame) return;
    const f = node.frame;
    const x = ox + f.x, y = oy + f.y;
    const el = document.createElement("div");
    el.className = `weft-box weft-${node.type || "cell"}`;
    Object.assign(el.style, {
      position: "absolute", left: `${x}px`, top: `${y}px`,
      width: `${f.width}px`, height: `${f.height}px`, boxSizing: "border-box",
    });
    el.dataset.frame = [x, y, f.width, f.height].join(",");
    if (node.id) el.dataset.id = node.id;
    el.dataset.depth = depth;
    if (node.type === "text" && element && typeof element.text === "string") {
      const span = document.createElement("span");
      Object.assign(span.style, TEXT_CSS, textStyle(element), { maxWidth: `${f.width + 0.5}px` });
      span.textContent = element.text;
      el.appendChild(span);
      el.style.overflow = "hidden";
    }
    host.appendChild(el);
    boxes.push(el);
    if (onBox) onBox(el, node, element);
    const kids = node.children || [];
    const inputKids = element ? childrenInZOrder(element) : [];
    kids.forEach((k, i) => draw(inputKids[i], k, x, y, depth + 1));
  };
  if (response.layout) {
    draw(request.root, response.layout, 0, 0, 0);
  } else if (response.sections) {
    const sections = request.sections || [{ items: request.items || [] }];
    response.sections.forEach((s, si) => {
      const inSection = sections[si] || {};
      for (const part of ["header", "footer"]) {
        if (s[part]) drawCell(inSection[part], s[part]);
      }
      (s.items || []).forEach((item, ii) => drawCell((inSection.items || [])[ii], item));
    });
  }
  function drawCell(cellRequest, cell) {
    const f = cell.frame;
    const el = document.createElement("div");
    el.className = `weft-box weft-cell weft-${cell.kind || "node"}`;
    Object.assign(el.style, {
      position: "absolute", left: `${f.x}px`, top: `${f.y}px`,
      width: `${f.width}px`, height: `${f.height}px`, boxSizing: "border-box",
    });
    el.dataset.frame = [f.x, f.y, f.width, f.height].join(",");
    if (cell.id) el.dataset.id = cell.id;
    host.appendChild(el);
    boxes.push(el);
    if (onBox) onBox(el, cell, cellRequest);
    if (cell.layout && cellRequest && cellRequest.node) {
      // The cell's tree is relative to the cell; its root sits at the cell's origin.
      const root = { ...cell.layout, frame: { ...cell.layout.frame, x: 0, y: 0 } };
      draw(cellRequest.node, root, f.x + (cell.layout.frame.x || 0), f.y + (cell.layout.frame.y || 0), 1);
    }
  }
  const size = response.size || response.contentSize;
  if (size) {
    host.style.width = `${size.width}px`;
    host.style.height = `${size.height}px`;
  }
  return boxes;
}

/** The element's children in the order Weft mirrors them (api.md: z-order). */
export function childrenInZOrder(e) {
  switch (e.type) {
    case "background": return [e.background, e.child].filter(Boolean);
    case "overlay": return [e.child, e.overlay].filter(Boolean);
    case "corner": return [e.child, e.corner].filter(Boolean);
    case "inset": case "center": case "ratio": case "relative": return [e.child].filter(Boolean);
    default: return e.children || [];
  }
}

function textStyle(e) {
  const font = e.font || {};
  const weight = font.weight === "bold" ? 700 : font.weight === "normal" ? 400 : (font.weight || 400);
  return {
    fontFamily: `"${font.family || "sans-serif"}"`,
    fontSize: `${font.size || 16}px`,
    fontWeight: String(weight),
    fontStyle: font.style || "normal",
    lineHeight: e.lineHeight == null ? "normal" : `${e.lineHeight}px`,
    letterSpacing: `${e.letterSpacing || 0}px`,
  };
}
