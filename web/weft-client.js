// weft-client.js: using Weft from a web page, in one small ES module with no dependencies.
//
//   import { layout, render, frames } from "/weft-client.js";
//
//   const request = {                                     // a node request (has `root`)...
//     sizeRange: { max: { width: 375, height: null } },
//     root: { type: "stack", spacing: 8, children: [
//       { type: "text", id: "title", text: "Hello", font: { family: "Inter", size: 17, weight: 600 } },
//     ] },
//   };                                                    // ...or a container request (`container` + `sections`)
//   const response = await layout(request);               // POST /v1/layout/node or /v1/layout
//   render(document.querySelector("#host"), request, response);
//
// render() empties the host and draws one absolutely positioned <div> per output node
// (and per cell), in z-order, in the host's coordinates. Each carries:
//   data-id     the element's or cell's id, when it has one
//   data-key    a path that is unique even where ids repeat across cells ("s0i3/0.1")
//   data-frame  "x,y,width,height" relative to the host
//   data-type   the element type ("cell" for a cell)
// Text is drawn with the CSS Weft measures against (TEXT_CSS below), so the browser breaks
// it into exactly the lines Weft counted. To position your own components instead of
// these boxes, call frames(request, response): one entry per drawn box, same data.

/**
 * The rendering model of conformance/text/README.md, verbatim: text must be drawn
 * with exactly these properties (and the per-element ones from textStyle) or its lines
 * can differ from Weft's. A page must not restyle `.weft-text` elements.
 */
export const TEXT_CSS = `.weft-text {
  display: inline-block;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-kerning: normal;
  margin: 0;
  padding: 0;
  border: 0;
  vertical-align: top;
}`;

/** CSS generic families are keywords: quoting one would name a font called "sans-serif". */
const GENERIC_FAMILIES = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]);

/** Weft's own default when a text element names no family (WeftLayout's Font). */
const DEFAULT_FONT = { family: "sans-serif", size: 16, weight: 400, style: "normal" };

/**
 * Lays out `request` with the service at `baseUrl` (default: this page's origin).
 * A request with `root` goes to /v1/layout/node, anything else to /v1/layout.
 * Resolves to the parsed response; rejects with an Error carrying `.problem`
 * (the RFC 9457 body) when the service refuses the request.
 */
export async function layout(request, { baseUrl = "", headers = {}, signal } = {}) {
  const path = isNodeRequest(request) ? "/v1/layout/node" : "/v1/layout";
  const res = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(request),
    signal,
  });
  const text = await res.text();
  let body;
  try { body = JSON.parse(text); } catch { body = { title: `HTTP ${res.status}`, detail: text.slice(0, 200) }; }
  if (!res.ok) {
    const where = body.path ? ` at ${body.path}` : "";
    const err = new Error(`${res.status} ${body.title || ""}: ${body.detail || ""}${where}`);
    err.problem = body;
    throw err;
  }
  return body;
}

export function isNodeRequest(request) {
  return request !== null && typeof request === "object" && "root" in request;
}

/**
 * Every box a response describes, in drawing (z-) order, with its frame in the
 * coordinates of the whole layout (the root's, or the container's content):
 * [{ key, id, type, frame: {x, y, width, height}, node, element, parent, cell }].
 * `node` is the response's output node, `element` the request's element it mirrors,
 * `parent` the request element it sits in (none for a root).
 */
export function frames(request, response) {
  const out = [];
  const visit = (element, node, key, ox, oy, parent) => {
    if (!node || !node.frame) return;
    const f = node.frame;
    const frame = { x: ox + f.x, y: oy + f.y, width: f.width, height: f.height };
    out.push({ key, id: node.id ?? element?.id, type: node.type || element?.type, frame, node, element, parent });
    const inputs = element ? childrenInZOrder(element) : [];
    (node.children || []).forEach((child, i) => visit(inputs[i], child, `${key}.${i}`, frame.x, frame.y, element));
  };
  if (response.layout) {
    visit(request.root, response.layout, "0", 0, 0);
    return out;
  }
  const sections = request.sections || [{ items: request.items || [] }];
  (response.sections || []).forEach((section, s) => {
    const input = sections[s] || {};
    const cell = (cellRequest, cellResponse, key) => {
      if (!cellResponse || !cellResponse.frame) return;
      const f = cellResponse.frame;
      out.push({ key, id: cellResponse.id ?? cellRequest?.id, type: "cell", frame: { ...f },
                 node: cellResponse, element: cellRequest, cell: true });
      // A cell's tree is relative to the cell (api.md), so its root is offset by the cell's origin.
      if (cellResponse.layout) visit(cellRequest?.node, cellResponse.layout, `${key}/0`, f.x, f.y);
    };
    cell(input.header, section.header, `s${s}h`);
    (section.items || []).forEach((item, i) => {
      // `index` is [section, item] in the request; fall back to the position in the answer.
      const at = Array.isArray(item.index) ? item.index[1] : i;
      cell((input.items || [])[at], item, `s${s}i${at}`);
    });
    cell(input.footer, section.footer, `s${s}f`);
  });
  return out;
}

