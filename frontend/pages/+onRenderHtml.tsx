import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dangerouslySkipEscape, escapeInject } from 'vike/server';
import type { OnRenderHtmlAsync, PageContextServer } from 'vike/types';
import { jsonForScript, renderHeadHtml } from '../src/app/head';
import { HydrationMarker } from '../src/app/hydration-marker';
import { resolveHead, resolveStatus } from '../src/app/resolve-head';
import { routes } from '../src/app/routes';
import '../src/styles/app.css';

const handler = createStaticHandler(routes);

function toRequest(pageContext: PageContextServer): Request {
  const url = new URL(pageContext.urlOriginal, pageContext.publicUrl ?? 'http://localhost');
  const headers = new Headers();
  for (const [name, value] of Object.entries(pageContext.headersOriginal ?? {})) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { headers });
}

/** Route errors cannot cross JSON as class instances; React Router's client revives this shape. */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null;
  const serialized: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (error && typeof error === 'object' && 'status' in error && 'internal' in error) {
      const response = error as { status: number; statusText: string; data: unknown; internal: boolean };
      serialized[routeId] = { ...response, __type: 'RouteErrorResponse' };
    } else if (error instanceof Error) {
      serialized[routeId] = { message: error.message, __type: 'Error' };
    } else {
      serialized[routeId] = error;
    }
  }
  return serialized;
}

const onRenderHtml: OnRenderHtmlAsync = async (pageContext) => {
  const request = toRequest(pageContext);
  const context = await handler.query(request, { requestContext: { serverApi: pageContext.serverApi } });
  if (context instanceof Response) {
    return {
      documentHtml: escapeInject`<!DOCTYPE html><html><head></head><body></body></html>`,
      pageContext: { appRedirect: context.headers.get('Location') ?? '/', appStatus: context.status },
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const appHtml = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <HydrationMarker />
    </StrictMode>,
  );
  const pathname = new URL(request.url).pathname;
  const matches = context.matches.map((match) => ({
    params: match.params,
    handle: match.route.handle as unknown,
    data: context.loaderData[match.route.id] as unknown,
  }));
  const publicUrl = pageContext.publicUrl ?? new URL(request.url).origin;
  const head = resolveHead(matches, pathname, publicUrl);
  const status = Math.max(context.statusCode, resolveStatus(matches) ?? 200);
  const hydration = jsonForScript({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  });
  // Vike puts its tags at the two placeholders: a split instead of scanning the whole page for tags.
  const documentHtml = escapeInject`<!DOCTYPE html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0a0f1f">
    __VITE_PLUGIN_SSR__ASSETS_FIRST__
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${dangerouslySkipEscape(renderHeadHtml(head, publicUrl, pathname))}
  </head>
  <body>
    <div id="root">${dangerouslySkipEscape(appHtml)}</div>
    <script type="application/json" id="router-hydration">${dangerouslySkipEscape(hydration)}</script>
    __VITE_PLUGIN__SSR_ASSETS_LAST__
  </body>
</html>`;
  return { documentHtml, pageContext: { appStatus: status } };
};

export default onRenderHtml;
