// Types for /weft-client.js and the wire format it speaks (openapi.yaml is the full contract).

// MARK: - Wire types

/** Members named `x-...` are the client's own: Weft accepts and ignores them wherever openapi.yaml allows them. */
export type Extensions = { [extension: `x-${string}`]: unknown };

/** An answer's size: both axes, in points. */
export interface Size { width: number; height: number }
/** An answer's point; in a request (`contentOffset`) either axis may be left out (0). */
export interface Point { x: number; y: number }
export interface Frame { x: number; y: number; width: number; height: number }
/** A request's size: a `null` or absent axis is unbounded (or 0 for a minimum). */
export type RequestSize = ({ width?: number | null; height?: number | null } & Extensions) | null;
/** An interop cell's size: a `null` or absent axis (or a `null` size) is 0. */
export type CellSize = RequestSize;
export type SizeRange = ({ min?: RequestSize; max?: RequestSize } & Extensions) | null;

/** A finite number of percent, e.g. "50%". */
export type Percent = `${number}%`;
/** Points, a fraction of the parent's size ("50%"), or "auto". */
export type Dimension = number | Percent | "auto";
/** Points or "N%" (of the bounds), negative allowed, never "auto". */
export type InsetDimension = number | Percent;
/**
 * One value for every edge, or an object of edges: a specific edge beats `horizontal` and
 * `vertical`, which beat `all`; `start` and `end` resolve by the request's direction.
 */
export type EdgesOf<D> = D | ({
  left?: D; top?: D; right?: D; bottom?: D; start?: D; end?: D; horizontal?: D; vertical?: D; all?: D;
} & Extensions);
/** An element style's `margin` and `position`. */
export type Edges = EdgesOf<Dimension>;
/** `contentInset`, `separatorInset`, a layout's `sectionInset`. */
export type InsetEdges = EdgesOf<InsetDimension>;

/** A layout element (api.md "Elements"); `type` picks which other members apply. */
export interface Element {
  type: string;
  id?: string;
  style?: Record<string, unknown>;
  children?: Element[];
  child?: Element;
  text?: string;
  [member: string]: unknown;
}

/** What a ref stands for, and what a content key names. */
export interface CellContent {
  kind?: "node" | "interop";
  node?: Element;
  size?: CellSize;
  style?: Record<string, unknown>;
}

/** Fields that stay beside a ref: they place the cell, they are not its content. */
export interface CellPlacement extends Extensions {
  constrainedSize?: SizeRange;
  accessoryType?: "none" | "disclosureIndicator" | "detailDisclosureButton" | "checkmark" | "detailButton";
  separatorInset?: InsetEdges;
  selectionStyle?: "none" | "blue" | "gray" | "default";
  neverShowPlaceholders?: boolean;
}

/** A cell sent with its content. `id` is required and unique in the container. */
export interface Cell extends CellContent, CellPlacement {
  id: string;
}

/** A cell sent as "the same content as the cell that got this key"; content fields beside it are a 422. */
export interface RefCell extends CellPlacement {
  id: string;
  ref: string;
  kind?: never;
  node?: never;
  size?: never;
  style?: never;
}

export type WireCell = Cell | RefCell;

export type ContainerType = "table" | "collection" | "pager";
export type RangeMode = "full" | "minimum" | "visibleOnly" | "lowMemory";
/** Texture's ASScrollDirection: the way the content moves (`down` while contentOffset.y grows, `right` while x does). */
export type ScrollDirection =
  | "none" | "up" | "down" | "left" | "right" | "up-left" | "up-right" | "down-left" | "down-right";

export interface TuningParameters extends Extensions {
  leadingBufferScreenfuls?: number;
  trailingBufferScreenfuls?: number;
}

/** Collection only: UIKit's flow layout metrics. */
export interface FlowLayout extends Extensions {
  itemSpacing?: number;
  lineSpacing?: number;
  sectionInset?: InsetEdges;
  /** `justified` (UIKit's, the default) shares a line's leftover room; `start` packs lines to the start. */
  alignment?: "justified" | "start";
}

/** Collection with `layout: "gallery"`: every item at exactly `itemSize`, rounded up to the pixel grid of `pointScale`. */
export interface GalleryLayout extends Extensions {
  itemSize: Size;
  itemSpacing?: number;
  lineSpacing?: number;
  sectionInset?: InsetEdges;
}

/** Collection with `layout: "masonry"`: `columns` (default 2) of equal width, each item to the shortest. */
export interface MasonryLayout extends Extensions {
  columns?: number;
  itemSpacing?: number;
  lineSpacing?: number;
  sectionInset?: InsetEdges;
}

