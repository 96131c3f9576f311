import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { mediaIdOfUrl, type MediaImage } from '@northbeam/common';
import { ResponsiveImage } from '@/components/media/responsive-image';

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

/** How wide a body image shows: the article's text column, or the whole phone screen. */
const bodyImageSizes = '(min-width: 1280px) 760px, (min-width: 1024px) 62vw, 100vw';

/**
 * Post components that show media library images (`/media/{id}/…` with its size known) as
 * responsive pictures (docs/product.md#media); other images keep the plain lazy `<img>`.
 */
function withLibraryImages(images: Record<string, MediaImage>): Components {
  return {
    ...postComponents,
    img: (props) => {
      const image = typeof props.src === 'string' ? images[mediaIdOfUrl(props.src) ?? ''] : undefined;
      if (!image)
        return postComponents.img ? (postComponents.img as (p: typeof props) => ReactElement | null)(props) : null;
      return (
        <ResponsiveImage
          image={image}
          alt={props.alt ?? image.alt}
          sizes={bodyImageSizes}
          className="my-6 block"
          imgClassName="rounded-xl"
        />
      );
    },
  };
}

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

function renderOnServer(
  markdown: string,
  components: Components | undefined,
  variant: string | undefined,
): ReactElement {
  const key = `${variant ?? (components === postComponents ? 'post' : 'plain')}:${markdown}`;
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
  /** Names the components in the server's cache of renderings when they are not the plain or post ones. */
  variant?: string;
}

/**
 * Markdown rendered on the server. In the browser, hydration keeps the server's HTML as it is
 * instead of parsing the text again (no markdown library on a first visit); only a client-side
 * navigation to another text loads react-markdown.
 */
export function MarkdownText({ markdown, className, testId, components, variant }: MarkdownTextProps) {
  const id = fingerprint(markdown);
  // Read once, at the first render: during hydration the server's HTML for this text is on the page.
  // A later text (client-side navigation within the same route) never matches it.
  const [hydratedFrom] = useState(() => (import.meta.env.SSR ? null : { id, html: htmlOnPage(id) }));
  const serverHtml = hydratedFrom?.id === id ? hydratedFrom.html : null;
  if (import.meta.env.SSR) {
    return (
      <div className={className} data-testid={testId} data-markdown={id}>
        {renderOnServer(markdown, components, variant)}
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

export function MarkdownBody({ markdown, images }: { markdown: string; images?: Record<string, MediaImage> }) {
  const imagesKey = images && Object.keys(images).length > 0 ? JSON.stringify(images) : '';
  const components = useMemo(
    () => (imagesKey ? withLibraryImages(JSON.parse(imagesKey) as Record<string, MediaImage>) : postComponents),
    [imagesKey],
  );
  return (
    <MarkdownText
      markdown={markdown}
      className="prose-article"
      testId="article-body"
      components={components}
      variant={imagesKey ? `post+${fingerprint(imagesKey)}` : undefined}
    />
  );
}
