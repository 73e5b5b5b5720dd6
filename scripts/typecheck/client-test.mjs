// Behaviour checks of web/weft-client.js in Node, with a stub `fetch` standing in for Weft and
// a stub DOM: run by scripts/typecheck-client.sh (`node scripts/typecheck/client-test.mjs`).
// The stub places every cell 100 points long along the scroll axis (a pager's page is its
// bounds), mirrors an RTL container's cells and not its offsets, as Weft does, and answers
// each request's `answer` shape, as JSON or NDJSON. Exit 1 on any failure.
import assert from "node:assert/strict";
import { createList, fontsOf, frames, itemIndexOfPointer, layout, render } from "../../web/weft-client.js";

const failures = [];
async function check(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL ${name}\n     ${String(e && e.stack || e).split("\n").slice(0, 4).join("\n     ")}`);
  }
}

// MARK: - A stub DOM: what createList touches.

class StubElement {
  constructor(doc) {
    Object.assign(this, { ownerDocument: doc, style: {}, dataset: {}, children: [], parent: null, listeners: {} });
    Object.assign(this, { scrollTop: 0, scrollLeft: 0, clientWidth: 300, clientHeight: 200 });
  }
  appendChild(child) { child.parent = this; this.children.push(child); return child; }
  replaceChildren(...children) { this.children = []; children.forEach((c) => this.appendChild(c)); }
  remove() { if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this); this.parent = null; }
  addEventListener(type, f) { (this.listeners[type] ||= []).push(f); }
  removeEventListener(type, f) { this.listeners[type] = (this.listeners[type] || []).filter((g) => g !== f); }
  set textContent(value) { this.text = value; }
}

function stubHost(size = {}) {
  const doc = { createElement: () => new StubElement(doc), getElementById: () => null, defaultView: null };
  doc.head = new StubElement(doc);
  return Object.assign(new StubElement(doc), size);
}

// MARK: - A stub Weft.

const sent = [];                   // every request: { url, body (parsed) }
const server = { refuse: null, shouldFetch: false, preload: true };

function place(body) {
  const c = body.container;
  const alongX = c.type === "pager" || c.scrollDirection === "horizontal";
  const length = c.type === "pager" ? c.bounds.width : 100;
  const items = body.sections[0].items;
  const total = items.length * length;
  const results = items.map((cell, i) => {
    let along = i * length;
    if (alongX && body.direction === "rtl") along = total - along - length;
    const frame = alongX ? { x: along, y: 0, width: length, height: c.bounds.height }
                         : { x: 0, y: along, width: c.bounds.width, height: length };
    const key = cell.ref || `c1${cell.id.padStart(16, "_")}`;
    // A table row with an accessory: its content view is the row less 33 points, on the left in RTL.
    const table = c.type === "table" && cell.accessoryType
      ? { table: { contentFrame: { x: body.direction === "rtl" ? 33 : 0, y: 0, width: frame.width - 33, height: frame.height } } }
      : {};
    return { id: cell.id, index: [0, i], frame, kind: "node", key, ...table,
             ...(cell.ref ? {} : { layout: { type: "box", frame: { ...frame, x: 0, y: 0 } } }) };
  });
  const paths = items.map((_, i) => [0, i]);
  const ranges = { visible: paths, display: paths, ...(server.preload ? { preload: paths } : {}) };
  const hints = { ranges, batchFetch: { shouldFetch: server.shouldFetch, triggerOffset: 0, leadingScreens: 2 },
                  pages: [{ index: 0, offset: { x: 0, y: 0 } }] };
  // A pager told its previous bounds keeps the page its offset showed in them.
  if (c.type === "pager" && c.previousBounds) {
    const page = Math.round(c.contentOffset.x / c.previousBounds.width);
    hints.pager = { pageCount: items.length, currentPage: page, targetContentOffset: { x: page * c.bounds.width, y: 0 } };
  }
  const contentSize = alongX ? { width: total, height: c.bounds.height } : { width: c.bounds.width, height: total };
  return { results, contentSize, hints };
}

globalThis.fetch = async (url, init = {}) => {
  const body = init.body ? JSON.parse(init.body) : null;
  sent.push({ url: String(url), body });
  if (String(url).endsWith("/v1/fonts")) {
    return new Response(JSON.stringify(server.fonts || { families: [], generic: {} }), { headers: { "content-type": "application/json" } });
  }
  if (server.refuse) return server.refuse(url, body);
  const { results, contentSize, hints } = place(body);
  const stats = { cells: results.length, cacheHits: 0, cacheMisses: 0 };
  const answered = body.answer === "hints" ? [] : results;
  if ((init.headers.accept || "").includes("ndjson")) {
    const lines = [{ record: "start", type: body.container.type, bounds: body.container.bounds },
      ...answered.map((r) => ({ record: "cell", slot: "item", ...r })),
      { record: "end", cells: results.length, sections: [], contentSize, warnings: [], hints, stats }];
    return new Response(lines.map((l) => JSON.stringify(l)).join("\n") + "\n",
      { headers: { "content-type": "application/x-ndjson" } });
  }
  const answer = { contentSize, warnings: [], hints, stats,
                   ...(body.answer === "hints" ? {} : { sections: [{ items: answered }] }) };
  return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json", etag: `"${sent.length}"` } });
};

const reset = (changes = {}) => { sent.length = 0; Object.assign(server, { refuse: null, shouldFetch: false, preload: true }, changes); };
const cells = (from, count) => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}`, node: { type: "box" } }));
const lastLayout = () => sent.filter((s) => s.url.endsWith("/v1/layout")).at(-1).body;
const options = { baseUrl: "http://weft.test", fonts: false, compress: false };
const unavailable = () => new Response(JSON.stringify({ type: "https://weft.dev/problems/unavailable", title: "Unavailable",
  status: 503, detail: "draining" }), { status: 503, headers: { "content-type": "application/problem+json" } });