/** openapi.yaml's Container; a member of another container type (e.g. `flow` on a pager) is a 422. */
export interface ContainerSpec extends Extensions {
  type: ContainerType;
  /** Required at the top level of a request; a nested container's default to its element's size. */
  bounds?: Size;
  contentOffset?: Partial<Point>;
  /** A table's cell width is bounds.width less its left and right insets. */
  contentInset?: InsetEdges;
  scrolling?: ScrollDirection;
  rangeMode?: RangeMode;
  rangeTuning?: { [mode in RangeMode]?: { display?: TuningParameters; preload?: TuningParameters } };
  leadingScreensForBatching?: number;
  fetching?: boolean;
  visible?: boolean;
  /** Table only. */
  separatorStyle?: "singleLine" | "none";
  /** Collection only. */
  scrollDirection?: "vertical" | "horizontal";
  /** Collection only. */
  flow?: FlowLayout;
  /** Collection only (default `flow`); `gallery` needs `gallery`. */
  layout?: "flow" | "gallery" | "masonry";
  gallery?: GalleryLayout;
  masonry?: MasonryLayout;
  /** Table or collection: each section header's answer carries `pinnedFrame`. */
  pinHeaders?: boolean;
  /** Pager only. */
  currentPage?: number;
  /** Pager only: the bounds before a size change (rotation). */
  previousBounds?: Size;
  /** Pager only. */
  circular?: boolean;
}

/** `full`: every cell with frame, layout and key; `frames`: layouts only for cells sent in full; `hints`: no cells. */
export type AnswerShape = "full" | "frames" | "hints";

export interface Section extends Extensions {
  id?: string;
  header?: WireCell;
  footer?: WireCell;
  items?: WireCell[];
}

/** Send `sections` or `items` (one section), not both. */
export interface ContainerRequest extends Extensions {
  /** At the top level of a request the bounds are required. */
  container: ContainerSpec & { bounds: Size };
  sections?: Section[];
  items?: WireCell[];
  answer?: AnswerShape;
  direction?: "ltr" | "rtl";
  pointScale?: number;
}

export interface NodeRequest extends Extensions {
  root: Element;
  sizeRange?: SizeRange;
  direction?: "ltr" | "rtl";
  pointScale?: number;
}

/** An output node: the element's frame relative to its parent, and its children in z-order. */
export interface LayoutNode {
  type: string;
  id?: string;
  frame: Frame;
  children?: LayoutNode[];
  /** A text: the lines shown. */
  lineCount?: number;
  /** A text: cut off by maxLines or its frame. */
  truncated?: boolean;
  /** A `container` node: its cells, in its own content coordinates. */
  sections?: SectionResult[];
  /** A `container` node: its content size. */
  contentSize?: Size;
  /** A `container` node: its hints at its own contentOffset. */
  hints?: Hints;
  /** A truncated text: the characters shown, the token included. */
  visibleText?: string;
  /** A text's line boxes, when asked for (`lines`, `?lines=1`). */
  lines?: TextLine[];
}

/** One line box of a text: its frame in the text node's coordinates and its UTF-16 range. */
export interface TextLine { frame: Frame; start: number; end: number; baseline: number }

/** With `?flatten=1`: an element with an id, its frame in the root's coordinates. */
export interface FlatNode { id: string; frame: Frame }

export interface NodeResponse {
  size: Size;
  layout: LayoutNode;
  warnings: Warning[];
  /** With `?flatten=1` only: every element with an id, in z-order. */
  nodes?: FlatNode[];
}

/** `path` is a JSON Pointer into the request. */
export interface Warning { path: string; detail: string }

/** An item's index path `[section, item]`. */
export type ItemPath = [number, number];
/** An index path: an item's, or a section's supplementary view. */
export type IndexPath = ItemPath | { section: number; kind: "header" | "footer" };

export interface CellResult {
  id: string;
  index: ItemPath;
  /** In content coordinates. */
  frame: Frame;
  /** Absent for interop cells, and for a ref'd cell in a `frames` answer: the client keeps the layout it has. */
  layout?: LayoutNode;
  kind: "node" | "interop";
  /** Names the cell's content (at most 64 URL-safe characters); send it back as `ref`. */
  key: string;
  /** Table rows: UIKit's parts of the row, relative to it. */
  table?: TableRowFrames;
  /** Section headers with `pinHeaders`: where the header is drawn at this contentOffset. */
  pinnedFrame?: Frame;
}

export interface TableRowFrames {
  /** The content view: the row less its accessory and separator. */
  contentFrame: Frame;
  /** Absent without an accessory. */
  accessoryFrame?: Frame;
  /** Absent with separatorStyle none. */
  separatorFrame?: Frame;
}

