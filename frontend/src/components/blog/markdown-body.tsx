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

export function MarkdownBody({ markdown }: { markdown: string }) {
  return (
    <div className="prose-article" data-testid="article-body">
      <Markdown components={components}>{markdown}</Markdown>
    </div>
  );
}
