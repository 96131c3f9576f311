import { createElement, lazy, Suspense, useContext, useMemo, type ReactElement } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { mediaIdOfUrl, type MediaImage } from '@northbeam/common';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { Island, KeptData, noteKept, standInMark } from '@/components/page/server-html';

/**
 * What every markdown text goes through besides react-markdown's CommonMark: captions under images
 * (image-captions.ts). The server entry gives it (`setServerRehypePlugins`); the browser loads it
 * with react-markdown itself (`ClientMarkdown`). Never a static import here: it put the step in
 * react-markdown's shared chunk, and so the parser into every article's first visit.
 */
let serverRehypePlugins: Options['rehypePlugins'] = [];

export function setServerRehypePlugins(plugins: Options['rehypePlugins']): void {
  serverRehypePlugins = plugins;
}

/**
 * Post bodies. react-markdown keeps raw HTML as visible text and empties link and image addresses
 * whose scheme is not http, https, irc, ircs, mailto or xmpp (relative ones pass): docs/product.md#blog.
 */
export const postComponents: Components = {
  a: ({ href, children, node: _node, ...props }) => {
    const external = href ? /^https?:\/\//.test(href) : false;
    return (
      <a href={href || undefined} {...props} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
        {children}
      </a>
    );
  },
  // A code block scrolls sideways when its lines are longer than the column (app.css): keyboard users
  // scroll it once it can take focus, and the name says what they landed on. Rendered on the server,
  // which cannot measure a line, so every block takes focus.
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} role="group" aria-label="Code" {...props} />,
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
          className="block"
          imgClassName="rounded-xl"
        />
      );
    },
  };
}

/** Only client-side navigations to a page with markdown load the parser (a chunk of its own). */
const ClientMarkdown = lazy(() =>
  Promise.all([import('react-markdown'), import('./image-captions')]).then(([markdown, captions]) => ({
    default: (props: Parameters<typeof markdown.default>[0]) =>
      createElement(markdown.default, { ...props, rehypePlugins: [captions.rehypeImageCaptions] }),
  })),
);

interface MarkdownTextProps {
  /** The island's id (see server-html.tsx): names the components the text renders with. */
  id: string;
  markdown: string;
  /** What the components depend on besides the build, if anything (as text). */
  componentInputs?: string;
  className?: string;
  testId?: string;
  components?: Components;
}

/**
 * Markdown rendered on the server, a kept island keyed by its text (server-html.tsx): rendered once
 * per text, and in the browser the server's HTML stays as it is instead of the text being parsed
 * again (no markdown library on a first visit); only a client-side navigation to another text loads
 * react-markdown. The text itself is sent once: as that HTML, not again in the hydration data
 * (server-html.ts, "Sent once").
 */
export function MarkdownText({ id, markdown, componentInputs, className, testId, components }: MarkdownTextProps) {
  // A stand-in (hydration data of a page whose document holds this text's HTML) names the block itself.
  const standIn = standInMark(markdown) !== undefined;
  const inputs = standIn || !componentInputs ? markdown : `${componentInputs}\n${markdown}`;
  noteKept(useContext(KeptData), markdown, inputs);
  return (
    <Island
      id={id}
      inputs={inputs}
      hydrate={false}
      render={() =>
        import.meta.env.SSR ? (
          <Markdown components={components} rehypePlugins={serverRehypePlugins}>
            {markdown}
          </Markdown>
        ) : (
          <Suspense fallback={<p className="text-ink-muted">Loading…</p>}>
            <ClientMarkdown components={components}>{markdown}</ClientMarkdown>
          </Suspense>
        )
      }
      className={className}
      data-testid={testId}
    />
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
      id="article-body"
      markdown={markdown}
      componentInputs={imagesKey}
      className="prose-article"
      testId="article-body"
      components={components}
    />
  );
}