export interface SectionResult {
  id?: string;
  header?: CellResult;
  footer?: CellResult;
  items: CellResult[];
}

export interface Ranges {
  visible: IndexPath[];
  display: IndexPath[];
  preload: IndexPath[];
}

export interface BatchFetch {
  shouldFetch: boolean;
  /** The offset along the scroll axis where shouldFetch turns true; null when there is none. */
  triggerOffset?: number | null;
  leadingScreens: number;
}

/** The content cut into viewport-long pages. */
export interface Page {
  index: number;
  offset: Point;
  firstItem?: ItemPath | null;
  lastItem?: ItemPath | null;
}

/** Pagers only; null where there is no such page (an empty pager, the ends of a non-circular one). */
export interface PagerHints {
  pageCount: number;
  currentPage?: number | null;
  targetContentOffset?: Point | null;
  previousPage?: number | null;
  nextPage?: number | null;
}

export interface Hints {
  ranges: Ranges;
  batchFetch: BatchFetch;
  pages: Page[];
  pager?: PagerHints;
}

export interface ContainerStats { cells: number; cacheHits: number; cacheMisses: number }

export interface ContainerResponse {
  contentSize: Size;
  /** Absent from a `hints` answer; in a `frames` answer, ref'd cells come without `layout`. */
  sections?: SectionResult[];
  warnings: Warning[];
  hints: Hints;
  stats: ContainerStats;
}

/** RFC 9457 problem details; `path` is a JSON Pointer to the offending value. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  path?: string;
  line?: number;
  column?: number;
  [member: string]: unknown;
}

/** 409: refs the server does not know; re-send those cells in full. */
export interface UnknownRefProblem extends Problem {
  /** Ends in "unknown-ref". */
  type: string;
  status: 409;
  /** JSON Pointers to the cells, e.g. "/sections/0/items/3". */
  refs: string[];
}

/** One line of an `Accept: application/x-ndjson` answer; a `hints` answer has no cell records. */
export type StreamRecord =
  | { record: "start"; type: ContainerType; bounds: Size }
  | (CellResult & { record: "cell"; slot: "item" | "header" | "footer" })
  | {
      record: "end"; cells: number; sections: { id?: string; items: number; header: boolean; footer: boolean }[];
      contentSize: Size; warnings: Warning[]; hints: Hints; stats: ContainerStats;
    }
  | (Problem & { record: "error" });

/** One face of GET /v1/fonts: `url` is its file, served by Weft (`index`: the face in a collection file). */
export interface FontFaceEntry {
  weight: number;
  style: "normal" | "italic" | "oblique";
  postScriptName?: string;
  url?: string;
  index?: number;
  /** The face's width in percent (100 normal, 87.5 semi-condensed). */
  stretch?: number;
}
export interface FontsResponse {
  families: { family: string; faces: FontFaceEntry[] }[];
  /** The family Weft measures each CSS generic family (`sans-serif`, ...) as. */
  generic: Record<string, string>;
}

// MARK: - One layout

export const TEXT_CSS: string;

export interface LayoutOptions {
  baseUrl?: string; headers?: Record<string, string>; signal?: AbortSignal;
  /** Ask for every text's line boxes (`?lines=1`). */
  lines?: boolean;
}

/**
 * Rejects with a WeftError whose `problem` is the RFC 9457 body. It does not revalidate:
 * an If-None-Match in `headers` that matches makes the 304 reject as a refusal would.
 */
export function layout(request: NodeRequest, options?: LayoutOptions): Promise<NodeResponse>;
export function layout(request: ContainerRequest, options?: LayoutOptions): Promise<ContainerResponse>;
export function layout(
  request: NodeRequest | ContainerRequest, options?: LayoutOptions,
): Promise<NodeResponse | ContainerResponse>;

/**
 * How the module's functions reject when Weft refuses a request: `status` and the
 * problem+json body; `retryAfter`, the seconds a 503's Retry-After asks to wait.
 */
export type WeftError = Error & { problem?: Problem; status?: number; retryAfter?: number };

export function isNodeRequest(request: unknown): request is NodeRequest;

export interface FrameEntry {
  key: string;
  id?: string;
  type?: string;
  frame: Frame;
  node: LayoutNode | CellResult;
  element?: Element | WireCell;
  parent?: Element;
  cell?: boolean;
  /** The key of the nested container whose bounds clip this box (render() draws it inside that box). */
  container?: string;
}

export function frames(request: NodeRequest | ContainerRequest, response: NodeResponse | ContainerResponse): FrameEntry[];