// MARK: - Checks

await check("a vertical table scrolls along y", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options });
  await list.append(cells(0, 6));
  host.scrollTop = 150;
  await list.refresh();
  assert.deepEqual(lastLayout().container.contentOffset, { x: 0, y: 150 });
  assert.equal(lastLayout().container.scrolling, "down");
  assert.equal(lastLayout().container.type, "table");
});

await check("a table row's tree is drawn in its content view, after the accessory in RTL", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options, direction: "rtl" });
  await list.append([{ id: "row", node: { type: "box" }, accessoryType: "disclosureIndicator" }]);
  await list.settled();
  const content = host.children[0];
  const row = content.children.find((el) => el.dataset.id === "row");
  assert.ok(row, "the row is drawn");
  assert.equal(row.children[0].style.left, "33px");
});

await check("a pager sends scrollLeft as contentOffset.x and scrolls right, then left", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options, container: { type: "pager" } });
  await list.append(cells(0, 5));
  host.scrollLeft = 600;
  host.scrollTop = 40;  // a pager does not scroll along y: this must not be read
  await list.refresh();
  assert.deepEqual(lastLayout().container.contentOffset, { x: 600, y: 0 });
  assert.equal(lastLayout().container.scrolling, "right");
  host.scrollLeft = 300;
  await list.refresh();
  assert.deepEqual(lastLayout().container.contentOffset, { x: 300, y: 0 });
  assert.equal(lastLayout().container.scrolling, "left");
});

await check("a horizontal collection draws the cells in the viewport along x", async () => {
  reset({ preload: false });  // no preload range: the DOM holds what meets the viewport
  const host = stubHost();
  host.scrollLeft = 250;
  const list = createList(host, { ...options, container: { type: "collection", scrollDirection: "horizontal" } });
  await list.append(cells(0, 10));
  await list.settled();
  assert.deepEqual(list.cells.filter((c) => c.mounted).map((c) => c.id), ["p2", "p3", "p4", "p5"]);
  assert.deepEqual(lastLayout().container.contentOffset, { x: 250, y: 0 });
});

await check("an RTL list sends left-origin offsets and `left` toward its next cells", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options, direction: "rtl", container: { type: "collection", scrollDirection: "horizontal" } });
  assert.equal(host.style.direction, "rtl");
  await list.append(cells(0, 10));
  await list.settled();
  // The first request could not know the content's width; the step after it places the
  // viewport where an RTL box starts: its right end (scrollLeft 0), x = 1000 - 300.
  assert.equal(lastLayout().direction, "rtl");
  assert.deepEqual(lastLayout().container.contentOffset, { x: 700, y: 0 });
  host.scrollLeft = -200;  // CSSOM View: negative leftward from the right end
  await list.refresh();
  assert.deepEqual(lastLayout().container.contentOffset, { x: 500, y: 0 });
  assert.equal(lastLayout().container.scrolling, "left");
  assert.deepEqual(list.cells[0].frame, { x: 900, y: 0, width: 100, height: 200 });
});