/**
 * Draws a response into `host` (emptied first, made `position: relative` and sized
 * to the layout) and returns the drawn elements. `onBox(el, entry)` is called for
 * each, e.g. to attach handlers or fill the box with your own content.
 */
export function render(host, request, response, { onBox } = {}) {
  installTextCSS(host.ownerDocument);
  host.replaceChildren();
  host.style.position = "relative";
  const size = response.size || response.contentSize || { width: 0, height: 0 };
  host.style.width = `${size.width}px`;
  host.style.height = `${size.height}px`;
  const drawn = [];
  for (const entry of frames(request, response)) {
    const { frame: f } = entry;
    const el = host.ownerDocument.createElement("div");
    el.className = `weft-box weft-type-${entry.type || "unknown"}`;
    Object.assign(el.style, {
      position: "absolute", boxSizing: "border-box", margin: "0",
      left: `${f.x}px`, top: `${f.y}px`, width: `${f.width}px`, height: `${f.height}px`,
    });
    el.dataset.key = entry.key;
    el.dataset.type = entry.type || "";
    el.dataset.frame = [f.x, f.y, f.width, f.height].join(",");
    if (entry.id != null) el.dataset.id = entry.id;
    if (entry.type === "text" && entry.element && typeof entry.element.text === "string") {
      el.appendChild(textElement(host.ownerDocument, entry.element, f.width, entry.parent?.type === "flex"));
      // The browser shows every line; Weft's maxLines or a short frame cut some off.
      if (entry.node.truncated) el.style.overflow = "hidden";
    }
    host.appendChild(el);
    drawn.push(el);
    if (onBox) onBox(el, entry);
  }
  return drawn;
}

/**
 * A `.weft-text` element for a text element whose frame is `frameWidth` wide.
 * Its max-width is the frame's width plus the text suite's 0.5 px tolerance: Weft may
 * measure a line up to 0.5 px narrower than the browser does, and a max-width even 1/64 px
 * narrower than the browser's own line would wrap that line early. Any width from the
 * longest line up to the width Weft measured under breaks the same lines; the response
 * does not carry the latter, and the frame is at least the former.
 * `inFlex`: the text is a child of a `flex` element (see textStyle).
 */
export function textElement(doc, element, frameWidth, inFlex = false) {
  const el = doc.createElement("div");
  el.className = "weft-text";
  Object.assign(el.style, textStyle(element, inFlex), { maxWidth: `${frameWidth + 0.5}px` });
  el.textContent = element.text;
  return el;
}

/**
 * The per-element properties of the text rendering model. `width: max-content`
 * stands in for the model's 100000 px wide parent: an inline-block shrinks to
 * min(max-content, available width), and the available width here would be the
 * frame's, not the frame's plus the tolerance.
 * `overflowWrap` overrides TEXT_CSS's `anywhere`; unset, a child of a `flex` element
 * wraps with CSS's initial `normal`, as Weft measures it.
 */
export function textStyle(element, inFlex = false) {
  const font = { ...DEFAULT_FONT, ...(element.font || {}) };
  const weight = font.weight === "bold" ? 700 : font.weight === "normal" ? 400 : font.weight;
  const family = GENERIC_FAMILIES.has(font.family) ? font.family : `"${font.family.replace(/["\\]/g, "\\$&")}"`;
  return {
    fontFamily: family,
    fontSize: `${font.size}px`,
    fontWeight: String(weight),
    fontStyle: font.style === "italic" ? "italic" : "normal",
    lineHeight: element.lineHeight == null ? "normal" : `${element.lineHeight}px`,
    letterSpacing: `${element.letterSpacing || 0}px`,
    overflowWrap: element.overflowWrap || (inFlex ? "normal" : "anywhere"),
    width: "max-content",
  };
}

/** Adds TEXT_CSS to the document once. */
export function installTextCSS(doc) {
  if (doc.getElementById("weft-text-css")) return;
  const style = doc.createElement("style");
  style.id = "weft-text-css";
  style.textContent = TEXT_CSS;
  doc.head.appendChild(style);
}

/** An element's children in the order Weft mirrors them in its output (api.md: z-order). */
export function childrenInZOrder(element) {
  switch (element.type) {
    case "background": return [element.background, element.child];
    case "overlay": return [element.child, element.overlay];
    case "corner": return [element.child, element.corner];
    case "inset": case "center": case "ratio": case "relative": return [element.child];
    default: return element.children || [];
  }
}