export function render(
  host: HTMLElement,
  request: NodeRequest | ContainerRequest,
  response: NodeResponse | ContainerResponse | { layout: LayoutNode; size: Size },
  options?: { onBox?: (el: HTMLDivElement, entry: FrameEntry) => void },
): HTMLDivElement[];

export function textElement(
  doc: Document, element: Element, frameWidth: number, inFlex?: boolean, node?: LayoutNode,
): HTMLDivElement;
export function textStyle(element: Element, inFlex?: boolean): Partial<CSSStyleDeclaration>;
export function installTextCSS(doc: Document): void;
export function childrenInZOrder(element: Element): (Element | undefined)[];

// MARK: - The scroll loop

/** `bytes` as sent (gzipped when `content-encoding` says so), `jsonBytes` before compression. */
export function encodeBody(
  json: string, options?: { compress?: boolean },
): Promise<{ body: string | Uint8Array; headers: Record<string, string>; bytes: number; jsonBytes: number }>;
export function isUnknownRefProblem(problem: unknown): problem is UnknownRefProblem;
export function itemIndexOfPointer(pointer: string): number;
/** Resolves to the body's length in bytes. */
export function readRecords(response: Response, onRecord: (record: StreamRecord) => void): Promise<number>;

/** A font a text element asks for; `weight` 100...1000. */
export interface FontRequest { family: string; weight: number; style: "normal" | "italic" }
/** Keyed by family, weight and style. */
export type FontSet = Map<string, FontRequest>;
export function fontsOf(element: Element | undefined, into?: FontSet): FontSet;
export function matchFace(faces: FontFaceEntry[], weight: number, style: string): FontFaceEntry | null;
/** `fonts`: the faces CSS matching picks for them; `families`: every face of those; neither: every face listed. */
export function loadFonts(options?: {
  baseUrl?: string; headers?: Record<string, string>; doc?: Document; fonts?: FontSet; families?: string[];
}): Promise<{ loaded: (FontFaceEntry & { family: string })[]; failed: (FontFaceEntry & { family: string })[] }>;

export interface PlacedCell { frame: Frame; layout?: LayoutNode; key: string | null }

export interface StepReport {
  kind: "first" | "append" | "batch" | "scroll" | "resize";
  answer: AnswerShape;
  /** The HTTP status: 200, 304 (If-None-Match matched), 409 (the cells it named are re-sent), ... */
  status: number;
  /** Cells in the request, and how many of them went as refs (the others went with their content). */
  cells: number;
  refs: number;
  /** Request body bytes as sent (after gzip), and its JSON before compression. */
  sentBytes: number;
  jsonBytes: number;
  /** Answer body bytes as received (after any transfer decoding the browser did). */
  receivedBytes: number;
  ms: number;
}

/** A list's container: `type` defaults to "table"; `contentOffset` and `scrolling` follow the host's scroll. */
export interface ListContainer extends Omit<ContainerSpec, "type"> {
  type?: ContainerType;
}

export interface ListOptions {
  baseUrl?: string;
  container?: ListContainer;
  /** The request's `direction`; with "rtl" the host is made `direction: rtl` unless its style names a direction. */
  direction?: "ltr" | "rtl";
  sectionId?: string;
  fetchBatch?: (list: WeftList) => Cell[] | null | undefined | Promise<Cell[] | null | undefined>;
  renderCell?: (el: HTMLDivElement, cell: Cell, placed: PlacedCell) => void;
  headers?: Record<string, string>;
  stream?: boolean;
  compress?: boolean;
  fonts?: boolean;
  /** After every exchange, once its answer is applied: `list` reads as the answer left it. */
  onStep?: (report: StepReport) => void;
  /** Errors of scroll steps and batch fetches; after a 503 with Retry-After the step is tried again then. */
  onError?: (error: WeftError) => void;
}

export interface ListCell {
  id: string;
  cell: Cell;
  key: string | null;
  frame: Frame | null;
  layout?: LayoutNode;
  mounted: boolean;
}

export interface WeftList {
  readonly cells: ListCell[];
  readonly hints: Hints | null;
  readonly contentSize: Size;
  /** True once fetchBatch returned no cells: no batch is asked for after that. */
  readonly exhausted: boolean;
  /** The element cells are drawn in, in content coordinates. */
  readonly content: HTMLDivElement;
  append(cells: Cell[]): Promise<WeftList>;
  /** Relays every cell out at `bounds`, which the list keeps from then on, whatever size the host takes. */
  resize(bounds: Size): Promise<WeftList>;
  refresh(): Promise<void>;
  /** Resolves once no exchange, scroll step or batch fetch is pending. */
  settled(): Promise<WeftList>;
  destroy(): void;
}

export function createList(host: HTMLElement, options?: ListOptions): WeftList;
