// Compiled by scripts/typecheck-client.sh with `tsc --noEmit --strict`: a page using
// /weft-client.js as its declarations describe. It is never run.
import {
  createList, layout, frames, isUnknownRefProblem, loadFonts, fontsOf, encodeBody,
  type Cell, type ContainerRequest, type ContainerResponse, type ContainerSpec, type FontsResponse,
  type Hints, type NodeRequest, type NodeResponse, type RefCell, type StreamRecord, type UnknownRefProblem,
  type WeftError, type WeftList,
} from "./weft-client.js";

const post = (i: number): Cell => ({
  id: `post-${i}`,
  node: { type: "stack", direction: "vertical", children: [{ type: "text", text: `Post ${i}` }] },
  accessoryType: "disclosureIndicator",
});

async function main(host: HTMLElement): Promise<void> {
  const fonts = fontsOf(post(0).node);
  const { loaded } = await loadFonts({ baseUrl: "https://weft.example", fonts });
  console.log(loaded.map((face) => `${face.family} ${face.weight} ${face.style} ${face.url ?? ""}`));
  let next = 50;
  const list: WeftList = createList(host, {
    baseUrl: "https://weft.example",
    container: { type: "table", leadingScreensForBatching: 2 },
    fetchBatch: async () => (next >= 10_000 ? [] : Array.from({ length: 50 }, () => post(next++))),
    onStep: ({ kind, answer, sentBytes, jsonBytes, receivedBytes, refs, cells, status }) =>
      console.log(kind, answer, sentBytes / jsonBytes, receivedBytes, refs / cells, status),
    onError: (error: WeftError) => console.warn(error.problem?.detail, error.retryAfter ?? 0),
  });
  await list.append(Array.from({ length: 50 }, (_, i) => post(i)));
  const firstKey: string | null = list.cells[0]?.key ?? null;
  const preload = list.hints?.ranges.preload.length ?? 0;
  await list.settled();
  console.log(firstKey, preload, list.contentSize.height, list.exhausted, list.content.childElementCount);

  const ref: RefCell = { id: "post-1", ref: firstKey ?? "c1", accessoryType: "checkmark" };
  const request: ContainerRequest = {
    container: { type: "table", bounds: { width: 375, height: 667 }, contentOffset: { x: 0, y: 800 } },
    sections: [{ id: "feed", items: [ref, post(2)] }],
    answer: "frames",
  };
  try {
    const answer = await layout(request);
    for (const item of answer.sections ?? []) console.log(item.items.map((c) => c.key));
    console.log(frames(request, answer).length, answer.hints.batchFetch.shouldFetch);
  } catch (error) {
    const problem = (error as { problem?: unknown }).problem;
    if (isUnknownRefProblem(problem)) console.log(problem.refs.join(", "));
  }
  const record: StreamRecord = JSON.parse("{}");
  if (record.record === "cell") console.log(record.frame.width, record.slot, record.key);
  if (record.record === "end") console.log(record.hints.ranges.preload.length);

  const hints: ContainerResponse = await layout({ ...request, answer: "hints" });
  console.log(hints.sections === undefined, hints.hints.batchFetch.triggerOffset);
  const conflict: UnknownRefProblem = { type: "https://weft.dev/problems/unknown-ref", title: "Unknown ref",
    status: 409, detail: "1 ref is not in the cell store", refs: ["/sections/0/items/3"] };
  const body = await encodeBody(JSON.stringify(request));
  console.log(conflict.refs[0], body.bytes <= body.jsonBytes, body.headers["content-encoding"]);
  const listing: FontsResponse = await (await fetch("https://weft.example/v1/fonts")).json();
  console.log(listing.generic["sans-serif"], listing.families[0]?.faces[0]?.url);
}

