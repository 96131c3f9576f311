import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dangerouslySkipEscape, escapeInject } from 'vike/server';
import type { OnRenderHtmlSync } from 'vike/types';
import { documentSlots, type PageRenderer } from '@northbeam/common';
import { loadRouteState, matchLocation, RouterDataProvider, serializeErrors } from '../src/app/data-router';
import { jsonForScript, renderHeadHtml } from '../src/app/head';
import { HydrationMarker } from '../src/app/hydration-marker';
import { setServerRehypePlugins } from '../src/components/blog/markdown-body';
import { rehypeImageCaptions } from '../src/components/blog/image-captions';
import {
  BlockSplices,
  KeptData,
  ReusedBlocks,
  setServerRenderer,
  withKeptStandIns,
} from '../src/components/page/server-html';
import { spliceBlocks } from '../src/app/splice-blocks';
import { resolveHead, resolveStatus } from '../src/app/resolve-head';
import { routes } from '../src/app/routes';
import { serverSiteSettingsOf } from '../src/lib/site-settings';
import '../src/styles/app.css';

// Islands render once per key (their links are absolute, so any location will do). Hydrated ones keep
// React's hydration markers; kept ones are plain markup.
setServerRenderer((node, hydratable) =>
  (hydratable ? renderToString : renderToStaticMarkup)(<StaticRouter location="/">{node}</StaticRouter>),
);

/**
 * Renders the application to UTF-8 bytes in small chunks. A page as one JavaScript string would cost
 * more than the render: a single character outside Latin-1 (a curly quote in a post) makes V8 store
 * the whole page in two bytes per character, and each copy of a string over 128 KiB (Vike's tag
 * injection made three) is a fresh memory mapping. The document around it stays a small string.
 * `progressiveChunkSize: Infinity` keeps every completed Suspense boundary in place: no inline
 * script is ever needed to move one (the Content-Security-Policy allows none).
 */
function renderToBuffer(element: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    sink.on('error', reject);
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

setServerRehypePlugins([rehypeImageCaptions]);

/**
 * Renders one page into the parts the document frame's slots take: everything a request needs and
 * nothing that is the same for every page (the frame is Vike's, rendered once per process).
 */
const renderPageParts: PageRenderer = async ({ url: target, serverApi, publicUrl, staff }) => {
  // The loaders read only the address (LoaderRequest): no WHATWG Request, which is costly to build.
  // Only the path and query come from the request; the origin is always PUBLIC_URL's. Leading slashes
  // and backslashes are one: `new URL('/\\host/x', base)` or `new URL('//host/x', base)` would take
  // `host` for the origin, and every absolute link of the page (share links, JSON-LD) with it.
  const origin = new URL(publicUrl).origin;
  const url = new URL(`${origin}/${target.replace(/^[/\\]+/, '')}`);
  const request = { url: url.href };
  const location = { pathname: url.pathname, search: url.search, hash: '', state: null, key: 'default' };
  const result = await loadRouteState(location, matchLocation(routes, location), request, { serverApi });
  if (result.kind === 'redirect') return { kind: 'redirect', status: result.status, location: result.location };
  const { state } = result;
  // The values that kept islands put into the page as HTML: the hydration data does not repeat them.
  // A staff render notes none: an admin screen's own data holds what the frame's blocks show (the
  // settings editor's social links equal the footer's), and its blocks are never kept for others.
  const kept = staff ? null : new Map<string, string | null>();
  // Blocks rendered for earlier pages go in as bytes after the render; a staff render reuses none.
  const splices = staff ? null : new BlockSplices();
  const rendered = await renderToBuffer(
    <StrictMode>
      <ReusedBlocks value={splices}>
        <KeptData value={kept}>
          <StaticRouter location={url.pathname + url.search}>
            <RouterDataProvider state={state} />
          </StaticRouter>
        </KeptData>
      </ReusedBlocks>
      <HydrationMarker />
    </StrictMode>,
  );
  const app = splices ? spliceBlocks(rendered, splices) : rendered;
  const matches = state.matches.map(({ route, params }) => ({
    params,
    handle: route.handle,
    data: state.loaderData[route.id],
  }));
  const head = resolveHead(matches, url.pathname, publicUrl);
  return {
    kind: 'page',
    status: Math.max(result.statusCode, resolveStatus(matches) ?? 200),
    head: renderHeadHtml(head, publicUrl, url.pathname, serverSiteSettingsOf(matches[0]?.data)),
    app,
    hydration: jsonForScript({ loaderData: state.loaderData, errors: serializeErrors(state.errors) }, (json) =>
      kept ? withKeptStandIns(json, kept, app) : json,
    ),
  };
};

const [headSlot, appSlot, hydrationSlot] = documentSlots;

/**
 * The document frame: Vike puts its asset tags at its two placeholders, and the page's parts go
 * into the slots. It is the same for every page, so the server asks for it once per process and
 * takes the page renderer from it (docs/adr/0012-uncached-render.md). Unindented: every page sends it.
 */
const onRenderHtml: OnRenderHtmlSync = () => ({
  documentHtml: escapeInject`<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0a0f1f">
__VITE_PLUGIN_SSR__ASSETS_FIRST__
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${dangerouslySkipEscape(headSlot)}
</head>
<body>
<div id="root">${dangerouslySkipEscape(appSlot)}</div>
<script type="application/json" id="router-hydration">${dangerouslySkipEscape(hydrationSlot)}</script>
__VITE_PLUGIN__SSR_ASSETS_LAST__
</body>
</html>`,
  pageContext: { renderPageParts },
});

export default onRenderHtml;
