import { lazy, Suspense, useState, type ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';

/**
 * Post bodies. react-markdown keeps raw HTML as visible text and empties link and image addresses
 * whose scheme is not http, https, irc, ircs, mailto or xmpp (relative ones pass): docs/product.md#blog.
 */
export const postComponents: Components = {
  a: ({ href, children, node: _node, ...props }) => {
    const external = href ? /^https?:\/\//.test(href) : false;
    return (
      <a href={href || undefined} {...props} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node, ...props }) =>
    src ? (
      <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" decoding="async" {...props} />
    ) : null,
};

/** A short fingerprint of a text (FNV-1a), the same on server and client. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Rendered bodies by their markdown text, kept on the server only: an uncached page render then
 * skips parsing. Keyed by the text itself, so an edited text can never get an old rendering.
 */
const renderedOnServer = new Map<string, ReactElement>();
const maxRendered = 200;

function renderOnServer(markdown: string, components: Components | undefined): ReactElement {
  const key = `${components === postComponents ? 'post' : 'plain'}:${markdown}`;
  const cached = renderedOnServer.get(key);
  if (cached) return cached;
  // react-markdown's Markdown is synchronous and uses no hooks, so its output can be kept and reused.
  const rendered = Markdown({ components, children: markdown });
  if (renderedOnServer.size >= maxRendered) {
    const oldest = renderedOnServer.keys().next().value;
    if (oldest !== undefined) renderedOnServer.delete(oldest);
  }
  renderedOnServer.set(key, rendered);
  return rendered;
}

/** Only client-side navigations to a page with markdown load the parser (a chunk of its own). */
const ClientMarkdown = lazy(() => import('react-markdown'));

/** The server's rendering of this text, when it is on the page already (the page is hydrating). */
function htmlOnPage(id: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`[data-markdown="${id}"]`)?.innerHTML ?? null;
}

interface MarkdownTextProps {
  markdown: string;
  className?: string;
  testId?: string;
  components?: Components;
}

/**
 * Markdown rendered on the server. In the browser, hydration keeps the server's HTML as it is
 * instead of parsing the text again (no markdown library on a first visit); only a client-side
 * navigation to another text loads react-markdown.
 */
export function MarkdownText({ markdown, className, testId, components }: MarkdownTextProps) {
  const id = fingerprint(markdown);
  // Read once, at the first render: during hydration the server's HTML for this text is on the page.
  // A later text (client-side navigation within the same route) never matches it.
  const [hydratedFrom] = useState(() => (import.meta.env.SSR ? null : { id, html: htmlOnPage(id) }));
  const serverHtml = hydratedFrom?.id === id ? hydratedFrom.html : null;
  if (import.meta.env.SSR) {
    return (
      <div className={className} data-testid={testId} data-markdown={id}>
        {renderOnServer(markdown, components)}
      </div>
    );
  }
  if (serverHtml !== null) {
    return (
      <div
        className={className}
        data-testid={testId}
        data-markdown={id}
        dangerouslySetInnerHTML={{ __html: serverHtml }}
      />
    );
  }
  return (
    <div className={className} data-testid={testId} data-markdown={id}>
      <Suspense fallback={<p className="text-ink-muted">Loading…</p>}>
        <ClientMarkdown components={components}>{markdown}</ClientMarkdown>
      </Suspense>
    </div>
  );
}

export function MarkdownBody({ markdown }: { markdown: string }) {
  return (
    <MarkdownText markdown={markdown} className="prose-article" testId="article-body" components={postComponents} />
  );
}
