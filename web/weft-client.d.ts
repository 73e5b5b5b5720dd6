// Types for /weft-client.js and the wire format it speaks (openapi.yaml is the full contract).

// MARK: - Wire types

export interface Size { width: number; height: number }
export interface Point { x: number; y: number }
export interface Frame { x: number; y: number; width: number; height: number }
export interface Edges { top?: number; left?: number; bottom?: number; right?: number }
export interface SizeRange {
  min?: { width?: number | null; height?: number | null };
  max?: { width?: number | null; height?: number | null };
}

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
  size?: Size;
  style?: Record<string, unknown>;
}

/** Fields that stay beside a ref: they place the cell, they are not its content. */
export interface CellPlacement {
  constrainedSize?: SizeRange;
  accessoryType?: "none" | "disclosureIndicator" | "detailDisclosureButton" | "checkmark" | "detailButton";
  separatorInset?: Edges;
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
export type ScrollDirection =
  | "none" | "up" | "down" | "left" | "right" | "up-left" | "up-right" | "down-left" | "down-right";

export interface ContainerSpec {
  type: ContainerType;
  bounds?: Size;
  contentOffset?: Point;
  contentInset?: Edges;
  scrolling?: ScrollDirection;
  rangeMode?: RangeMode;
  rangeTuning?: Record<string, unknown>;
  leadingScreensForBatching?: number;
  fetching?: boolean;
  visible?: boolean;
  separatorStyle?: "singleLine" | "none";
  scrollDirection?: "vertical" | "horizontal";
  flow?: { itemSpacing?: number; lineSpacing?: number; sectionInset?: Edges };
  currentPage?: number;
  previousBounds?: Size;
  circular?: boolean;
  [member: string]: unknown;
}

/** `full`: every cell with frame, layout and key; `frames`: layouts only for cells sent in full; `hints`: no cells. */
export type AnswerShape = "full" | "frames" | "hints";

export interface Section {
  id?: string;
  header?: WireCell;
  footer?: WireCell;
  items: WireCell[];
}

export interface ContainerRequest {
  container: ContainerSpec;
  sections?: Section[];
  items?: WireCell[];
  answer?: AnswerShape;
  direction?: "ltr" | "rtl";
  pointScale?: number;
}

export interface NodeRequest {
  root: Element;
  sizeRange?: SizeRange;
  direction?: "ltr" | "rtl";
  pointScale?: number;
}

/** An output node: the element's frame relative to its parent, and its children in z-order. */
export interface LayoutNode {
  type?: string;
  id?: string;
  frame: Frame;
  children?: LayoutNode[];
  truncated?: boolean;
  /** A truncated text: the characters shown, the token included. */
  visibleText?: string;
  /** A text's line boxes, when asked for (`lines`, `?lines=1`). */
  lines?: TextLine[];
  [member: string]: unknown;
}

/** One line box of a text: its frame in the text node's coordinates and its UTF-16 range. */
export interface TextLine { frame: Frame; start: number; end: number; baseline: number }

export interface NodeResponse {
  size: Size;
  layout: LayoutNode;
  warnings: Warning[];
}

export interface Warning { type?: string; detail: string; path?: string; [member: string]: unknown }

/** An index path: `[section, item]`, or a section's supplementary view. */
export type IndexPath = [number, number] | { section: number; kind: "header" | "footer" };

export interface CellResult {
  id: string;
  index: [number, number];
  frame: Frame;
  /** Absent for a ref'd cell in a `frames` answer: the client keeps the layout it has. */
  layout?: LayoutNode;
  kind?: "node" | "interop";
  /** Names the cell's content; send it back as `ref`. Absent from servers without refs. */
  key?: string;
  [member: string]: unknown;
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
  triggerOffset: number;
  leadingScreens: number;
}

export interface Hints {
  ranges: Ranges;
  batchFetch: BatchFetch;
  pages?: { index: number; offset: number; firstItem: unknown; lastItem: unknown }[];
  pager?: Record<string, unknown>;
  [member: string]: unknown;
}

export interface ContainerStats { cells: number; cacheHits: number; cacheMisses: number }

export interface ContainerResponse {
  contentSize: Size;
  /** Absent from a `hints` answer. */
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
  status: 409;
  /** JSON Pointers to the cells, e.g. "/sections/0/items/3". */
  refs: string[];
}

export type StreamRecord =
  | { record: "start"; type: ContainerType; bounds: Size }
  | (CellResult & { record: "cell"; slot: "item" | "header" | "footer" })
  | {
      record: "end"; cells: number; sections: { id?: string; items: number; header: boolean; footer: boolean }[];
      contentSize: Size; warnings: Warning[]; hints: Hints; stats: ContainerStats;
    }
  | (Problem & { record: "error" });

export interface FontFaceEntry { family: string; weight?: number | string; style?: string; stretch?: number; url?: string }
export interface FontsResponse {
  families: (string | { family?: string; name?: string; faces?: FontFaceEntry[] })[];
  faces?: FontFaceEntry[];
}

// MARK: - One layout

export const TEXT_CSS: string;

export interface LayoutOptions {
  baseUrl?: string; headers?: Record<string, string>; signal?: AbortSignal;
  /** Ask for every text's line boxes (`?lines=1`). */
  lines?: boolean;
}

/** Rejects with an Error whose `problem` is the RFC 9457 body. */
export function layout(request: NodeRequest, options?: LayoutOptions): Promise<NodeResponse>;
export function layout(request: ContainerRequest, options?: LayoutOptions): Promise<ContainerResponse>;

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

export function encodeBody(
  json: string, options?: { compress?: boolean },
): Promise<{ body: string | Uint8Array; headers: Record<string, string> }>;
export function isUnknownRefProblem(problem: unknown): problem is UnknownRefProblem;
export function itemIndexOfPointer(pointer: string): number;
export function readRecords(response: Response, onRecord: (record: StreamRecord) => void): Promise<void>;
export function loadFonts(options?: {
  baseUrl?: string; headers?: Record<string, string>; doc?: Document; families?: string[];
}): Promise<{ loaded: FontFaceEntry[]; failed: FontFaceEntry[] }>;

export interface PlacedCell { frame: Frame; layout?: LayoutNode; key: string | null }

export interface StepReport {
  kind: "first" | "append" | "batch" | "scroll" | "resize";
  /** Request body bytes as sent (after gzip). */
  sentBytes: number;
  status: number;
  ms: number;
}

export interface ListOptions {
  baseUrl?: string;
  container?: ContainerSpec;
  sectionId?: string;
  fetchBatch?: (list: WeftList) => Promise<Cell[] | null | undefined>;
  renderCell?: (el: HTMLDivElement, cell: Cell, placed: PlacedCell) => void;
  headers?: Record<string, string>;
  stream?: boolean;
  compress?: boolean;
  fonts?: boolean;
  onStep?: (report: StepReport) => void;
  onError?: (error: Error & { problem?: Problem; status?: number }) => void;
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
  readonly usesRefs: boolean;
  append(cells: Cell[], options?: { fromBatch?: boolean }): Promise<WeftList>;
  resize(bounds: Size): Promise<WeftList>;
  refresh(): Promise<void>;
  destroy(): void;
}

export function createList(host: HTMLElement, options?: ListOptions): WeftList;
