// weft-client.js: using Weft from a web page, in one small ES module with no dependencies.
// Types: /weft-client.d.ts. The protocol, for clients in other languages: docs/scroll-loop.md.
//
// A scrolling list (Texture's ASTableNode on the web), the incremental loop:
//
//   import { createList } from "/weft-client.js";
//   const list = createList(document.querySelector("#feed"), {   // a scrollable element
//     baseUrl: "https://weft.example",
//     container: { type: "table", leadingScreensForBatching: 2 },  // bounds default to the host's size
//     fetchBatch: async (list) => nextFiftyPosts(),                 // [] when there are no more
//   });
//   await list.append(firstFiftyPosts);                             // streamed; the first screen paints early
//
// It keeps every cell's key, frame and layout; sends known cells as refs; asks only for
// hints while scrolling; keeps only the preload range in the DOM; re-sends cells a 409
// names; gzips its requests where the browser can; loads the fonts Weft measures with.
//
// One layout, drawn once:
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
// (and per cell), in z-order, in the host's coordinates (a nested container's cells
// inside its box, which clips them). Each carries:
//   data-id     the element's or cell's id, when it has one
//   data-key    a path that is unique even where ids repeat across cells ("s0i3/0.1"; a
//               nested container's cells continue its node's key: "s0i3/0.1/s0i2/0")
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

/** The family Weft measures each generic family as (GET /v1/fonts `generic`), once loadFonts has read it. */
const serverGenerics = new Map();

/** Weft's own default when a text element names no family (WeftLayout's Font). */
const DEFAULT_FONT = { family: "sans-serif", size: 16, weight: 400, style: "normal" };

/**
 * Lays out `request` with the service at `baseUrl` (default: this page's origin).
 * A request with `root` goes to /v1/layout/node, anything else to /v1/layout.
 * `lines: true` asks for every text's line boxes (`?lines=1`).
 * Resolves to the parsed response; rejects with an Error carrying `.problem`
 * (the RFC 9457 body) when the service refuses the request. It does not revalidate:
 * sent with an If-None-Match that matches, the 304 rejects as a refusal would.
 */
export async function layout(request, { baseUrl = "", headers = {}, signal, lines = false } = {}) {
  const path = (isNodeRequest(request) ? "/v1/layout/node" : "/v1/layout") + (lines ? "?lines=1" : "");
  const res = await fetch(serviceURL(baseUrl, path), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(request),
    signal,
  });
  return parseAnswer(res, await res.text());
}

/** `path` at the service at `baseUrl`, which may end in a slash or not. */
function serviceURL(baseUrl, path) {
  return baseUrl.replace(/\/+$/, "") + path;
}

/**
 * A JSON answer's body, parsed. A refusal rejects with problemError (a body that is not
 * JSON becomes its problem's `detail`); so does a success whose body is no JSON object
 * (a proxy's page, a cut-off body): that is no answer either.
 */
function parseAnswer(res, text) {
  const body = res.ok ? jsonObject(text) : problemBody(res.status, text);
  if (!body) throw problemError(res.status, { title: "Not a JSON answer", detail: text.slice(0, 200) });
  if (!res.ok) throw problemError(res.status, body, retryAfterOf(res));
  return body;
}

/** `text` parsed when it is a JSON object, else null. */
function jsonObject(text) {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The problem a refusal's body holds; a body that is not one (a proxy's page) becomes its `detail`. */
function problemBody(status, text) {
  return jsonObject(text) || { title: `HTTP ${status}`, detail: text.slice(0, 200) };
}

export function isNodeRequest(request) {
  return request !== null && typeof request === "object" && "root" in request;
}

/**
 * Every box a response describes, in drawing (z-) order, with its frame in the
 * coordinates of the whole layout (the root's, or the container's content):
 * [{ key, id, type, frame: {x, y, width, height}, node, element, parent, cell, container }].
 * `node` is the response's output node, `element` the request's element it mirrors,
 * `parent` the request element it sits in (none for a root), `container` the key of
 * the nested container whose bounds clip the box (none outside nested containers).
 */
export function frames(request, response) {
  const out = [];
  const visit = (element, node, key, ox, oy, parent, container) => {
    if (!node || !node.frame) return;
    const f = node.frame;
    const frame = { x: ox + f.x, y: oy + f.y, width: f.width, height: f.height };
    const entry = { key, id: node.id ?? element?.id, type: node.type || element?.type, frame, node, element, parent };
    if (container !== undefined) entry.container = container;
    out.push(entry);
    const inputs = element ? childrenInZOrder(element) : [];
    (node.children || []).forEach((child, i) => visit(inputs[i], child, `${key}.${i}`, frame.x, frame.y, element, container));
    // A container node's cells are in its own content coordinates: content point (x, y)
    // shows at the node's origin plus (x, y) less the container's contentOffset.
    if (node.sections) {
      const offset = element?.container?.contentOffset || { x: 0, y: 0 };
      containerCells(element || {}, node, `${key}/`, frame.x - (offset.x || 0), frame.y - (offset.y || 0), key);
    }
  };
  // The cells of a container answer (the whole response, or a container node), keyed
  // under `prefix`; `container`, the nested container node's key, clips them.
  const containerCells = (input, answer, prefix, ox, oy, container) => {
    const sections = input.sections || [{ items: input.items || [] }];
    (answer.sections || []).forEach((section, s) => {
      const inputSection = sections[s] || {};
      const cell = (cellRequest, cellResponse, key) => {
        if (!cellResponse || !cellResponse.frame) return;
        // A pinned header is drawn where it is pinned at this contentOffset.
        const f = cellResponse.pinnedFrame || cellResponse.frame;
        const frame = { x: ox + f.x, y: oy + f.y, width: f.width, height: f.height };
        const entry = { key, id: cellResponse.id ?? cellRequest?.id, type: "cell", frame,
                        node: cellResponse, element: cellRequest, cell: true };
        if (container !== undefined) entry.container = container;
        out.push(entry);
        // A cell's tree is relative to the cell (api.md), and a table row's to its content
        // view (`table.contentFrame`: past the accessory in a right-to-left row).
        const content = cellResponse.table?.contentFrame || { x: 0, y: 0 };
        if (cellResponse.layout) {
          visit(cellRequest?.node, cellResponse.layout, `${key}/0`, frame.x + content.x, frame.y + content.y, undefined, container);
        }
      };
      cell(inputSection.header, section.header, `${prefix}s${s}h`);
      (section.items || []).forEach((item, i) => {
        // `index` is [section, item] in the request; fall back to the position in the answer.
        const at = Array.isArray(item.index) ? item.index[1] : i;
        cell((inputSection.items || [])[at], item, `${prefix}s${s}i${at}`);
      });
      cell(inputSection.footer, section.footer, `${prefix}s${s}f`);
    });
  };
  if (response.layout) {
    visit(request.root, response.layout, "0", 0, 0);
    return out;
  }
  containerCells(request, response, "", 0, 0, undefined);
  return out;
}

