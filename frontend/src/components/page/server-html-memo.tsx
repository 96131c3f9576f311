import type { ComponentType, ReactNode } from 'react';

/**
 * Server side only: the HTML of a block that is a pure function of its props (cards built from
 * public content), rendered once per distinct props and reused for every request that passes the
 * same props. The props themselves (as JSON) are the key, so new content is a new key: a memoised
 * block can never be out of date, and nothing needs invalidating. The markup is React's own
 * `renderToString` (text separators included), the same bytes React would stream in place, so the
 * browser hydrates the block as usual.
 *
 * Only for blocks without `useId` (ids depend on the place in the tree), without context other than
 * the router, without time-dependent output ("2 days ago") and with absolute links only.
 */
type HydratableRenderer = (node: ReactNode) => string;

let renderOnServer: HydratableRenderer | undefined;
/** Per component, the HTML of the last few distinct props (old content falls out first). */
const memo = new WeakMap<ComponentType<never>, Map<string, string>>();
const entriesPerComponent = 16;

/** Called once by the server entry (+onRenderHtml), which owns react-dom/server. */
export function setHydratableRenderer(renderer: HydratableRenderer): void {
  renderOnServer = renderer;
}

/** The block's HTML, or undefined where it must render in place (browser, development). */
export function memoisedHtml<Props extends object>(Component: ComponentType<Props>, props: Props): string | undefined {
  if (!renderOnServer || import.meta.env.DEV || typeof window !== 'undefined') return undefined;
  let entries = memo.get(Component as ComponentType<never>);
  if (!entries) {
    entries = new Map();
    memo.set(Component as ComponentType<never>, entries);
  }
  const key = JSON.stringify(props);
  let html = entries.get(key);
  if (html === undefined) {
    html = renderOnServer(<Component {...props} />);
    if (entries.size >= entriesPerComponent) entries.delete(entries.keys().next().value!);
    entries.set(key, html);
  }
  return html;
}