await check("a failed first append leaves nothing behind: the retry lays every cell out", async () => {
  reset({ refuse: unavailable });
  const host = stubHost();
  const steps = [];
  const list = createList(host, { ...options, onStep: (s) => steps.push(s) });
  await assert.rejects(list.append(cells(0, 3)), /503/);
  assert.equal(list.cells.length, 0);
  assert.equal(host.children[0].children.length, 0);
  reset();
  await list.append(cells(0, 3));
  assert.ok(list.cells.every((c) => c.key && c.frame && c.mounted), JSON.stringify(list.cells));
  await list.refresh();
  assert.ok(lastLayout().sections[0].items.every((c) => c.ref), "every cell goes as a ref");
  assert.deepEqual(steps.at(-1).refs, 3);
});

await check("a failed later append leaves nothing behind; refs count what went as refs", async () => {
  reset();
  const host = stubHost();
  const steps = [];
  const list = createList(host, { ...options, stream: false, onStep: (s) => steps.push(s) });
  await list.append(cells(0, 3));
  server.refuse = unavailable;
  await assert.rejects(list.append(cells(3, 2)), /503/);
  assert.equal(steps.at(-1).refs, 3);
  assert.deepEqual(list.cells.map((c) => c.id), ["p0", "p1", "p2"]);
  reset();
  await list.refresh();
  assert.equal(lastLayout().sections[0].items.length, 3);
  assert.equal(lastLayout().answer, "hints");
  await list.append(cells(3, 2));
  assert.ok(list.cells.every((c) => c.key && c.frame), JSON.stringify(list.cells));
  assert.equal(steps.at(-1).refs, 3);
  await list.refresh();
  assert.equal(steps.at(-1).refs, 5);
});

await check("layout() rejects a 2xx answer that is not JSON", async () => {
  reset({ refuse: () => new Response("<html>portal</html>", { status: 200, headers: { "content-type": "text/html" } }) });
  await assert.rejects(layout({ root: { type: "box" } }, { baseUrl: "http://weft.test" }), /not a JSON answer/i);
  reset({ refuse: () => new Response("bad gateway", { status: 502 }) });
  await assert.rejects(layout({ root: { type: "box" } }, { baseUrl: "http://weft.test" }),
    (e) => e.status === 502 && e.problem.detail === "bad gateway");
  reset({ refuse: () => new Response(JSON.stringify({ size: { width: 1, height: 1 }, layout: {}, warnings: [] })) });
  assert.deepEqual((await layout({ root: { type: "box" } }, { baseUrl: "http://weft.test" })).size, { width: 1, height: 1 });
});

await check("a list's step rejects a 2xx answer that is not JSON", async () => {
  reset();
  const host = stubHost();
  const errors = [];
  const list = createList(host, { ...options, stream: false, onError: (e) => errors.push(e) });
  await list.append(cells(0, 2));
  server.refuse = () => new Response("<html>portal</html>", { status: 200 });
  await list.refresh();
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /not a JSON answer/i);
});

await check("destroy() during a batch fetch: no request goes out after it", async () => {
  reset({ shouldFetch: true });
  const host = stubHost();
  let release;
  const errors = [];
  const list = createList(host, {
    ...options, onError: (e) => errors.push(e),
    fetchBatch: () => new Promise((resolve) => { release = () => resolve(cells(10, 3)); }),
  });
  await list.append(cells(0, 3));
  assert.ok(release, "the hints asked for a batch");
  list.destroy();
  const before = sent.length;
  release();
  await list.settled();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(sent.length, before, JSON.stringify(sent.slice(before).map((s) => s.url)));
  assert.deepEqual(errors, []);
  await assert.rejects(list.append(cells(20, 1)), /destroyed/);
  assert.equal(sent.length, before);
});

await check("a host that narrows (a scrollbar showing) relays every cell out once, answer full", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options });
  await list.append(cells(0, 6));
  assert.equal(host.style.scrollbarGutter, "stable");
  host.clientWidth = 285;
  await list.refresh();
  assert.equal(lastLayout().answer, undefined, "the full answer");
  assert.equal(lastLayout().container.bounds.width, 285);
  assert.ok(list.cells.every((c) => c.frame.width === 285), "every cell at the new width");
  await list.refresh();
  assert.equal(lastLayout().answer, "hints", "then steps as before");
});