/**
 * Draws a response into `host` (emptied first, made `position: relative` and sized
 * to the layout) and returns the drawn elements. `onBox(el, entry)` is called for
 * each, e.g. to attach handlers or fill the box with your own content. A nested
 * container's cells are drawn inside its box, which clips them to its bounds as a
 * scroll view does; a pinned header is drawn above its section's cells.
 */
export function render(host, request, response, { onBox } = {}) {
  installTextCSS(host.ownerDocument);
  host.replaceChildren();
  host.style.position = "relative";
  const size = response.size || response.contentSize || { width: 0, height: 0 };
  host.style.width = `${size.width}px`;
  host.style.height = `${size.height}px`;
  const drawn = [];
  const containers = new Map();  // a nested container node's key -> { el, frame }
  for (const entry of frames(request, response)) {
    const { frame: f } = entry;
    const into = entry.container !== undefined ? containers.get(entry.container) : undefined;
    const origin = into ? into.frame : { x: 0, y: 0 };
    const el = host.ownerDocument.createElement("div");
    el.className = `weft-box weft-type-${entry.type || "unknown"}`;
    Object.assign(el.style, {
      position: "absolute", boxSizing: "border-box", margin: "0",
      left: `${f.x - origin.x}px`, top: `${f.y - origin.y}px`, width: `${f.width}px`, height: `${f.height}px`,
    });
    if (!entry.cell && entry.node.sections) {
      el.style.overflow = "hidden";
      containers.set(entry.key, { el, frame: f });
    }
    if (entry.node.pinnedFrame) el.style.zIndex = "1";
    el.dataset.key = entry.key;
    el.dataset.type = entry.type || "";
    el.dataset.frame = [f.x, f.y, f.width, f.height].join(",");
    if (entry.id != null) el.dataset.id = entry.id;
    if (entry.type === "text" && entry.element && (typeof entry.element.text === "string" || Array.isArray(entry.element.spans))) {
      const text = textElement(host.ownerDocument, entry.element, f.width, entry.parent?.type === "flex", entry.node);
      placeTextBox(el, text, entry.element);
      el.appendChild(text);
      // Weft's maxLines or a short frame cut lines off: the box clips them, but not the
      // truncation token, which may reach past the widest line as wrapped.
      if (entry.node.truncated) Object.assign(el.style, { overflowX: "visible", overflowY: "clip" });
    }
    (into ? into.el : host).appendChild(el);
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
 * `spans` are drawn as one `<span>` each, styled only with what the span overrides, as
 * Weft measures them. `node`, the text's output node: a truncated one is drawn as its
 * `visibleText` (the token included), the last line kept on one line when the node
 * lists its `lines`.
 */
export function textElement(doc, element, frameWidth, inFlex = false, node = undefined) {
  const el = doc.createElement("div");
  el.className = "weft-text";
  Object.assign(el.style, textStyle(element, inFlex), { maxWidth: `${frameWidth + 0.5}px` });
  // `dir=auto` is the paragraph direction from the first strong character (baseDirection auto).
  if ((element.baseDirection || "auto") === "auto") el.dir = "auto";
  const runs = textRuns(element);
  const truncated = node && node.truncated && typeof node.visibleText === "string";
  const shown = truncated ? truncatedRuns(element, runs, node) ?? [{ text: node.visibleText, style: {} }] : null;
  if (!shown) {
    for (const run of runs) el.appendChild(spanElement(doc, run));
    return el;
  }
  let line = el;
  for (const run of shown) {
    if (run.lastLine && line === el) {
      // The last shown line holds as much as fits in the width Weft measured under,
      // which may be wider than the frame: it must not wrap.
      line = doc.createElement("span");
      line.style.whiteSpace = "pre";
      el.appendChild(line);
    }
    line.appendChild(spanElement(doc, run));
  }
  return el;
}

/**
 * The text box shrinks to its widest line; in a wider frame, `alignment` and the
 * paragraph direction decide where it sits, as Weft places the lines "inside the
 * unchanged frame": the frame box takes the text's direction (`dir=auto` moves up to it,
 * so that it resolves from the text) and aligns the box as the lines align.
 */
function placeTextBox(frameBox, text, element) {
  if (text.dir === "auto") {
    text.removeAttribute("dir");
    frameBox.dir = "auto";
  } else if (text.style.direction) {
    frameBox.style.direction = text.style.direction;
  }
  frameBox.style.textAlign = BOX_ALIGN[element.alignment] || "start";
}

/** Where a text box sits in its frame, by `alignment` (`natural` and `justified` at the start). */
const BOX_ALIGN = { left: "left", right: "right", center: "center" };

/** A text's styled runs: its spans, or its `text` in the element's own style. */
function textRuns(element) {
  if (!Array.isArray(element.spans)) return [{ text: element.text ?? "", style: {} }];
  return element.spans.map((span) => ({ text: span.text ?? "", style: spanStyle(span) }));
}

/** What a span overrides of its element's style (the rest is inherited, as Weft inherits it);
    a link and an `x-color` only colour it, which changes no line. */
function spanStyle(span) {
  const style = {};
  if (typeof span.link === "string") style.color = "#1d5fd1";
  if (typeof span["x-color"] === "string") style.color = span["x-color"];
  const font = span.font || {};
  if (font.family != null) style.fontFamily = familyCSS(font.family);
  if (font.size != null) style.fontSize = `${font.size}px`;
  if (font.weight != null) style.fontWeight = String(font.weight === "bold" ? 700 : font.weight === "normal" ? 400 : font.weight);
  if (font.style != null) style.fontStyle = font.style === "italic" ? "italic" : "normal";
  if (span.letterSpacing != null) style.letterSpacing = `${span.letterSpacing}px`;
  return style;
}

function spanElement(doc, run) {
  const span = doc.createElement("span");
  Object.assign(span.style, run.style);
  span.textContent = run.text;
  return span;
}

/** `runs` cut to `[from, to)` (UTF-16 offsets in their joined text). */
function sliceRuns(runs, from, to) {
  const out = [];
  let start = 0;
  for (const run of runs) {
    const end = start + run.text.length;
    const a = Math.max(from, start), b = Math.min(to, end);
    if (a < b) out.push({ ...run, text: run.text.slice(a - start, b - start) });
    start = end;
  }
  return out;
}

/**
 * The runs of a truncated text's `visibleText`: the text's own runs up to where it was
 * cut, the token's runs, and (head, middle) the runs of the end it keeps; with `lines`,
 * those of the last line are marked. Null when the visible text is not made that way.
 */
function truncatedRuns(element, runs, node) {
  const text = runs.map((r) => r.text).join("");
  const visible = node.visibleText;
  const tokenRuns = Array.isArray(element.truncationText)
    ? element.truncationText.map((span) => ({ text: span.text ?? "", style: spanStyle(span) }))
    : [{ text: typeof element.truncationText === "string" ? element.truncationText : "\u2026", style: {} }];
  const token = tokenRuns.map((r) => r.text).join("");
  const lines = Array.isArray(node.lines) && node.lines.length ? node.lines : null;
  const lastStart = lines ? lines[lines.length - 1].start : 0;
  // What head and middle keep of the last line onwards reads line feeds as spaces.
  const flat = text.slice(0, lastStart) + text.slice(lastStart).replace(/\n/g, " ");
  const onLast = (list) => list.map((r) => ({ ...r, text: r.text.replace(/\n/g, " "), lastLine: !!lines }));
  let cut = 0;
  while (cut < visible.length && cut < flat.length && visible[cut] === flat[cut]) cut++;
  for (; cut >= 0; cut--) {
    if (!visible.startsWith(token, cut)) continue;
    const rest = visible.slice(cut + token.length);
    const restStart = text.length - rest.length;
    if (!flat.endsWith(rest) || (rest.length && restStart < cut)) continue;
    const before = Math.min(lastStart, cut);
    return [
      ...sliceRuns(runs, 0, before),
      ...onLast(sliceRuns(runs, before, cut)),
      ...onLast(tokenRuns),
      ...onLast(sliceRuns(runs, restStart, text.length)),
    ];
  }
  return null;
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
  const direction = element.baseDirection === "rtl" || element.baseDirection === "ltr" ? element.baseDirection : undefined;
  return {
    ...(direction ? { direction } : {}),
    ...(element.alignment && element.alignment !== "natural" ? { textAlign: TEXT_ALIGN[element.alignment] } : {}),
    fontFamily: familyCSS(font.family),
    fontSize: `${font.size}px`,
    fontWeight: String(weight),
    fontStyle: font.style === "italic" ? "italic" : "normal",
    lineHeight: element.lineHeight == null ? "normal" : `${element.lineHeight}px`,
    letterSpacing: `${element.letterSpacing || 0}px`,
    overflowWrap: element.overflowWrap || (inFlex ? "normal" : "anywhere"),
    width: "max-content",
  };
}

/** `alignment` as CSS text-align (`natural` is the model's `start`). */
const TEXT_ALIGN = { left: "left", right: "right", center: "center", justified: "justify" };

/** One family as CSS names it: a generic keyword bare, any other name quoted. */
function familyCSS(family) {
  const quoted = (name) => `"${name.replace(/["\\]/g, "\\$&")}"`;
  // A generic family is whatever the browser's platform picks, unless Weft said which family it
  // measured it as (loadFonts): then that family comes first and the keyword is only a fallback.
  if (!GENERIC_FAMILIES.has(family)) return quoted(family);
  return serverGenerics.has(family) ? `${quoted(serverGenerics.get(family))}, ${family}` : family;
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

// MARK: - The scroll loop

/** Fields that are a cell's content: a ref stands for them (api.md, "Incremental requests"). */
const CONTENT_FIELDS = new Set(["kind", "node", "size", "style"]);

/** Bodies smaller than this go uncompressed: gzip's header would eat the saving. */
const GZIP_MINIMUM_BYTES = 1024;

/** UTF-8 length of a string, without allocating its bytes. */
function utf8Length(text) {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) { bytes += 2; i++; }  // a surrogate pair: 4 bytes for 2 units
    else if (c >= 0x800) bytes += 2;
    else if (c >= 0x80) bytes += 1;
  }
  return bytes;
}

/**
 * A request body as bytes, gzipped when the browser has CompressionStream and the
 * body is worth it. Resolves to { body, headers, bytes (as sent), jsonBytes (before gzip) } for fetch.
 */
export async function encodeBody(json, { compress = true } = {}) {
  const headers = { "content-type": "application/json" };
  const jsonBytes = utf8Length(json);
  if (!compress || typeof CompressionStream !== "function" || jsonBytes < GZIP_MINIMUM_BYTES) {
    return { body: json, headers, bytes: jsonBytes, jsonBytes };
  }
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"));
  const body = new Uint8Array(await new Response(stream).arrayBuffer());
  return { body, headers: { ...headers, "content-encoding": "gzip" }, bytes: body.length, jsonBytes };
}

/**
 * An Error for a problem+json answer; `.problem` holds its body, `.status` the status,
 * and `.retryAfter` the seconds of a Retry-After (a 503's) when the answer has one.
 */
function problemError(status, body, retryAfter = null) {
  const where = body && body.path ? ` at ${body.path}` : "";
  const err = new Error(`${status} ${(body && body.title) || ""}: ${(body && body.detail) || ""}${where}`);
  err.problem = body;
  err.status = status;
  if (retryAfter !== null) err.retryAfter = retryAfter;
  return err;
}

/** A response's Retry-After in seconds (the delay form Weft sends), or null. */
function retryAfterOf(res) {
  const header = res.headers.get("retry-after");
  const value = Number(header);
  return header !== null && Number.isFinite(value) && value >= 0 ? value : null;
}

/** True for the 409 a request with unknown refs gets. */
export function isUnknownRefProblem(problem) {
  return !!problem && problem.status === 409 && typeof problem.type === "string"
    && problem.type.endsWith("unknown-ref") && Array.isArray(problem.refs);
}

/**
 * The index of the top-level item a JSON Pointer such as "/sections/0/items/3" (or
 * "/items/3") names or points into ("/sections/0/items/3/node/items/2": a cell of a
 * container nested in item 3, which re-sending item 3 in full re-sends), or -1.
 */
export function itemIndexOfPointer(pointer) {
  const m = /^\/(?:sections\/\d+\/)?items\/(\d+)(?:\/|$)/.exec(pointer);
  return m ? Number(m[1]) : -1;
}

/**
 * Reads an NDJSON body record by record, calling `onRecord` with each parsed line
 * as it arrives; resolves to the body's length in bytes when it ends.
 */
export async function readRecords(response, onRecord) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) bytes += value.length;
    pending += decoder.decode(value || new Uint8Array(), { stream: !done });
    let newline;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) onRecord(JSON.parse(line));
    }
    if (done) break;
  }
  if (pending.trim()) onRecord(JSON.parse(pending));
  return bytes;
}

