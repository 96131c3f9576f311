import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import {
  createPath,
  parsePath,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
  type To,
} from 'react-router-dom';
import { endFirstView } from '@/components/page/hydration-boundary';
import { navigationGuard } from '@/lib/navigation-guard';
import {
  loadRouteState,
  matchLocation,
  RouterDataProvider,
  type AppRoute,
  type LoadResult,
  type Navigation,
  type RouterState,
} from './data-router';

type Action = 'POP' | 'PUSH' | 'REPLACE';

interface Snapshot {
  state: RouterState;
  navigation: Navigation;
  revalidation: 'idle' | 'loading';
  action: Action;
  preventScrollReset: boolean;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

const scrollStorageKey = 'nb-scroll-positions';

function readScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(scrollStorageKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function isHashChangeOnly(from: Location, to: Location): boolean {
  return from.pathname === to.pathname && from.search === to.search && to.hash !== '' && to.hash !== from.hash;
}

/**
 * The browser's router: React Router's history, plus route loaders run before each screen shows
 * (see data-router.tsx). Navigations overlap safely (the latest wins), a loader's redirect is
 * followed, a screen whose code cannot load (a new release replaced it) falls back to a full page
 * load, and scroll positions are restored on back/forward and reload.
 */
/** `initial`: the server's route data for the page on screen (its location is the browser's). */
export function createBrowserDataRouter(routes: AppRoute[], initial: Omit<RouterState, 'location'>) {
  const history = createBrowserHistory();
  const scrollPositions = readScrollPositions();
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    scrollPositions[snapshot.state.location.key] = window.scrollY;
    try {
      sessionStorage.setItem(scrollStorageKey, JSON.stringify(scrollPositions));
    } catch {
      // Storage may be full or disabled: positions are then kept for this page view only.
    }
  });