await check("a resized pager keeps its page: previousBounds sent, its target offset scrolled to", async () => {
  reset();
  const host = stubHost();
  const list = createList(host, { ...options, container: { type: "pager" } });
  await list.append(cells(0, 5));
  host.scrollLeft = 600;  // page 2 of 300-point pages
  await list.refresh();
  await list.resize({ width: 200, height: 200 });
  assert.deepEqual(lastLayout().container.previousBounds, { width: 300, height: 200 });
  assert.equal(host.scrollLeft, 400, "page 2 of 200-point pages");
  await list.refresh();
  assert.equal(lastLayout().container.previousBounds, undefined, "told once");
});

await check("frames() draws a pinned header at its pinnedFrame and a row's tree in its content view", async () => {
  const request = { container: { type: "table", bounds: { width: 300, height: 200 } },
    sections: [{ header: { id: "h", node: { type: "box" } }, items: [{ id: "r", node: { type: "box" } }] }] };
  const box = (w, h) => ({ type: "box", frame: { x: 0, y: 0, width: w, height: h } });
  const response = { contentSize: { width: 300, height: 100 }, sections: [{
    header: { id: "h", frame: { x: 0, y: 0, width: 300, height: 20 }, pinnedFrame: { x: 0, y: 50, width: 300, height: 20 },
              layout: box(300, 20) },
    items: [{ id: "r", index: [0, 0], frame: { x: 0, y: 20, width: 300, height: 44 }, layout: box(267, 44),
              table: { contentFrame: { x: 33, y: 0, width: 267, height: 44 } } }] }] };
  const drawn = frames(request, response);
  const at = (key) => drawn.find((e) => e.key === key).frame;
  assert.deepEqual(at("s0h"), { x: 0, y: 50, width: 300, height: 20 });
  assert.deepEqual(at("s0h/0"), { x: 0, y: 50, width: 300, height: 20 });
  assert.deepEqual(at("s0i0/0"), { x: 33, y: 20, width: 267, height: 44 });
});

await check("a baseUrl ending in a slash names the same service", async () => {
  reset();
  await layout({ root: { type: "box" } }, { baseUrl: "http://weft.test/" }).catch(() => {});
  const list = createList(stubHost(), { ...options, baseUrl: "http://weft.test//" });
  await list.append(cells(0, 2));
  assert.deepEqual(sent.map((s) => s.url), ["http://weft.test/v1/layout/node", "http://weft.test/v1/layout"]);
});

await check("fontsOf names the fonts of spans, truncation tokens and nested headers and footers", async () => {
  const text = (font, extra = {}) => ({ type: "text", text: "a", font, ...extra });
  const tree = { type: "stack", children: [
    text({ family: "Inter", size: 15 }, { spans: [{ text: "b", font: { weight: 700 } }, { text: "c", font: { family: "Mono" } }],
                                         truncationText: [{ text: "…", font: { style: "italic" } }] }),
    { type: "container", container: { type: "table" }, sections: [{
      header: { id: "h", node: text({ family: "Head" }) }, items: [], footer: { id: "f", node: text({ family: "Foot", weight: 300 }) } }] },
  ] };
  const names = [...fontsOf(tree).values()].map((f) => `${f.family} ${f.weight} ${f.style}`).sort();
  assert.deepEqual(names, ["Foot 300 normal", "Head 400 normal", "Inter 400 italic", "Inter 400 normal", "Inter 700 normal",
                           "Mono 400 normal"]);
});

await check("a 409 names the top-level cell whose tree holds an unknown nested ref; one naming none is not retried", async () => {
  assert.equal(itemIndexOfPointer("/sections/0/items/3/node/items/2"), 3);
  assert.equal(itemIndexOfPointer("/items/7"), 7);
  assert.equal(itemIndexOfPointer("/container/bounds"), -1);
  reset();
  const host = stubHost();
  const list = createList(host, { ...options, stream: false });
  await list.append(cells(0, 2));
  const problem = { type: "https://weft.dev/problems/unknown-ref", title: "Unknown ref", status: 409, detail: "", refs: ["/sections/9"] };
  server.refuse = () => new Response(JSON.stringify(problem), { status: 409, headers: { "content-type": "application/problem+json" } });
  const before = sent.length;
  const errors = [];
  const again = createList(stubHost(), { ...options, stream: false, onError: (e) => errors.push(e) });
  await assert.rejects(again.append(cells(5, 1)), (e) => e.status === 409);
  assert.equal(sent.length, before + 1, "one request, not three");
});

await check("onStep reads the list as the answer left it", async () => {
  reset();
  const seen = [];
  const list = createList(stubHost(), { ...options, onStep: () => seen.push(list.cells.filter((c) => c.frame).length) });
  await list.append(cells(0, 3));
  await list.append(cells(3, 2));
  assert.deepEqual(seen, [3, 5]);
});