/**
 * The face CSS font matching would pick from `faces` (one family's) for `weight` and
 * `style` (CSS Fonts 4, "font-weight" and "font-style" matching): the style first
 * (italic falls back to oblique, then normal), then the nearest weight in the
 * direction the CSS rules give.
 */
export function matchFace(faces, weight, style) {
  const styles = style === "italic" ? ["italic", "oblique", "normal"] : ["normal", "oblique", "italic"];
  for (const s of styles) {
    const candidates = faces.filter((f) => (f.style || "normal") === s);
    if (candidates.length === 0) continue;
    const w = (f) => Number(f.weight ?? 400);
    const exact = candidates.find((f) => w(f) === weight);
    if (exact) return exact;
    const lighter = candidates.filter((f) => w(f) < weight).sort((a, b) => w(b) - w(a));
    const heavier = candidates.filter((f) => w(f) > weight).sort((a, b) => w(a) - w(b));
    if (weight >= 400 && weight <= 500) {
      const upTo500 = heavier.filter((f) => w(f) <= 500);
      return upTo500[0] || lighter[0] || heavier[0];
    }
    return weight < 400 ? lighter[0] || heavier[0] : heavier[0] || lighter[0];
  }
  return null;
}

/**
 * Every font ({ family, weight, style }) the text elements of `element`'s tree name:
 * their own, their spans' and their truncation token's spans' (each inheriting the
 * element's font keys), in nested containers' cells, headers and footers too.
 */
