import {
  createContext,
  createElement,
  use,
  useContext,
  useState,
  type ComponentType,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { LRUCache } from 'lru-cache';

/**
 * Server HTML islands: the one way the site reuses a block's server-rendered HTML
 * (docs/adr/0007-rendering-performance.md).
 *
 * Keys. A block is named by its `id`, build-constant and unique across the site, plus its `inputs`
 * when its HTML depends on more than the build (the markdown it shows, the JSON of its props). Its
 * HTML must be a pure function of the key: the same key always renders the same bytes. The server's
 * cache is keyed by the id and the inputs themselves (two texts never share HTML); where a key must
 * be short, in the document, a block with inputs is named by their `fingerprint`.
 *
 * Reuse. The server renders each key once and reuses its HTML for every request, from one
 * least-recently-used cache (`bounds`: entries and bytes, keys included) that the server entry
 * creates with its renderer; the browser's code has neither. New inputs are a new key, so reused
 * HTML can never be out of date and nothing needs invalidating; keys no longer asked for fall out.
 * The browser then either
 * - keeps the server's HTML as it is (`hydrate` false: copy, footer, markdown): never hydrated, its
 *   code never loaded. The block's `div` is marked `data-island` (its id, or the fingerprint of its
 *   inputs) and its HTML is read from there the first time a block asks for it (before React
 *   touches it), then reused for the rest of the visit. Where the document has no such block (a
 *   page reached by client-side navigation) it renders in place as usual; or
 * - hydrates it (`hydrate` true: cards built from public content): the HTML is React's own
 *   `renderToString`, text separators included, the bytes React would stream in place. Kept blocks
 *   are plain markup (`renderToStaticMarkup`).
 *
 * Not allowed inside: `useId` (ids depend on the place in the tree), context other than the router,
 * time-dependent output ("2 days ago"; the footer's year is part of its id) and relative links (the
 * block renders at "/"). A kept block has no handlers (they would never be attached): delegate from
 * its `onClick` (`useRouterLinks` in router-links.ts makes its links navigate in place).
 *
 * Sent once. A value of the route data that only a kept block shows (a post's markdown, the "More
 * from" cards, the footer's links) would reach the browser twice, as the block's HTML and as
 * hydration data. The block notes each such value with its mark while rendering (`noteKept`, one
 * `KeptData` map per render), and the hydration data carries a stand-in for it (`withKeptStandIns`,
 * `keptStandIn`: a string naming the mark) when the document holds that block; in the browser a
 * block given a stand-in takes its mark from it and reuses the document's HTML. Only a value that
 * nothing else reads in the browser may be noted: an equal value anywhere in the page's data is
 * swapped too, unless the code that reads it there says so (`readInBrowser`: the Immersive page's
 * studios, which the footer shows too). A staff render notes nothing (no map): an admin screen's own
 * data may hold what a kept block shows. A client-side navigation loads the real value.
 *
 * Development: nothing is reused, every block renders on every request (sources change under hot
 * reload), through the same path, so a page is the same HTML as in production.
 *
 * Bytes. The cache holds each block as UTF-8 bytes, and a render does not pass them through React:
 * the block's `div` holds a marker, and the server entry splices the bytes in at the markers once
 * the render is done (`BlockSplices`, `spliceBlocks` in app/splice-blocks.ts). A page's largest
 * parts (the footer, a post's body, the home page's sections) are then neither re-encoded nor
 * copied through React's stream on each request.
 *
 * Staff: a render for a request that may carry a staff session neither reads nor fills the cache
 * (no `ReusedBlocks` sink): its blocks render in place, as in the browser, so that what a signed-in
 * member sees (a draft among them) is never served from, or kept for, another render.
 */

/** Server: one render's reused blocks, in the order they were asked for, each behind its marker. */
export class BlockSplices {
  /** Per process: a marker names its process's render, not a text a page could hold. */
  private static readonly token = Math.random().toString(36).slice(2, 10);
  readonly blocks: Uint8Array[] = [];

  marker(index: number): string {
    return `<!--nb-block:${BlockSplices.token}:${index}-->`;
  }

  /** Keeps a block's bytes for this render and gives the marker that stands for them. */
  add(bytes: Uint8Array): string {
    this.blocks.push(bytes);
    return this.marker(this.blocks.length - 1);
  }
}

/** Where this render's reused blocks go; none (a staff render, the browser) renders them in place. */
export const ReusedBlocks = createContext<BlockSplices | null>(null);

/** Bounds of the server's cache: the home page's blocks and the bodies of a few hundred posts. */
export const bounds = { entries: 500, bytes: 16 * 1024 * 1024 };

type Renderer = (node: ReactNode, hydratable: boolean) => string;

/**
 * Server only, set once by the server entry (+onRenderHtml, which owns react-dom/server): how a
 * block renders to HTML, and the cache of rendered blocks by key. Undefined in the browser.
 */
let server: { render: Renderer; cache: LRUCache<string, Uint8Array> } | undefined;

const utf8 = new TextEncoder();

/**
 * Browser only: the HTML of kept blocks as the first document had it, by their `data-island`
 * mark, read the first time a block asks for it. At most the first page's kept blocks.
 */
const fromDocument = new Map<string, string>();

export function setServerRenderer(render: Renderer): void {
  server = {
    render,
    cache: new LRUCache<string, Uint8Array>({
      max: bounds.entries,
      maxSize: bounds.bytes,
      sizeCalculation: (bytes, key) => bytes.length + key.length,
    }),
  };
}

/** A short fingerprint of a text (FNV-1a, 32 bits, base 36), the same on server and client. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** What a stand-in starts with: a character no text of a kept block begins with (the API refuses C0 controls). */
const standInPrefix = '\u0000island:';

/**
 * In the browser, a value of the route data that the hydration data replaced by a stand-in: the
 * document holds the block that shows it. Blocks given one must take `standInMark`'s mark.
 */
export type Kept<T> = T | string;

/** The hydration data's stand-in for a kept block's value: names the block's mark. */
export const keptStandIn = (mark: string) => `${standInPrefix}${mark}`;

/** The mark a stand-in names, or undefined for a real value. */
export function standInMark(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith(standInPrefix) ? value.slice(standInPrefix.length) : undefined;
}

/**
 * Server: this render's kept values, by their JSON text, each with the mark of the block showing it,
 * or null for a value the browser reads elsewhere on this page (`readInBrowser`), which is never
 * swapped. The server entry provides one map per render; nothing is noted without it.
 */
export const KeptData = createContext<Map<string, string | null> | null>(null);

const jsonBySource = new WeakMap<object, string>();

/** About a stand-in's own length in JSON (`"\u0000island:` and a mark). */
const minimumKeptLength = 32;

/** A value's JSON text: once per frozen object on the server (the memoised public data). */
function jsonOf(value: unknown): string {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return JSON.stringify(value);
  let text = jsonBySource.get(value);
  if (text === undefined) jsonBySource.set(value, (text = JSON.stringify(value)));
  return text;
}

/**
 * Server: notes that the kept block with these `inputs` shows `value` and nothing else in the browser
 * reads it, so the hydration data may carry a stand-in instead (a no-op in the browser or without a
 * map). The block's mark is its inputs' fingerprint, as `Island` has it.
 */
export function noteKept(kept: Map<string, string | null> | null, value: unknown, inputs: string): void {
  if (!import.meta.env.SSR || !kept) return;
  const text = jsonOf(value);
  // A stand-in would save nothing on a short value (`[]`, `null`), which another value may equal.
  if (text.length > minimumKeptLength && kept.get(text) !== null) kept.set(text, fingerprint(inputs));
}

/**
 * Server: a value that this page's hydrated code reads (the Immersive page's studios, say) while a
 * kept block elsewhere shows it too (the footer's studio links): it stays in the hydration data,
 * wherever it is and whichever was rendered first.
 */
export function readInBrowser(kept: Map<string, string | null> | null, value: unknown): void {
  if (!import.meta.env.SSR || !kept) return;
  const text = jsonOf(value);
  if (text.length > minimumKeptLength) kept.set(text, null);
}

/** Skips the JSON string opening at `at`; gives the index of its closing quote. */
function endOfString(json: string, at: number): number {
  let index = at + 1;
  while (json.charCodeAt(index) !== 34 /* " */) index += json.charCodeAt(index) === 92 /* \ */ ? 2 : 1;
  return index;
}

/**
 * Server: the page's data as JSON (`JSON.stringify`'s output) with each noted value swapped for its
 * stand-in where the document holds its block (a render error can drop a block after its value was
 * noted). One pass over the text, matching only where a value starts (never a key, never inside a
 * string). (A replacer function did the same in `JSON.stringify` at the cost of a call per value.)
 */
export function withKeptStandIns(json: string, kept: Map<string, string | null>, documentHtml: Buffer): string {
  const swaps: Array<[text: string, standIn: string]> = [];
  for (const [text, mark] of kept)
    if (mark !== null && documentHtml.includes(`data-island="${mark}"`))
      swaps.push([text, JSON.stringify(keptStandIn(mark))]);
  if (swaps.length === 0) return json;
  let out = '';
  let from = 0;
  const open: number[] = [];
  let keyNext = false;
  for (let at = 0; at < json.length; at += 1) {
    const code = json.charCodeAt(at);
    if (code === 34 /* " */ && keyNext) {
      at = endOfString(json, at);
      keyNext = false;
    } else if (code === 34 || code === 123 /* { */ || code === 91 /* [ */) {
      const swap = swaps.find(([text]) => json.startsWith(text, at));
      if (swap) {
        out += json.slice(from, at) + swap[1];
        at += swap[0].length - 1;
        from = at + 1;
      } else if (code === 34) at = endOfString(json, at);
      else {
        open.push(code);
        keyNext = code === 123;
      }
    } else if (code === 125 /* } */ || code === 93 /* ] */) open.pop();
    else if (code === 44 /* , */) keyNext = open.at(-1) === 123;
  }
  return out + json.slice(from);
}

/**
 * The server's keys of blocks, by id and inputs: a page's inputs are mostly the same string objects
 * as the last page's (the memoised public data), whose hash V8 keeps, so the key (a post's whole
 * markdown, say) is not rebuilt and hashed again on every request. At most `bounds.entries` an id.
 */
const keysByInputs = new Map<string, Map<string, string>>();

function keyOf(id: string, inputs: string | undefined): string {
  if (inputs === undefined) return id;
  let byInputs = keysByInputs.get(id);
  if (!byInputs) keysByInputs.set(id, (byInputs = new Map<string, string>()));
  let key = byInputs.get(inputs);
  if (key === undefined) {
    if (byInputs.size >= bounds.entries) byInputs.clear();
    key = `${id}\n${inputs}`;
    byInputs.set(inputs, key);
  }
  return key;
}

const inputsBySource = new WeakMap<object, string>();

/**
 * A block's inputs as text, made from `source`: on the server once per frozen source (the memoised
 * public data is frozen, and the same objects serve every page of a content version), else each
 * time. `source` must decide everything `make` reads for as long as it lives.
 */
export function inputsFrom(source: object, make: () => string): string {
  if (!import.meta.env.SSR || !Object.isFrozen(source)) return make();
  let text = inputsBySource.get(source);
  if (text === undefined) {
    text = make();
    inputsBySource.set(source, text);
  }
  return text;
}

/**
 * A kept block's inputs: its stand-in as it is (it names the block's mark), else its value's text,
 * made by `make` (once per frozen value on the server, `inputsFrom`).
 */
export function keptInputs<T extends object>(value: Kept<T>, make: (value: T) => string): string {
  return typeof value === 'string' ? value : inputsFrom(value, () => make(value));
}

/** Server: the block's bytes from the cache (never in development). */
function cachedBytes(key: string): Uint8Array | undefined {
  return import.meta.env.DEV ? undefined : server!.cache.get(key);
}

/** Server: renders the block's HTML to bytes and keeps them (not in development). */
function renderBytes(key: string, node: ReactNode, hydrate: boolean): Uint8Array {
  const bytes = utf8.encode(server!.render(node, hydrate));
  if (!import.meta.env.DEV) server!.cache.set(key, bytes);
  return bytes;
}

/**
 * A block's code, imported only where its HTML is not at hand: give it to `Island` as `code` and
 * render `Component`, which is there by the time `render` is called.
 */
export interface IslandCode<Props extends object = object> {
  load: () => Promise<void>;
  Component?: ComponentType<Props>;
}

export function islandCode<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): IslandCode<Props> {
  let loading: Promise<void> | undefined;
  const code: IslandCode<Props> = {
    load: () =>
      (loading ??= load().then((component) => {
        code.Component = component;
      })),
  };
  return code;
}

