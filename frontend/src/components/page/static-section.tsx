import { use, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A block of a page that never changes while the site runs (marketing copy, icons, links): the
 * server renders it to HTML once per process and reuses that string for every request, and the
 * browser keeps the server's HTML as it is instead of hydrating it, so neither the render nor the
 * first interaction pays for it. Links inside still navigate in place (React Router) on a plain
 * click. Once read from the document, the browser reuses the HTML on later visits of the page;
 * a page reached by client-side navigation before that renders the block as usual.
 *
 * Only for content that depends on nothing but the build: no loader data, no state, no handlers
 * (they would never run). `id` names the block and must be unique across the site. Give the block
 * as `content` (see `staticContent`) rather than as children and its code stays out of the first
 * visit's JavaScript too.
 */
type StaticRenderer = (node: ReactNode) => string;

let renderOnServer: StaticRenderer | undefined;
const serverHtml = new Map<string, string>();
const browserHtml = new Map<string, string>();

/** Called once by the server entry (+onRenderHtml), which owns react-dom/server. */
export function setStaticRenderer(renderer: StaticRenderer): void {
  renderOnServer = renderer;
}

function htmlOnServer(id: string, children: ReactNode): string {
  // In development a section's source may change under hot reload: render it every time.
  if (import.meta.env.DEV) return renderOnServer!(children);
  let html = serverHtml.get(id);
  if (html === undefined) {
    html = renderOnServer!(children);
    serverHtml.set(id, html);
  }
  return html;
}

/** The server's HTML of the block, read from the document (before React touches it) the first time. */
function htmlInBrowser(id: string): string | undefined {
  if (!browserHtml.has(id)) {
    const element = document.querySelector(`[data-static="${CSS.escape(id)}"]`);
    if (!element) return undefined;
    browserHtml.set(id, element.innerHTML);
  }
  return browserHtml.get(id);
}

/** A plain left click on a same-origin link goes through the router, as a `<Link>` would. */
function followLinksInPlace(event: MouseEvent<HTMLDivElement>, navigate: (to: string) => void) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest('a');
  if (!anchor || !event.currentTarget.contains(anchor)) return;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  if (anchor.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
}

/** A block's component, imported only where its HTML is not at hand (server, client-side navigation). */
export interface StaticContent {
  load: () => Promise<void>;
  Component?: ComponentType;
}

export function staticContent(load: () => Promise<ComponentType>): StaticContent {
  let loading: Promise<void> | undefined;
  const content: StaticContent = {
    load: () =>
      (loading ??= load().then((component) => {
        content.Component = component;
      })),
  };
  return content;
}

type StaticSectionProps = { id: string } & (
  { children: ReactNode; content?: never } | { content: StaticContent; children?: never }
);

export function StaticSection({ id, children, content }: StaticSectionProps) {
  const navigate = useNavigate();
  const onServer = typeof window === 'undefined';
  // Decided once per mounted block, so a later render never swaps the HTML for components.
  const [copy] = useState(() => (onServer ? undefined : htmlInBrowser(id)));
  const needed = onServer ? !(serverHtml.has(id) && !import.meta.env.DEV) : copy === undefined;
  if (content && !content.Component && needed) use(content.load());
  const node = content ? content.Component && <content.Component /> : children;
  const html = onServer ? renderOnServer && htmlOnServer(id, node) : copy;
  if (html === undefined) {
    return (
      <div data-static={id} className="contents">
        {node}
      </div>
    );
  }
  return (
    <div
      data-static={id}
      className="contents"
      onClick={(event) => followLinksInPlace(event, (to) => void navigate(to))}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