export function fontsOf(element, into = new Map()) {
  if (!element || typeof element !== "object") return into;
  if (element.type === "text" || element.type === "editableText") {
    const own = { ...DEFAULT_FONT, ...(element.font || {}) };
    const add = (font) => {
      const weight = font.weight === "bold" ? 700 : font.weight === "normal" ? 400 : Number(font.weight);
      const style = font.style === "italic" ? "italic" : "normal";
      into.set(`${font.family}\u0000${weight}\u0000${style}`, { family: font.family, weight, style });
    };
    add(own);
    const spans = [...(Array.isArray(element.spans) ? element.spans : []),
                   ...(Array.isArray(element.truncationText) ? element.truncationText : [])];
    for (const span of spans) if (span && span.font) add({ ...own, ...span.font });
  }
  for (const child of childrenInZOrder(element)) fontsOf(child, into);
  const cells = [...(element.items || []),
                 ...(element.sections || []).flatMap((s) => [s.header, ...(s.items || []), s.footer])];
  for (const value of [element.node, ...cells]) {
    if (value && typeof value === "object") fontsOf(value.node || value, into);
  }
  return into;
}

/** The GET /v1/fonts listing per service, fetched once. */
const fontListings = new Map();

/** Faces already added to a document: a face is loaded once however often it is asked for. */
const loadedFaces = new WeakMap();

/**
 * Loads, as FontFace, the font files Weft measures text with, so the browser draws the
 * very lines Weft counted. `fonts` (from fontsOf) names what to load: for each, the
 * face of its family CSS matching would pick (a generic family stands for the family
 * Weft resolves it to); `families` (names, any case) adds every face of those families;
 * with neither, every face the service lists (many megabytes). Never rejects: a font that fails to load is reported in the result, not thrown.
 */