// Requests openapi.yaml accepts.
const strip: ContainerSpec = {
  type: "collection", scrollDirection: "horizontal", bounds: { width: 375, height: 120 },
  contentOffset: { x: 240 }, scrolling: "down-right", pinHeaders: true,
  flow: { alignment: "start", itemSpacing: 4, sectionInset: { horizontal: 16, top: "5%" } },
  contentInset: { start: 8, end: 8, vertical: 4 }, "x-screen": "home",
  rangeTuning: { full: { preload: { leadingBufferScreenfuls: 3 } } },
};
const gallery: ContainerSpec = { type: "collection", layout: "gallery", gallery: { itemSize: { width: 100, height: 100 }, sectionInset: 8 } };
const masonry: ContainerSpec = { type: "collection", layout: "masonry", masonry: { columns: 3, itemSpacing: 8, lineSpacing: 8, sectionInset: { all: 8 } } };
const insets: ContainerSpec[] = [
  { type: "table", contentInset: 16 }, { type: "table", contentInset: "10%" },
  { type: "table", contentInset: { all: 4, left: -2 } }, { type: "pager", circular: true, currentPage: 1, previousBounds: { width: 320, height: 480 } },
];
const marked: Cell = { id: "m", node: { type: "box", "x-role": "spacer" }, separatorInset: { start: 15 }, "x-analytics": "feed" };
const interop: Cell = { id: "ad", kind: "interop", size: { width: null, height: 120 } };
const sections: ContainerRequest = {
  container: { ...strip, bounds: { width: 375, height: 200 } }, direction: "rtl", "x-trace": "1",
  sections: [{ id: "top", header: { id: "h", node: { type: "box" } } }, { items: [marked, interop] }],
};

function pickList(host: HTMLElement): WeftList {
  // `type` defaults to "table"; a horizontal list scrolls along x; a batch may come back at once.
  createList(host, { container: { leadingScreensForBatching: 1 }, fetchBatch: () => [] });
  return createList(host, { container: { type: "pager" }, direction: "rtl" });
}

// Answers as the server writes them (scripts/typecheck/answers.ts holds real ones).
function readAnswers(answer: ContainerResponse, node: NodeResponse, hints: Hints): number {
  const page = hints.pages[0];
  const offset: number = page ? page.offset.x + page.offset.y : 0;
  const trigger: number | null = hints.batchFetch.triggerOffset ?? null;
  const pager = hints.pager;
  const current: number | null = pager ? pager.currentPage ?? null : null;
  const target = pager?.targetContentOffset?.x ?? 0;
  const pageCount: number = pager ? pager.pageCount : 0;
  const row = answer.sections![0]!.items[0]!;
  const accessory = row.table?.accessoryFrame?.width ?? 0;
  const kind: "node" | "interop" = row.kind;
  const pinned = answer.sections?.[0]?.header?.pinnedFrame?.y ?? 0;
  const lines: number = node.layout.lineCount ?? 0;
  const type: string = node.layout.type;
  const flat: number = (node.nodes ?? []).reduce((sum, n) => sum + n.frame.width + n.id.length, 0);
  const where: string = node.warnings.map((w) => w.path + w.detail).join();
  return offset + (trigger ?? 0) + (current ?? 0) + target + pageCount + accessory + pinned + lines + flat
    + type.length + where.length + (kind ? 1 : 0);
}

// @ts-expect-error a ref stands for the content: both at once is refused
const both: RefCell = { id: "x", ref: "c1", node: { type: "box" } };
// @ts-expect-error `answer` has three shapes
const misspelled: ContainerRequest = { container: { type: "table", bounds: { width: 1, height: 1 } }, answer: "hint" };
// @ts-expect-error a request's container has bounds (a nested container's default to its element's size)
const unbounded: ContainerRequest = { container: { type: "table" }, items: [] };

// A page that posts whatever its editor holds lays it out without narrowing it first.
async function either(request: NodeRequest | ContainerRequest): Promise<number> {
  const answer = await layout(request);
  return "layout" in answer ? answer.size.width : answer.contentSize.width;
}
// @ts-expect-error an inset takes points or percent, never "auto"
const autoInset: ContainerSpec = { type: "table", contentInset: "auto" };
// @ts-expect-error a cell's own members are openapi's, or `x-` extensions
const stray: Cell = { id: "s", node: { type: "box" }, note: "mine" };
// @ts-expect-error a flow line is `justified` or `start`
const centred: ContainerSpec = { type: "collection", flow: { alignment: "center" } };
// @ts-expect-error a page's offset is a point
const pageAt: number = ({} as Hints).pages[0]!.offset;
// @ts-expect-error a warning is { path, detail }
const warningType: string = ({} as NodeResponse).warnings[0]!.type;
// @ts-expect-error with no bounds or leadingScreensForBatching 0 there is no trigger
const triggerAlways: number = ({} as Hints).batchFetch.triggerOffset;

export {
  main, both, misspelled, strip, gallery, masonry, insets, sections, pickList, readAnswers,
  autoInset, stray, centred, pageAt, warningType, triggerAlways,
};
