import type { ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';

/**
 * Post bodies. react-markdown keeps raw HTML as visible text and empties link and image addresses
 * whose scheme is not http, https, irc, ircs, mailto or xmpp (relative ones pass): the spec's rules.
 */
const components: Components = {
  a: ({ href, children, node: _node, ...props }) => {
    const external = href ? /^https?:\/\//.test(href) : false;
    return (
      <a href={href || undefined} {...props} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node, ...props }) =>
    src ? <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" decoding="async" {...props} /> : null,
};

/**
 * Rendered bodies by their markdown text, kept on the server only: an uncached page render of a
 * post then skips parsing. Keyed by the text itself, so an edited post can never get an old body.
 */
const renderedOnServer = new Map<string, ReactElement>();
const maxRendered = 200;

function renderMarkdown(markdown: string): ReactElement {
  if (typeof window !== 'undefined') return <Markdown components={components}>{markdown}</Markdown>;
  const cached = renderedOnServer.get(markdown);
  if (cached) return cached;
  // react-markdown's Markdown is synchronous and uses no hooks, so its output can be kept and reused.
  const rendered = Markdown({ components, children: markdown });
  if (renderedOnServer.size >= maxRendered) {
    const oldest = renderedOnServer.keys().next().value;
    if (oldest !== undefined) renderedOnServer.delete(oldest);
  }
  renderedOnServer.set(markdown, rendered);
  return rendered;
}

export function MarkdownBody({ markdown }: { markdown: string }) {
  return (
    <div className="prose-article" data-testid="article-body">
      {renderMarkdown(markdown)}
    </div>
  );
}