export async function loadFonts({ baseUrl = "", headers = {}, doc = globalThis.document, fonts, families } = {}) {
  const result = { loaded: [], failed: [] };
  if (!doc || !doc.fonts || typeof FontFace !== "function") return result;
  const listingURL = serviceURL(baseUrl, "/v1/fonts");
  if (!fontListings.has(listingURL)) {
    fontListings.set(listingURL, fetch(listingURL, { headers: { accept: "application/json", ...headers } })
      .then((res) => (res.ok ? res.json() : null)).catch(() => null));
  }
  const listing = await fontListings.get(listingURL);
  if (!listing || !Array.isArray(listing.families)) return result;
  for (const [generic, family] of Object.entries(listing.generic || {})) serverGenerics.set(generic, family);
  const faces = new Map(listing.families.filter((f) => f && Array.isArray(f.faces)).map((f) => [f.family, f.faces]));
  const wanted = new Set();
  for (const font of fonts ? fonts.values() : []) {
    const family = serverGenerics.get(font.family) || font.family;
    const face = faces.has(family) ? matchFace(faces.get(family), font.weight, font.style) : null;
    if (face) wanted.add({ family, ...face });
  }
  const named = Array.isArray(families) ? new Set(families.map((f) => String(f).toLowerCase())) : null;
  for (const [family, list] of faces) {
    if (named ? named.has(family.toLowerCase()) : !fonts) for (const face of list) wanted.add({ family, ...face });
  }
  if (!loadedFaces.has(doc)) loadedFaces.set(doc, new Map());
  const loaded = loadedFaces.get(doc);
  await Promise.all([...wanted].filter((f) => typeof f.url === "string").map(async (f) => {
    // A font collection's later faces cannot be named to FontFace (the browser loads a
    // collection's first face): those are not registered, and the page's local font stands in.
    if ((f.index ?? 0) > 0) {
      result.failed.push(f);
      return;
    }
    const url = new URL(f.url, baseUrl || doc.baseURI).href;
    // One registration per family: families that share a file are each registered under their name.
    const key = `${url}\u0000${f.family}\u0000${f.weight ?? 400}\u0000${f.style || "normal"}\u0000${f.stretch ?? 100}`;
    if (!loaded.has(key)) {
      const descriptors = { weight: String(f.weight ?? 400), style: f.style || "normal" };
      // A family's condensed faces share its weights and styles: without the width, the
      // last one registered would stand in for the normal face.
      if (typeof f.stretch === "number") descriptors.stretch = `${f.stretch}%`;
      loaded.set(key, new FontFace(f.family, `url(${JSON.stringify(url)})`, descriptors).load()
        .then((face) => { doc.fonts.add(face); return true; }, () => false));
    }
    (await loaded.get(key) ? result.loaded : result.failed).push(f);
  }));
  return result;
}

/**
 * A scrolling list laid out by Weft: the loop of docs/scroll-loop.md.
 *
 * `host` is the element that scrolls (it gets `overflow: auto` unless it has a style).
 * Options:
 *   baseUrl        the service (default: this page's origin)
 *   container      the container spec (type, leadingScreensForBatching, ...); `bounds`
 *                  default to the host's client size (its scrollbar's room kept from the
 *                  start: `scrollbar-gutter: stable`), and when that size changes the next
 *                  request relays every cell out (`full`; a pager is told its previous
 *                  bounds and keeps its page); `contentOffset` and `scrolling`
 *                  follow the scroll: along x for a pager or a horizontal collection
 *   direction      the request's `direction` ("ltr" default, or "rtl": Weft mirrors the
 *                  cells; the host is then made `direction: rtl` unless it has a direction
 *                  style, so the list starts at its first cell, on the right)
 *   sectionId      the one section's id (default "items")
 *   fetchBatch     async (list) => cells: called once each time Weft's batchFetch.shouldFetch
 *                  turns true; its cells are appended ([] or null: no more)
 *   renderCell     (el, cell, placed) => void: fills a cell's element (default: Weft's boxes
 *                  and text, through render())
 *   headers        extra request headers (e.g. authorization)
 *   stream         stream the first answer (default true)
 *   compress       gzip request bodies where CompressionStream exists (default true)
 *   fonts          load the faces the cells' text uses from /v1/fonts (default true)
 *   onStep         (report) => void, after every exchange (see StepReport in weft-client.d.ts)
 *   onError        (error) => void, for errors of scroll steps and batch fetches
 */
