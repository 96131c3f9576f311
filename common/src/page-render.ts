/**
 * The contract between the front end's server entry and the back end's SSR bridge
 * (docs/adr/0012-uncached-render.md). Vike renders the document frame once per process: the
 * document with its asset tags and three slots. Each page request then calls the page renderer
 * the frame came with, and the bridge puts its parts into the slots.
 */

/** The slots of the document frame, in the order they stand in it. */
export const documentSlots = ['<!--nb:head-->', '<!--nb:app-->', '<!--nb:hydration-->'] as const;

/** The loaders' API client (loopback HTTP to the same process on the server). */
export interface PageServerApi {
  getJson(path: string): Promise<{ status: number; body: unknown }>;
}

export interface PageRenderInput {
  /** The request's path and query (anything before the path is ignored). */
  url: string;
  serverApi: PageServerApi;
  /** The site's public origin: every absolute link of the page is made from it. */
  publicUrl: string;
  /** The request may carry a staff session: the render reuses no block rendered for another. */
  staff: boolean;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The head's page-specific tags (title, description, canonical, social tags, structured data). */
      head: string;
      /** The application's HTML as UTF-8 bytes. */
      app: Uint8Array;
      /** The route data the browser hydrates from, as JSON safe inside a script element. */
      hydration: string;
    };

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;
