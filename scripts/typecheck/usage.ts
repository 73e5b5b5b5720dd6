// Compiled by scripts/typecheck-client.sh with `tsc --noEmit --strict`: a page using
// /weft-client.js as its declarations describe. It is never run.
import {
  createList, layout, frames, isUnknownRefProblem, loadFonts, fontsOf, encodeBody,
  type Cell, type ContainerRequest, type ContainerResponse, type FontsResponse, type RefCell,
  type StreamRecord, type UnknownRefProblem, type WeftList,
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
    onError: (error) => console.warn(error.problem?.detail),
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

// @ts-expect-error a ref stands for the content: both at once is refused
const both: RefCell = { id: "x", ref: "c1", node: { type: "box" } };
// @ts-expect-error `answer` has three shapes
const misspelled: ContainerRequest = { container: { type: "table" }, answer: "hint" };

export { main, both, misspelled };