export function createList(host, options = {}) {
  const {
    baseUrl = "", sectionId = "items", fetchBatch, renderCell, direction,
    headers = {}, stream = true, compress = true, fonts = true, onStep, onError = (e) => console.error(e),
  } = options;
  // A copy: resize() changes its bounds, never the caller's object.
  const container = { type: "table", ...options.container };
  // A pager and a horizontal collection scroll along x (Texture's scrollableDirections).
  const alongX = container.type === "pager" || (container.type === "collection" && container.scrollDirection === "horizontal");
  const doc = host.ownerDocument;
  installTextCSS(doc);
  if (!host.style.overflow) host.style.overflow = "auto";
  // Room for the scrollbar from the first request on: a scrollbar that appears once rows
  // fill the host would narrow the bounds the next request sends.
  if (!host.style.scrollbarGutter) host.style.scrollbarGutter = "stable";
  if (!host.style.position) host.style.position = "relative";
  if (direction === "rtl" && !host.style.direction) host.style.direction = "rtl";
  const content = doc.createElement("div");
  content.className = "weft-list-content";
  Object.assign(content.style, { position: "relative", width: "0px", height: "0px" });
  host.replaceChildren(content);

  /** Per cell: { id, cell (as given), key, frame, layout, el }. */
  const entries = [];
  const byId = new Map();
  let hints = null;
  let contentSize = { width: 0, height: 0 };
  let queue = Promise.resolve();  // exchanges run one after another, never two at once
  let running = 0;                // exchanges queued or running
  let stepQueued = false;         // a scroll step waits for the next animation frame
  let stepAgain = false;          // the user scrolled while an exchange ran: one more step after it
  let lastScroll = 0;             // the host's scrollTop or scrollLeft at the last step
  let rtlHost = false;            // the host lays out right to left (read at every request)
  let sentOrigin = null;          // the contentOffset of the last request
  let sentScroll = 0;             // the scroll position it was read at
  let exhausted = false;
  let fetching = null;            // the batch fetch in progress, until its cells are laid out
  let awaitingBatch = false;      // fetchBatch has not returned yet: steps say `fetching: true`
  let lastHints = null;           // { json, etag } of the last hints step, for If-None-Match
  let laidOutIn = null;           // the bounds of the last answer every cell was laid out in
  let keepsPage = false;          // the request in flight told a pager its previous bounds
  let destroyed = false;
  // destroy() cancels the exchange in flight; nothing is sent after it.
  const aborter = typeof AbortController === "function" ? new AbortController() : null;

  const bounds = () => container.bounds || { width: host.clientWidth, height: host.clientHeight };

  /** The host's scroll position along the list's axis: physical, it grows rightward or downward. */
  const scrollPosition = () => (alongX ? host.scrollLeft : host.scrollTop);

  function isRTLHost() {
    const view = doc.defaultView;
    const style = view && typeof view.getComputedStyle === "function" ? view.getComputedStyle(host) : host.style;
    return style.direction === "rtl";
  }

  /**
   * The viewport in content coordinates. Weft mirrors an RTL container's cells but not its
   * offsets: x counts from the content's left edge in either direction. In an RTL box the
   * content hangs from the right edge and scrollLeft is 0 scrolled fully right, negative
   * leftward (CSSOM View), so the left edge is the content's width less the viewport's, plus scrollLeft.
   */
  function viewport() {
    const width = host.clientWidth, height = host.clientHeight;
    if (!alongX) return { x: 0, y: host.scrollTop, width, height };
    const x = rtlHost ? contentSize.width - width + host.scrollLeft : host.scrollLeft;
    return { x, y: 0, width, height };
  }

  function containerSpec(sentBounds) {
    rtlHost = isRTLHost();
    const position = scrollPosition();
    const moved = Math.sign(position - lastScroll);
    // Texture's ASScrollDirection is physical: `right` while contentOffset.x grows, as it
    // does with scrollLeft in either direction (the next cells of an RTL list are `left`).
    const scrolling = moved === 0 ? "none" : alongX ? (moved > 0 ? "right" : "left") : (moved > 0 ? "down" : "up");
    const { x, y } = viewport();
    sentOrigin = { x, y };
    sentScroll = position;
    const spec = { ...container, bounds: sentBounds, contentOffset: { x, y }, scrolling, fetching: awaitingBatch };
    // A pager keeps its page across a size change (ASPagerNode): the server is told the old bounds.
    keepsPage = container.type === "pager" && laidOutIn !== null && !sameSize(laidOutIn, sentBounds);
    if (keepsPage) spec.previousBounds = laidOutIn;
    return spec;
  }

  const sameSize = (a, b) => a.width === b.width && a.height === b.height;

  /** The wire form of a cell: a ref once the server gave it a key, else the cell in full. */
  function wireCell(entry, full) {
    if (full || !entry.key) return { ...entry.cell, id: entry.id };
    const wire = { id: entry.id, ref: entry.key };
    for (const name in entry.cell) {
      if (name !== "id" && !CONTENT_FIELDS.has(name)) wire[name] = entry.cell[name];
    }
    return wire;
  }

  /**
   * One exchange: POSTs every cell (refs where known, `full` ones with content) and asks
   * the `answer` shape; streams when asked. A 409 names refs the server does not hold:
   * those cells are re-sent with their content (their keys stay: equal content, equal key).
   * `take` gets the answer, or null for a 304 (what the list holds still stands), before
   * onStep reports the exchange, so that a report reads the list as the answer left it.
   */
  async function exchange(kind, answer, { streamed = false, full = new Set(), take }) {
    for (let round = 0; round < 3; round++) {
      if (destroyed) throw destroyedError();
      const started = performance.now();
      // Bounds that changed since every cell was laid out (the host resized) relay every
      // cell out: refs, a `full` answer (docs/scroll-loop.md, "resize").
      const sentBounds = bounds();
      if (laidOutIn && !sameSize(laidOutIn, sentBounds)) answer = "full";
      // `answer` first: a hints step that names it before the cells is answered from the
      // step before's placement without the cells being read (docs/scroll-loop.md).
      const body = answer !== "full" ? { answer } : {};
      if (direction) body.direction = direction;
      body.container = containerSpec(sentBounds);
      let refs = 0;
      const items = entries.map((e, i) => {
        const wire = wireCell(e, full.has(i));
        if (wire.ref) refs++;
        return wire;
      });
      body.sections = [{ id: sectionId, items }];
      const json = JSON.stringify(body);
      const encoded = await encodeBody(json, { compress });
      const requestHeaders = { ...encoded.headers, accept: streamed ? "application/x-ndjson" : "application/json", ...headers };
      const repeat = answer === "hints" && lastHints && lastHints.json === json;
      if (repeat) requestHeaders["if-none-match"] = lastHints.etag;
      const res = await fetch(serviceURL(baseUrl, "/v1/layout"),
        { method: "POST", headers: requestHeaders, body: encoded.body, signal: aborter?.signal });
      const report = (status, receivedBytes) => onStep && onStep({
        kind, answer, status, cells: entries.length, refs,
        sentBytes: encoded.bytes, jsonBytes: encoded.jsonBytes, receivedBytes, ms: performance.now() - started,
      });
      if (res.status === 304) {
        take(null);
        report(304, 0);
        return;
      }
      const isStream = (res.headers.get("content-type") || "").startsWith("application/x-ndjson");
      if (res.ok && isStream) {
        const { answer: streamedAnswer, bytes } = await readStream(res);
        if (answer === "full") laidOutIn = sentBounds;
        take(streamedAnswer);
        report(res.status, bytes);
        return;
      }
      const text = await res.text();
      if (res.ok) {
        const parsed = parseAnswer(res, text);
        if (answer === "hints") lastHints = { json, etag: res.headers.get("etag") };
        if (answer === "full") laidOutIn = sentBounds;
        take(parsed);
        report(res.status, utf8Length(text));
        return;
      }
      report(res.status, utf8Length(text));
      const problem = problemBody(res.status, text);
      if (!isUnknownRefProblem(problem)) throw problemError(res.status, problem, retryAfterOf(res));
      // Only cells this list sent as refs can be re-sent in full: a 409 naming none of
      // them would be answered the same way again.
      const before = full.size;
      for (const pointer of problem.refs) {
        const i = itemIndexOfPointer(pointer);
        if (i >= 0 && i < entries.length) full.add(i);
      }
      if (full.size === before) throw problemError(res.status, problem);
    }
    throw new Error("Weft kept refusing refs after re-sending the cells it named");
  }

  /**
   * Applies `cell` records as they arrive, drawing those in the viewport at once (the
   * hints come last, in `end`), and returns the `end` record as an answer.
   */
  async function readStream(res) {
    let end = null;
    const bytes = await readRecords(res, (record) => {
      if (record.record === "cell" && record.slot === "item") {
        const entry = entries[Array.isArray(record.index) ? record.index[1] : -1];
        if (entry) {
          place(entry, record);
          grow(record.frame);
          if (!hints && intersects(record.frame, viewport())) mount(entry);
        }
      } else if (record.record === "end") {
        end = record;
      } else if (record.record === "error") {
        throw problemError(record.status, record);
      }
    });
    if (!end) throw new Error("the stream ended without its end record");
    return { answer: { contentSize: end.contentSize, hints: end.hints, warnings: end.warnings, stats: end.stats }, bytes };
  }

  function place(entry, result) {
    if (result.key) entry.key = result.key;
    // Equal content at an equal frame has an equal layout: only a moved or resized cell is redrawn.
    const moved = !entry.frame || ["x", "y", "width", "height"].some((k) => entry.frame[k] !== result.frame[k]);
    entry.frame = result.frame;
    if (result.layout !== undefined) entry.layout = result.layout;
    // A table row's tree sits in its content view: past the accessory in a right-to-left row.
    entry.content = result.table ? result.table.contentFrame : null;
    if (entry.el && moved) unmount(entry);
  }

  function setContentSize(size) {
    contentSize = size;
    content.style.width = `${size.width}px`;
    content.style.height = `${size.height}px`;
  }

  function grow(frame) {
    setContentSize({
      width: Math.max(contentSize.width, frame.x + frame.width),
      height: Math.max(contentSize.height, frame.y + frame.height),
    });
  }

  /** Whether `frame` reaches into `view` along the scroll axis (the other axis is the content's whole breadth). */
  function intersects(frame, view) {
    return alongX ? frame.x < view.x + view.width && frame.x + frame.width > view.x
                  : frame.y < view.y + view.height && frame.y + frame.height > view.y;
  }

  /** Takes in an answer: cells' frames, layouts and keys; size; hints; then the DOM. */
  function apply(answer) {
    if (!answer) return;
    for (const section of answer.sections || []) {
      for (const item of section.items || []) {
        const entry = entries[Array.isArray(item.index) ? item.index[1] : byId.get(item.id)];
        if (entry) place(entry, item);
      }
    }
    if (answer.contentSize) setContentSize(answer.contentSize);
    if (answer.hints) hints = answer.hints;
    // A pager told its old bounds answers the offset that keeps its page: scroll there.
    const target = keepsPage && answer.hints?.pager?.targetContentOffset;
    keepsPage = false;
    if (target) {
      if (alongX) host.scrollLeft = rtlHost ? target.x - (contentSize.width - host.clientWidth) : target.x;
      else host.scrollTop = target.y;
      lastScroll = scrollPosition();
    }
    syncDOM();
  }

  /** The item indexes in the preload range (Texture keeps those cells loaded). */
  function preloadIndexes() {
    const range = hints && hints.ranges && hints.ranges.preload;
    if (!Array.isArray(range)) return null;
    const out = new Set();
    for (const path of range) if (Array.isArray(path)) out.add(path[1]);
    return out;
  }

  /** The DOM holds exactly the preload range: cells entering it are drawn, cells leaving it removed. */
  function syncDOM() {
    const keep = preloadIndexes();
    const view = keep ? null : viewport();
    entries.forEach((entry, i) => {
      const wanted = keep ? keep.has(i) : !!entry.frame && intersects(entry.frame, view);
      if (wanted && entry.frame && !entry.el) mount(entry);
      else if (!wanted && entry.el) unmount(entry);
    });
  }

  function mount(entry) {
    if (entry.el || !entry.frame) return;
    const el = doc.createElement("div");
    el.className = "weft-cell";
    el.dataset.id = entry.id;
    const f = entry.frame;
    if (renderCell) {
      renderCell(el, entry.cell, { frame: f, layout: entry.layout, key: entry.key });
    } else if (entry.layout && entry.cell.node) {
      let into = el;
      if (entry.content && (entry.content.x || entry.content.y)) {
        into = doc.createElement("div");
        Object.assign(into.style, { position: "absolute", left: `${entry.content.x}px`, top: `${entry.content.y}px` });
        el.appendChild(into);
      }
      render(into, { root: entry.cell.node }, { layout: entry.layout, size: { width: f.width, height: f.height } });
    }
    Object.assign(el.style, {
      position: "absolute", boxSizing: "border-box", left: `${f.x}px`, top: `${f.y}px`,
      width: `${f.width}px`, height: `${f.height}px`,
    });
    el.dataset.frame = [f.x, f.y, f.width, f.height].join(",");
    content.appendChild(el);
    entry.el = el;
  }

  function unmount(entry) {
    if (!entry.el) return;
    entry.el.remove();
    entry.el = null;
  }

  /** Queues `work` behind every exchange before it; a scroll during it asks one more step after. */
  function serial(work) {
    running++;
    const run = queue.then(work);
    queue = run.catch(() => {}).finally(() => {
      running--;
      if (stepAgain && running === 0) {
        stepAgain = false;
        schedule();
      }
    });
    return run;
  }

  /** Fetches the next batch when the last hints say so: once per trigger, `fetching` set meanwhile. */
  function maybeFetchBatch() {
    if (!fetchBatch || exhausted || fetching || destroyed || !hints || !hints.batchFetch || !hints.batchFetch.shouldFetch) return;
    awaitingBatch = true;
    fetching = (async () => {
      try {
        const more = await Promise.resolve().then(() => fetchBatch(list));
        awaitingBatch = false;
        if (destroyed) return false;
        // The batch is in hand: its append asks hints with `fetching: false`, which is Texture's
        // check when a batch completes (the new cells may not reach past the trigger).
        if (!more || more.length === 0) exhausted = true;
        else await appendCells(more, "batch");
        return true;
      } catch (e) {
        if (!destroyed) onError(e);
        return false;
      } finally {
        awaitingBatch = false;
      }
    })();
    fetching.then((ok) => {
      fetching = null;
      // After a failure the next scroll step tries again, not a tight loop of failures.
      if (ok) maybeFetchBatch();
    });
  }

  async function scrollStep() {
    stepQueued = false;
    if (entries.length === 0 || destroyed) return;
    if (running > 0) {
      stepAgain = true;
      return;
    }
    try {
      await serial(() => exchange("scroll", "hints", {
        take: (answer) => {
          lastScroll = sentScroll;
          if (answer) apply(answer);
          else syncDOM();
        },
      }));
      maybeFetchBatch();
    } catch (e) {
      if (destroyed) return;
      onError(e);
      // A busy or draining server says when to come back (a 503's Retry-After): the step
      // is tried again then, so a list at rest does not stay on the ranges it had.
      if (typeof e.retryAfter === "number") setTimeout(schedule, Math.min(e.retryAfter, 60) * 1000);
    }
  }

  /** Takes in an answer that moved cells, then catches up with a viewport that moved meanwhile. */
  function applyAndFollow(answer) {
    apply(answer);
    followViewport();
  }

  /**
   * One more step when the viewport is no longer where the last request said: the user
   * scrolled meanwhile, or an RTL list's content grew leftward under a still viewport.
   */
  function followViewport() {
    const view = viewport();
    if (sentOrigin && (view.x !== sentOrigin.x || view.y !== sentOrigin.y)) schedule();
  }

  /** At most one step per animation frame, however many scroll events arrive. */
  function schedule() {
    if (stepQueued || destroyed) return;
    stepQueued = true;
    (globalThis.requestAnimationFrame || ((f) => setTimeout(f, 16)))(scrollStep);
  }
  const onScroll = () => schedule();
  host.addEventListener("scroll", onScroll, { passive: true });

  /** Adds cells at the end: known cells go as refs, the new ones in full (answer `frames`). */
  async function appendCells(cells, kind) {
    if (destroyed) throw destroyedError();
    await serial(async () => {
      if (destroyed) throw destroyedError();
      // The fonts first, so text is drawn with the faces Weft measured it with from its
      // first paint; in the queue, so that appends keep the order they were called in.
      if (fonts) await loadFonts({ baseUrl, headers, doc, fonts: cells.reduce((into, c) => fontsOf(c.node, into), new Map()) });
      const ids = new Set();
      for (const cell of cells) {
        if (cell.id == null || byId.has(cell.id) || ids.has(cell.id)) throw new Error(`every cell needs a unique id (${cell.id})`);
        ids.add(cell.id);
      }
      const before = entries.length, sizeBefore = contentSize;
      const first = before === 0;
      const full = new Set();
      for (const cell of cells) {
        byId.set(cell.id, entries.length);
        full.add(entries.length);
        entries.push({ id: cell.id, cell, key: null, frame: null, layout: undefined, el: null });
      }
      try {
        // The first answer streams, so the first screen paints before the rest is laid out.
        await exchange(first ? "first" : kind, first ? "full" : "frames", {
          streamed: first && stream, full,
          take: applyAndFollow,
        });
      } catch (e) {
        // A failed append leaves no trace: its cells can be appended again, and no later
        // step sends cells the server never placed (they would get no key and no frame).
        for (const entry of entries.splice(before)) {
          byId.delete(entry.id);
          unmount(entry);
        }
        setContentSize(sizeBefore);
        throw e;
      }
    });
  }

  function destroyedError() {
    return new Error("the list was destroyed");
  }

  const list = {
    /** Every cell: { id, cell, key, frame, layout, mounted }. */
    get cells() {
      return entries.map(({ id, cell, key, frame, layout, el }) => ({ id, cell, key, frame, layout, mounted: !!el }));
    },
    get hints() { return hints; },
    get contentSize() { return contentSize; },
    /** True once fetchBatch has returned no cells: no batch is asked for after that. */
    get exhausted() { return exhausted; },
    /** The element the cells are drawn in (content coordinates). */
    get content() { return content; },

    /**
     * Adds cells at the end and lays them out: known cells go as refs, the new ones in
     * full. The first call streams (NDJSON) so the first screen paints before the rest.
     */
    async append(cells) {
      await appendCells(cells, "append");
      maybeFetchBatch();
      return list;
    },

    /**
     * Relays every cell out at new bounds (a resize or rotation): refs, `full` answer.
     * The list keeps these bounds from then on, whatever size the host takes.
     */
    async resize(newBounds) {
      container.bounds = newBounds;
      await serial(() => exchange("resize", "full", { take: applyAndFollow }));
      return list;
    },

    /** A scroll step now, without waiting for a scroll event. */
    refresh: () => scrollStep(),

    /** Resolves once no exchange, scroll step or batch fetch is pending. */
    async settled() {
      while (running > 0 || stepQueued || stepAgain || fetching) {
        await Promise.all([queue, fetching]);
        if (stepQueued) await new Promise((resolve) => (globalThis.requestAnimationFrame || setTimeout)(resolve));
      }
      return list;
    },

    /** Stops listening, cancels the exchange in flight and empties the host; nothing is sent after it. */
    destroy() {
      destroyed = true;
      aborter?.abort();
      host.removeEventListener("scroll", onScroll);
      host.replaceChildren();
    },
  };
  return list;
}
