import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import type { OnRenderClientAsync } from 'vike/types';
import { HydrationMarker } from '../src/app/hydration-marker';
import { routes } from '../src/app/routes';
import '../src/styles/app.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/** Loads the lazy modules of the routes on screen so that hydration matches the server's HTML. */
async function resolveInitialLazyRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Partial<RouteObject>;
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

const onRenderClient: OnRenderClientAsync = async () => {
  const data = document.getElementById('router-hydration')?.textContent;
  // React Router reads (and revives route errors from) this global when it creates the router.
  window.__staticRouterHydrationData = data ? JSON.parse(data) : undefined;
  await resolveInitialLazyRoutes();
  const router = createBrowserRouter(routes);
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <RouterProvider router={router} />
      <HydrationMarker />
    </StrictMode>,
  );
};

export default onRenderClient;