await check("appends keep the order they were called in, whichever fonts load first", async () => {
  reset({ fonts: { generic: {}, families: [
    { family: "Slow", faces: [{ weight: 400, style: "normal", stretch: 100, url: "/v1/fonts/files/slow.ttf", index: 0 }] },
    { family: "Fast", faces: [{ weight: 400, style: "normal", stretch: 100, url: "/v1/fonts/files/fast.ttf", index: 0 }] }] } });
  globalThis.FontFace = class {
    constructor(family) { this.family = family; }
    load() { return new Promise((resolve) => setTimeout(() => resolve(this), this.family === "Slow" ? 40 : 0)); }
  };
  const host = stubHost();
  host.ownerDocument.fonts = { add() {} };
  const list = createList(host, { ...options, fonts: true });
  const text = (id, family) => ({ id, node: { type: "text", text: id, font: { family } } });
  await Promise.all([list.append([text("a", "Slow")]), list.append([text("b", "Fast")])]);
  assert.deepEqual(list.cells.map((c) => c.id), ["a", "b"]);
  delete globalThis.FontFace;
});

await check("a 503's Retry-After brings the scroll step back by itself", async () => {
  reset();
  const errors = [];
  const list = createList(stubHost(), { ...options, stream: false, onError: (e) => errors.push(e) });
  await list.append(cells(0, 3));
  // Only the next request is refused.
  server.refuse = () => {
    server.refuse = null;
    return new Response(JSON.stringify({ type: "https://weft.dev/problems/unavailable", title: "Unavailable", status: 503, detail: "busy" }),
      { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "0" } });
  };
  const before = sent.length;
  await list.refresh();
  assert.equal(errors.length, 1);
  assert.equal(errors[0].retryAfter, 0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await list.settled();
  assert.equal(sent.length, before + 2, "the step was sent again");
  assert.equal(errors.length, 1, "and answered");
  assert.equal(lastLayout().answer, "hints");
});

await check("render() clips a nested container's cells to its box and draws pinned headers above cells", async () => {
  const host = stubHost();
  const card = { id: "k", node: { type: "box" } };
  const strip = { type: "container", container: { type: "collection", scrollDirection: "horizontal", contentOffset: { x: 50 } },
                  items: [card] };
  const request = { root: { type: "stack", children: [{ type: "box" }, strip] } };
  const box = (x, y, w, h) => ({ type: "box", frame: { x, y, width: w, height: h } });
  const response = { size: { width: 300, height: 140 }, layout: { type: "stack", frame: { x: 0, y: 0, width: 300, height: 140 }, children: [
    box(0, 0, 300, 40),
    { type: "container", frame: { x: 0, y: 40, width: 300, height: 100 }, contentSize: { width: 600, height: 100 },
      sections: [{ items: [{ id: "k", index: [0, 0], frame: { x: 400, y: 0, width: 100, height: 100 }, layout: box(0, 0, 100, 100) }] }] },
  ] } };
  render(host, request, response);
  const stripBox = host.children.find((el) => el.dataset.key === "0.1");
  assert.equal(stripBox.style.overflow, "hidden");
  const cell = stripBox.children.find((el) => el.dataset.key === "0.1/s0i0");
  assert.ok(cell, "the card is drawn inside the strip's box");
  assert.equal(cell.style.left, "350px", "in the strip's coordinates, less its contentOffset");
  assert.equal(cell.dataset.frame, "350,40,100,100", "data-frame stays in the host's");
  const table = { container: { type: "table", bounds: { width: 300, height: 200 } },
    sections: [{ header: { id: "h", node: { type: "box" } }, items: [{ id: "r", node: { type: "box" } }] }] };
  const answer = { contentSize: { width: 300, height: 100 }, sections: [{
    header: { id: "h", frame: { x: 0, y: 0, width: 300, height: 20 }, pinnedFrame: { x: 0, y: 50, width: 300, height: 20 } },
    items: [{ id: "r", index: [0, 0], frame: { x: 0, y: 20, width: 300, height: 80 } }] }] };
  render(host, table, answer);
  assert.equal(host.children.find((el) => el.dataset.key === "s0h").style.zIndex, "1");
  assert.equal(host.children.find((el) => el.dataset.key === "s0i0").style.zIndex, undefined);
});

console.log(failures.length ? `weft-client.js: ${failures.length} check(s) FAILED` : "weft-client.js: behaviour checks ok");
process.exit(failures.length ? 1 : 0);