type IslandProps = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML' | 'id'> & {
  /** Names the block: build-constant, unique across the site. */
  id: string;
  /** What the HTML depends on besides the build, as text; none for a build-constant block. */
  inputs?: string;
  /** The browser hydrates the server's HTML (true) or keeps it as it is and never hydrates it. */
  hydrate: boolean;
  /** The block's content, called only where its HTML is not at hand. */
  render: () => ReactNode;
  /** The block's code, loaded (suspending) before `render` where the HTML is not at hand. */
  code?: Pick<IslandCode, 'load'> & { Component?: unknown };
};

/**
 * A `div` holding the block (style it `contents` to keep it out of the layout); `data-island`, when
 * kept, is its first attribute. `createElement` rather than JSX: with JSX in this module the bundler
 * split React's JSX runtime out of the entry, one more request on every first visit.
 */
export function Island({ id, inputs, hydrate, render, code, ...attributes }: IslandProps) {
  const mark = hydrate ? undefined : inputs === undefined ? id : (standInMark(inputs) ?? fingerprint(inputs));
  // Browser, kept block: the first document's HTML is read at the block's first render (hydration
  // comes before React touches it), once per mark.
  useState(() => {
    if (import.meta.env.SSR || mark === undefined || fromDocument.has(mark)) return;
    const html = document.querySelector(`[data-island="${CSS.escape(mark)}"]`)?.innerHTML;
    if (html !== undefined) fromDocument.set(mark, html);
  });
  const splices = useContext(ReusedBlocks);
  // `import.meta.env.SSR` first: the browser's bundle has no server half.
  if (import.meta.env.SSR && server !== undefined && splices) {
    const key = keyOf(id, inputs);
    let bytes = cachedBytes(key);
    if (bytes === undefined) {
      if (code && !code.Component) use(code.load());
      bytes = renderBytes(key, render(), hydrate);
    }
    return createElement('div', {
      'data-island': mark,
      ...attributes,
      dangerouslySetInnerHTML: { __html: splices.add(bytes) },
    });
  }
  const html = mark === undefined ? undefined : fromDocument.get(mark);
  if (html === undefined) {
    if (code && !code.Component) use(code.load());
    return createElement('div', { 'data-island': mark, ...attributes }, render());
  }
  return createElement('div', { 'data-island': mark, ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
