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
 * `lines: true` asks for every text's line boxes (`?lines=1`).
 * Resolves to the parsed response; rejects with an Error carrying `.problem`
 * (the RFC 9457 body) when the service refuses the request.
 */
export async function layout(request, { baseUrl = "", headers = {}, signal, lines = false } = {}) {
  const path = (isNodeRequest(request) ? "/v1/layout/node" : "/v1/layout") + (lines ? "?lines=1" : "");
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
    if (entry.type === "text" && entry.element && (typeof entry.element.text === "string" || Array.isArray(entry.element.spans))) {
      el.appendChild(textElement(host.ownerDocument, entry.element, f.width, entry.parent?.type === "flex", entry.node));
      // Weft's maxLines or a short frame cut lines off: the box clips them, but not the
      // truncation token, which may reach past the widest line as wrapped.
      if (entry.node.truncated) Object.assign(el.style, { overflowX: "visible", overflowY: "clip" });
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
  return GENERIC_FAMILIES.has(family) ? family : `"${family.replace(/["\\]/g, "\\$&")}"`;
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
const CONTENT_FIELDS = ["kind", "node", "size", "style"];

/** Bodies smaller than this go uncompressed: gzip's header would eat the saving. */
const GZIP_MINIMUM_BYTES = 1024;

/**
 * A request body as bytes, gzipped when the browser has CompressionStream and the
 * body is worth it. Resolves to { body, headers } for fetch.
 */
export async function encodeBody(json, { compress = true } = {}) {
  const headers = { "content-type": "application/json" };
  if (!compress || typeof CompressionStream !== "function" || json.length < GZIP_MINIMUM_BYTES) {
    return { body: json, headers };
  }
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"));
  const body = new Uint8Array(await new Response(stream).arrayBuffer());
  return { body, headers: { ...headers, "content-encoding": "gzip" } };
}

/** An Error for a problem+json answer; `.problem` holds its body, `.status` the status. */
function problemError(status, body) {
  const where = body && body.path ? ` at ${body.path}` : "";
  const err = new Error(`${status} ${(body && body.title) || ""}: ${(body && body.detail) || ""}${where}`);
  err.problem = body;
  err.status = status;
  return err;
}

/** True for the 409 a request with unknown refs gets. */
export function isUnknownRefProblem(problem) {
  return !!problem && problem.status === 409 && typeof problem.type === "string"
    && problem.type.endsWith("unknown-ref") && Array.isArray(problem.refs);
}

/** The item index a JSON Pointer such as "/sections/0/items/3" (or "/items/3") names, or -1. */
export function itemIndexOfPointer(pointer) {
  const m = /\/items\/(\d+)$/.exec(pointer);
  return m ? Number(m[1]) : -1;
}

/**
 * Reads an NDJSON body record by record, calling `onRecord` with each parsed line
 * as it arrives; resolves when the body ends.
 */
export async function readRecords(response, onRecord) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  for (;;) {
    const { value, done } = await reader.read();
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
}

/**
 * Loads the faces GET /v1/fonts lists with a `url` into `doc.fonts` (FontFace), so the
 * browser draws text with the very files Weft measured. Families without face files
 * are expected to be installed locally. `families` (names, any case) loads only those
 * families' faces. Never rejects: a font that fails to load is reported in the result,
 * not thrown.
 */
export async function loadFonts({ baseUrl = "", headers = {}, doc = globalThis.document, families } = {}) {
  const wanted = Array.isArray(families) ? new Set(families.map((f) => String(f).toLowerCase())) : null;
  const result = { loaded: [], failed: [] };
  if (!doc || !doc.fonts || typeof FontFace !== "function") return result;
  let body;
  try {
    const res = await fetch(baseUrl + "/v1/fonts", { headers: { accept: "application/json", ...headers } });
    if (!res.ok) return result;
    body = await res.json();
  } catch {
    return result;
  }
  const faces = [];
  if (Array.isArray(body.faces)) faces.push(...body.faces);
  for (const family of Array.isArray(body.families) ? body.families : []) {
    if (family && typeof family === "object" && Array.isArray(family.faces)) {
      for (const face of family.faces) faces.push({ family: family.family ?? family.name, ...face });
    }
  }
  const loadable = (f) => f && typeof f.url === "string" && typeof f.family === "string"
    && (!wanted || wanted.has(f.family.toLowerCase()));
  await Promise.all(faces.filter(loadable).map(async (f) => {
    const url = new URL(f.url, baseUrl || doc.baseURI).href;
    const descriptors = {};
    if (f.weight != null) descriptors.weight = String(f.weight);
    if (f.style != null) descriptors.style = String(f.style);
    // A family's condensed faces share its weights and styles: without the width, the
    // last one registered would stand in for the normal face.
    if (typeof f.stretch === "number") descriptors.stretch = `${f.stretch}%`;
    try {
      const face = new FontFace(f.family, `url(${JSON.stringify(url)})`, descriptors);
      doc.fonts.add(await face.load());
      result.loaded.push(f);
    } catch {
      result.failed.push(f);
    }
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
 *                  default to the host's client size, `contentOffset` follows the scroll
 *   sectionId      the one section's id (default "items")
 *   fetchBatch     async (list) => cells: called when Weft's batchFetch.shouldFetch turns
 *                  true; its cells are appended ([] or null: no more)
 *   renderCell     (el, cell, placed) => void: fills a cell's element (default: Weft's boxes
 *                  and text, through render())
 *   headers        extra request headers (e.g. authorization)
 *   stream         stream the first answer (default true)
 *   compress       gzip request bodies where CompressionStream exists (default true)
 *   fonts          load /v1/fonts faces first (default true)
 *   onStep         ({ kind, sentBytes, status, ms }) => void, after every exchange
 *   onError        (error) => void, for errors of scroll steps and batch fetches
 */
export function createList(host, options = {}) {
  const {
    baseUrl = "", container = { type: "table" }, sectionId = "items", fetchBatch, renderCell,
    headers = {}, stream = true, compress = true, fonts = true, onStep, onError = (e) => console.error(e),
  } = options;
  const doc = host.ownerDocument;
  installTextCSS(doc);
  if (!host.style.overflow) host.style.overflow = "auto";
  if (!host.style.position) host.style.position = "relative";
  const content = doc.createElement("div");
  content.className = "weft-list-content";
  Object.assign(content.style, { position: "relative", width: "0px", height: "0px" });
  host.replaceChildren(content);

  /** Per cell: { id, cell (as given), key, frame, layout, el }. */
  const entries = [];
  const byId = new Map();
  let supportsRefs = false;      // learned from the first answer: cells there carry `key`
  let hints = null;
  let contentSize = { width: 0, height: 0 };
  let inFlight = null;           // the exchange now running, so steps never overlap
  let scrollQueued = false;
  let lastOffset = 0;
  let exhausted = false;
  let fetching = false;
  let lastHints = null;          // { body, etag, answer } of the last hints step, for If-None-Match
  const fontsReady = fonts ? loadFonts({ baseUrl, headers, doc }) : Promise.resolve();

  const bounds = () => container.bounds || { width: host.clientWidth, height: host.clientHeight };

  function containerSpec() {
    const offset = host.scrollTop;
    const scrolling = offset > lastOffset ? "down" : offset < lastOffset ? "up" : "none";
    return { ...container, bounds: bounds(), contentOffset: { x: 0, y: offset }, scrolling, fetching };
  }

  /** The wire form of entry `i`: a ref when the server knows it, else the cell in full. */
  function wireCell(entry, full) {
    if (full || !supportsRefs || !entry.key) return { ...entry.cell, id: entry.id };
    const wire = { id: entry.id, ref: entry.key };
    for (const [name, value] of Object.entries(entry.cell)) {
      if (name !== "id" && !CONTENT_FIELDS.includes(name)) wire[name] = value;
    }
    return wire;
  }

  function requestBody(answer, fullIndexes) {
    const body = {
      container: containerSpec(),
      sections: [{ id: sectionId, items: entries.map((e, i) => wireCell(e, fullIndexes.has(i))) }],
    };
    if (supportsRefs && answer !== "full") body.answer = answer;
    return body;
  }

  /**
   * One exchange: POSTs `answer`-shaped, re-sending in full the cells a 409 names
   * (a few rounds at most), streaming when asked. Resolves to the answer, or null
   * for a 304 (the last hints still hold).
   */
  async function exchange(kind, answer, { streamed = false, fullIndexes = new Set() } = {}) {
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const body = requestBody(answer, fullIndexes);
      const json = JSON.stringify(body);
      const encoded = await encodeBody(json, { compress });
      const requestHeaders = { ...encoded.headers, accept: streamed ? "application/x-ndjson" : "application/json", ...headers };
      if (answer === "hints" && lastHints && lastHints.body === json && lastHints.etag) {
        requestHeaders["if-none-match"] = lastHints.etag;
      }
      const res = await fetch(baseUrl + "/v1/layout", { method: "POST", headers: requestHeaders, body: encoded.body });
      const sentBytes = typeof encoded.body === "string" ? new TextEncoder().encode(encoded.body).length : encoded.body.length;
      const report = (status) => onStep && onStep({ kind, sentBytes, status, ms: performance.now() - started });
      if (res.status === 304) {
        report(304);
        return null;
      }
      const isStream = (res.headers.get("content-type") || "").startsWith("application/x-ndjson");
      if (res.ok && isStream) {
        const answerBody = await readStream(res);
        report(res.status);
        return answerBody;
      }
      const text = await res.text();
      let parsed;
      try { parsed = JSON.parse(text); } catch { parsed = { title: `HTTP ${res.status}`, detail: text.slice(0, 200) }; }
      report(res.status);
      if (res.ok) {
        if (answer === "hints") lastHints = { body: json, etag: res.headers.get("etag") };
        return parsed;
      }
      if (isUnknownRefProblem(parsed)) {
        for (const pointer of parsed.refs) {
          const i = itemIndexOfPointer(pointer);
          if (i >= 0) {
            fullIndexes.add(i);
            entries[i].key = null;
          }
        }
        continue;
      }
      throw problemError(res.status, parsed);
    }
    throw new Error("Weft kept refusing refs after re-sending the cells it named");
  }

  /** Applies `cell` records as they arrive (drawing those in view), and returns the `end` record as an answer. */
  async function readStream(res) {
    let end = null;
    await readRecords(res, (record) => {
      if (record.record === "cell" && record.slot === "item") {
        const i = Array.isArray(record.index) ? record.index[1] : -1;
        if (entries[i]) {
          place(entries[i], record);
          if (!hints) grow(record.frame);
          if (!hints && intersectsViewport(record.frame)) mount(entries[i]);
        }
      } else if (record.record === "end") {
        end = record;
      } else if (record.record === "error") {
        throw problemError(record.status, record);
      }
    });
    if (!end) throw new Error("the stream ended without its end record");
    return { contentSize: end.contentSize, hints: end.hints, warnings: end.warnings, stats: end.stats, sections: null };
  }

  function place(entry, result) {
    if (result.key) {
      entry.key = result.key;
      supportsRefs = true;
    }
    // Equal content at an equal frame has an equal layout: only a moved or resized cell is redrawn.
    const moved = !entry.frame || ["x", "y", "width", "height"].some((k) => entry.frame[k] !== result.frame[k]);
    entry.frame = result.frame;
    if (result.layout !== undefined) entry.layout = result.layout;
    if (entry.el && moved) unmount(entry);
  }

  function grow(frame) {
    contentSize = {
      width: Math.max(contentSize.width, frame.x + frame.width),
      height: Math.max(contentSize.height, frame.y + frame.height),
    };
    content.style.width = `${contentSize.width}px`;
    content.style.height = `${contentSize.height}px`;
  }

  function intersectsViewport(frame) {
    const top = host.scrollTop, bottom = top + host.clientHeight;
    return frame.y < bottom && frame.y + frame.height > top;
  }

  /** Takes in an answer: cells' frames, layouts and keys; size; hints; then the DOM. */
  function apply(answer) {
    if (!answer) return;
    for (const section of answer.sections || []) {
      for (const item of section.items || []) {
        const i = Array.isArray(item.index) ? item.index[1] : byId.get(item.id);
        if (entries[i]) place(entries[i], item);
      }
    }
    if (answer.contentSize) {
      contentSize = answer.contentSize;
      content.style.width = `${contentSize.width}px`;
      content.style.height = `${contentSize.height}px`;
    }
    if (answer.hints) hints = answer.hints;
    syncDOM();
  }

  /** The item indexes in the preload range (Texture keeps those cells loaded). */
  function preloadIndexes() {
    const range = hints && hints.ranges && hints.ranges.preload;
    if (!Array.isArray(range)) return null;
    const out = new Set();
    for (const path of range) {
      if (Array.isArray(path)) out.add(path[1]);
      else if (path && typeof path.item === "number") out.add(path.item);
    }
    return out;
  }

  function syncDOM() {
    const keep = preloadIndexes();
    entries.forEach((entry, i) => {
      const wanted = keep ? keep.has(i) : !!entry.frame && intersectsViewport(entry.frame);
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
      render(el, { root: entry.cell.node }, { layout: entry.layout, size: { width: f.width, height: f.height } });
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

  /** Runs exchanges one after another: a step never races the one before it. */
  function serial(work) {
    const run = (inFlight || Promise.resolve()).then(work, work);
    inFlight = run.finally(() => { if (inFlight === run) inFlight = null; });
    return run;
  }

  async function maybeFetchBatch() {
    if (!fetchBatch || exhausted || fetching || !hints || !hints.batchFetch || !hints.batchFetch.shouldFetch) return;
    fetching = true;
    try {
      const more = await fetchBatch(list);
      if (!more || more.length === 0) exhausted = true;
      else await list.append(more, { fromBatch: true });
    } catch (e) {
      onError(e);
      return;
    } finally {
      fetching = false;
    }
    // As Texture checks again when a batch completes: the new cells may not reach the trigger.
    if (!exhausted) schedule();
  }

  async function scrollStep() {
    scrollQueued = false;
    if (entries.length === 0) return;
    try {
      await serial(async () => {
        // Without refs a hints step would re-send every cell in full: ask the full answer then.
        const answer = await exchange("scroll", supportsRefs ? "hints" : "full");
        lastOffset = host.scrollTop;
        if (answer) apply(answer);
        else syncDOM();
      });
      await maybeFetchBatch();
    } catch (e) {
      onError(e);
    }
  }

  /** At most one step per animation frame, however many scroll events arrive. */
  function schedule() {
    if (scrollQueued) return;
    scrollQueued = true;
    (globalThis.requestAnimationFrame || ((f) => setTimeout(f, 16)))(scrollStep);
  }
  const onScroll = () => schedule();
  host.addEventListener("scroll", onScroll, { passive: true });

  const list = {
    /** Every cell: { id, cell, key, frame, layout, mounted }. */
    get cells() {
      return entries.map(({ id, cell, key, frame, layout, el }) => ({ id, cell, key, frame, layout, mounted: !!el }));
    },
    get hints() { return hints; },
    get contentSize() { return contentSize; },
    /** Whether the server answered with keys (so known cells go as refs). */
    get usesRefs() { return supportsRefs; },

    /**
     * Adds cells at the end and lays them out: known cells go as refs, the new ones in
     * full. The first call streams (NDJSON) so the first screen paints before the rest.
     */
    async append(cells, { fromBatch = false } = {}) {
      await fontsReady;
      const first = entries.length === 0;
      const full = new Set();
      for (const cell of cells) {
        if (cell.id == null || byId.has(cell.id)) throw new Error(`every cell needs a unique id (${cell.id})`);
        byId.set(cell.id, entries.length);
        full.add(entries.length);
        entries.push({ id: cell.id, cell, key: null, frame: null, layout: undefined, el: null });
      }
      await serial(async () => {
        const answer = await exchange(fromBatch ? "batch" : first ? "first" : "append",
          supportsRefs ? "frames" : "full", { streamed: first && stream, fullIndexes: full });
        apply(answer);
      });
      await maybeFetchBatch();
      return list;
    },

    /** Relays every cell out at new bounds (a resize or rotation): refs, `full` answer. */
    async resize(newBounds) {
      container.bounds = newBounds;
      await serial(async () => apply(await exchange("resize", "full")));
      return list;
    },

    /** A scroll step now, without waiting for a scroll event. */
    refresh: () => scrollStep(),

    /** Stops listening and empties the host. */
    destroy() {
      host.removeEventListener("scroll", onScroll);
      host.replaceChildren();
    },
  };
  return list;
}
