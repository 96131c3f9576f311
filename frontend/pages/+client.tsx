import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
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

/**
 * The page's only client code (Vike's HTML-only mode: no Vike client runtime is shipped). React
 * Router's data router hydrates the server's HTML and routes every later navigation itself.
 */
async function hydrate() {
  const data = document.getElementById('router-hydration')?.textContent;
  // React Router reads (and revives route errors from) this global when it creates the router.
  window.__staticRouterHydrationData = data ? JSON.parse(data) : undefined;
  await resolveInitialLazyRoutes();
  const router = createBrowserRouter(routes);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (one long task); a click meanwhile hydrates its part first.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <RouterProvider router={router} />
        <HydrationMarker />
      </StrictMode>,
    );
  });
}

void hydrate();
