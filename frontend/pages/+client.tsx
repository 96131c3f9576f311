import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserDataRouter, BrowserDataRouterProvider } from '../src/app/browser-router';
import { matchLocation, resolveLazyRoutes, reviveErrors } from '../src/app/data-router';
import { HydrationMarker } from '../src/app/hydration-marker';
import { routes } from '../src/app/routes';
import { runMarqueesWhileVisible } from '../src/lib/marquees';
import '../src/styles/app.css';

interface HydrationData {
  loaderData?: Record<string, unknown>;
  errors?: Record<string, unknown> | null;
}

/**
 * The page's only client code (Vike's HTML-only mode: no Vike client runtime is shipped). The
 * router hydrates the server's HTML with the server's route data and routes every later navigation
 * itself.
 */
async function hydrate() {
  const root = document.getElementById('root')!;
  runMarqueesWhileVisible(root);
  const text = document.getElementById('router-hydration')?.textContent;
  const data = (text ? JSON.parse(text) : {}) as HydrationData;
  const matches = matchLocation(routes, window.location);
  // The modules of the routes on screen, so that hydration matches the server's HTML.
  await resolveLazyRoutes(matches);
  const router = createBrowserDataRouter(routes, {
    matches,
    loaderData: data.loaderData ?? {},
    errors: reviveErrors(data.errors),
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (one long task); a click meanwhile hydrates its part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <BrowserDataRouterProvider router={router} />
        <HydrationMarker />
      </StrictMode>,
    );
  });
}

void hydrate();