  let snapshot: Snapshot = {
    state: { ...initial, location: history.location },
    navigation: { state: 'idle' },
    revalidation: 'idle',
    action: 'POP',
    preventScrollReset: false,
  };
  const listeners = new Set<() => void>();
  const update = (patch: Partial<Snapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  let latest = 0;
  let controller: AbortController | undefined;

  /** Runs the loaders for `location`; null when a later navigation has superseded this one. */
  async function load(location: Location): Promise<LoadResult | null> {
    const id = ++latest;
    controller?.abort();
    controller = new AbortController();
    const request = new Request(new URL(createPath(location), window.location.origin), { signal: controller.signal });
    try {
      const result = await loadRouteState(location, matchLocation(routes, location), request, undefined);
      return id === latest ? result : null;
    } catch (error) {
      if (id !== latest) return null;
      // A screen's code failed to load (most likely a release replaced it): the server renders it.
      console.error('Navigation failed; loading the page from the server', error);
      window.location.assign(createPath(location));
      return null;
    }
  }

  function commit(state: RouterState, action: Action, preventScrollReset = false) {
    scrollPositions[snapshot.state.location.key] = window.scrollY;
    endFirstView();
    update({ state, action, preventScrollReset, navigation: { state: 'idle' } });
  }

  function followRedirect(target: string, replace: boolean) {
    const url = new URL(target, window.location.href);
    if (url.origin !== window.location.origin) window.location[replace ? 'replace' : 'assign'](url.href);
    else void navigate(url.pathname + url.search + url.hash, { replace });
  }

  async function navigate(to: To, options: NavigateOptions = {}) {
    const path = typeof to === 'string' ? parsePath(to) : to;
    const target: Location = {
      pathname: path.pathname ?? snapshot.state.location.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: options.state ?? null,
      key: 'pending',
    };
    const action = options.replace ? 'REPLACE' : 'PUSH';
    // A screen with unsaved work may keep the app where it is (lib/navigation-guard.ts).
    const guard = navigationGuard();
    if (guard && !(await guard(createPath(target)))) return;
    const enter = () => history[options.replace ? 'replace' : 'push'](createPath(target), options.state);
    if (isHashChangeOnly(snapshot.state.location, target)) {
      latest += 1;
      enter();
      commit({ ...snapshot.state, location: history.location }, action);
      return;
    }
    update({ navigation: { state: 'loading', location: target } });
    const result = await load(target);
    if (!result) return;
    if (result.kind === 'redirect') {
      followRedirect(result.location, Boolean(options.replace));
      return;
    }
    enter();
    commit({ ...result.state, location: history.location }, action, options.preventScrollReset);
  }

  // Back and forward past a screen's navigation guard: the address goes back to where it was while
  // the guard asks; if the answer is to leave, the same step is taken again without asking.
  let guardedStep: 'undoing' | 'leaving' | undefined;
  function guardPop(location: Location, delta: number | null): boolean {
    if (guardedStep === 'undoing') {
      guardedStep = undefined;
      return true;
    }
    if (guardedStep === 'leaving') {
      guardedStep = undefined;
      return false;
    }
    const guard = navigationGuard();
    if (!guard || !delta) return false;
    guardedStep = 'undoing';
    history.go(-delta);
    void guard(createPath(location)).then((leave) => {
      if (!leave) return;
      guardedStep = 'leaving';
      history.go(delta);
    });
    return true;
  }

  // Back and forward: the address has already changed; the screen follows once its data is in.
  history.listen(({ location, delta }) => {
    if (guardPop(location, delta)) return;
    if (isHashChangeOnly(snapshot.state.location, location)) {
      commit({ ...snapshot.state, location }, 'POP');
      return;
    }
    update({ navigation: { state: 'loading', location } });
    void load(location).then((result) => {
      if (!result) return;
      if (result.kind === 'redirect') followRedirect(result.location, true);
      else commit({ ...result.state, location }, 'POP');
    });
  });

  async function revalidate() {
    update({ revalidation: 'loading' });
    const result = await load(snapshot.state.location);
    if (result?.kind === 'state') update({ state: { ...result.state, location: snapshot.state.location } });
    else if (result?.kind === 'redirect') followRedirect(result.location, true);
    update({ revalidation: 'idle' });
  }

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state, opts) => void navigate(to, { state, preventScrollReset: opts?.preventScrollReset }),
    replace: (to, state, opts) =>
      void navigate(to, { replace: true, state, preventScrollReset: opts?.preventScrollReset }),
  };

  return {
    navigator,
    revalidate,
    scrollPositions,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type BrowserDataRouter = ReturnType<typeof createBrowserDataRouter>;

/** Scrolls like a browser would between documents: top (or the #fragment) on a new page, back on back. */
function useScrollRestoration(router: BrowserDataRouter, snapshot: Snapshot) {
  const { location } = snapshot.state;
  useLayoutEffect(() => {
    const saved = router.scrollPositions[location.key];
    if (snapshot.action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (snapshot.action !== 'POP' && !snapshot.preventScrollReset) window.scrollTo(0, 0);
    // Only a change of location scrolls, not new data for the same one: action and preventScrollReset
    // change only with the location (a commit), and revalidation keeps all three.
  }, [location, snapshot.action, snapshot.preventScrollReset, router.scrollPositions]);
}

export function BrowserDataRouterProvider({ router }: { router: BrowserDataRouter }) {
  const [snapshot, setSnapshot] = useState(router.getSnapshot);
  useEffect(() => {
    const sync = () => startTransition(() => setSnapshot(router.getSnapshot()));
    const unsubscribe = router.subscribe(sync);
    sync();
    return unsubscribe;
  }, [router]);
  useScrollRestoration(router, snapshot);
  return (
    <Router location={snapshot.state.location} navigationType={snapshot.action as never} navigator={router.navigator}>
      <RouterDataProvider
        state={snapshot.state}
        navigation={snapshot.navigation}
        revalidation={snapshot.revalidation}
        revalidate={router.revalidate}
      />
    </Router>
  );
}
