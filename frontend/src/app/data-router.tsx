import { Component, createContext, useContext, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  matchRoutes,
  UNSAFE_RouteContext as RouteContext,
  type Location,
  type Params,
} from 'react-router-dom';

/**
 * Route data for React Router's declarative mode: each route's `loader` runs before its screen
 * renders (over the server's loopback API client on the server, fetch in the browser), a thrown `redirect()` redirects, a thrown
 * `data(…, { status })` or error shows the nearest `ErrorBoundary`. This is the part of React Router's
 * data router the site uses (loaders, route errors, redirects, pending state, revalidation, matches
 * with handles) in a few kilobytes, where the data router itself would add to every first visit's JavaScript
 * (ADR 0002). The server (pages/+onRenderHtml.tsx) and the browser (src/app/browser-router.tsx)
 * share this module, so both resolve a location the same way.
 */

/**
 * What a loader reads of the request: its address. A browser navigation passes a fetch `Request`
 * (with its abort signal); the server passes a plain object, as building a WHATWG `Request` for
 * every render cost a tenth of a home-page render on Node 20 (bench/HISTORY.md, seventh pass).
 */
export interface LoaderRequest {
  url: string;
}

export interface LoaderFunctionArgs {
  request: LoaderRequest;
  params: Params;
  /** On the server: the loopback API client (see lib/api.ts); undefined in the browser. */
  context: unknown;
}

export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** What a route module exports (its `lazy` import resolves to this). */
export interface RouteModule {
  Component?: ComponentType;
  ErrorBoundary?: ComponentType;
  loader?: LoaderFunction;
  handle?: unknown;
}

export interface AppRoute extends RouteModule {
  id: string;
  path?: string;
  index?: boolean;
  lazy?: () => Promise<RouteModule>;
  children?: AppRoute[];
}

export interface AppMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: AppRoute;
}

export interface RouterState {
  location: Location;
  matches: AppMatch[];
  loaderData: Record<string, unknown>;
  /** Route errors keyed by the id of the route whose ErrorBoundary shows them. */
  errors: Record<string, unknown> | null;
}

export type LoadResult =
  { kind: 'redirect'; location: string; status: number } | { kind: 'state'; state: RouterState; statusCode: number };

// React Router flattens and ranks the whole route tree on every call to matchRoutes (a fifteenth of
// a server render): the matches of recently seen paths are kept instead. They are never mutated.
const recentMatches = new WeakMap<AppRoute[], Map<string, AppMatch[]>>();
const recentMatchesLimit = 500;
/** A path that only a catch-all route (`*`) can match. */
const unmatchablePath = '/\u0000';

export function matchLocation(routes: AppRoute[], location: Pick<Location, 'pathname'>): AppMatch[] {
  let recent = recentMatches.get(routes);
  if (!recent) recentMatches.set(routes, (recent = new Map<string, AppMatch[]>()));
  let matches = recent.get(location.pathname);
  if (!matches) {
    // React Router's patterns never match a path with a line break (`/x%0a`): such a path is matched
    // as one no route names, so it reaches the catch-all route (404) instead of no route at all.
    matches = (matchRoutes(routes as never, location) ??
      matchRoutes(routes as never, { pathname: unmatchablePath }) ??
      []) as unknown as AppMatch[];
    if (recent.size >= recentMatchesLimit) recent.delete(recent.keys().next().value!);
    recent.set(location.pathname, matches);
  }
  return matches;
}

/** Loads the module of every matched route that is still lazy (once; the route object keeps it). */
export async function resolveLazyRoutes(matches: AppMatch[]): Promise<void> {
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy) return;
      const { Component, ErrorBoundary, loader, handle } = await route.lazy();
      Object.assign(route, { Component, ErrorBoundary, loader, handle, lazy: undefined });
    }),
  );
}

function redirectOf(value: unknown): { location: string; status: number } | null {
  if (!(value instanceof Response)) return null;
  const location = value.headers.get('Location');
  return value.status >= 300 && value.status < 400 && location ? { location, status: value.status } : null;
}

/** A thrown `data(…, {status})` or Response as the plain shape React Router's `isRouteErrorResponse` recognises. */
function toRouteError(reason: unknown): unknown {
  if (reason && typeof reason === 'object' && (reason as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = reason as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 500, statusText: init?.statusText ?? '', internal: false, data };
  }
  if (reason instanceof Response) {
    return { status: reason.status, statusText: reason.statusText, internal: false, data: null };
  }
  return reason;
}

/**
 * Runs the loaders of the matched routes side by side. A redirect (returned or thrown) wins; any
 * other thrown value becomes the route error of the nearest route with an ErrorBoundary.
 */
export async function loadRouteState(
  location: Location,
  matches: AppMatch[],
  request: LoaderRequest,
  context: unknown,
): Promise<LoadResult> {
  await resolveLazyRoutes(matches);
  const results = await Promise.allSettled(
    // In a promise executor, a loader that throws synchronously still becomes a rejected result.
    matches.map(({ route, params }) => new Promise((resolve) => resolve(route.loader?.({ request, params, context })))),
  );
  const loaderData: Record<string, unknown> = {};
  let errors: Record<string, unknown> | null = null;
  let errorStatus = 0;
  for (const [index, result] of results.entries()) {
    const value: unknown = result.status === 'fulfilled' ? result.value : result.reason;
    const redirect = redirectOf(value);
    if (redirect) return { kind: 'redirect', ...redirect };
    const { route } = matches[index];
    if (result.status === 'fulfilled') {
      if (route.loader) loaderData[route.id] = value;
      continue;
    }
    const error = toRouteError(value);
    let boundary = index;
    while (boundary > 0 && !matches[boundary].route.ErrorBoundary) boundary -= 1;
    errors ??= {};
    const boundaryId = matches[boundary].route.id;
    if (!(boundaryId in errors)) errors[boundaryId] = error;
    errorStatus = Math.max(errorStatus, isRouteErrorResponse(error) ? error.status : 500);
  }
  return { kind: 'state', state: { location, matches, loaderData, errors }, statusCode: errorStatus || 200 };
}

/** Route errors as JSON for the hydration data (class instances do not survive JSON). */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      error instanceof Error ? { message: error.message, __type: 'Error' } : error,
    ]),
  );
}

export function reviveErrors(errors: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      const serialized = error as { __type?: string; message?: string } | null;
      return [id, serialized?.__type === 'Error' ? new Error(serialized.message) : error];
    }),
  );
}

// ---------------------------------------------------------------- rendering and hooks

export interface Navigation {
  state: 'idle' | 'loading';
  location?: Location;
}

interface RouterContextValue {
  state: RouterState;
  navigation: Navigation;
  revalidation: 'idle' | 'loading';
  revalidate: () => Promise<void>;
}

const RouterDataContext = createContext<RouterContextValue | null>(null);
const RouteIdContext = createContext<string>('');
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterData(): RouterContextValue {
  const value = useContext(RouterDataContext);
  if (!value) throw new Error('Route data is only available inside <RouterDataProvider>.');
  return value;
}

/** The value a loader resolves to (`useLoaderData<typeof loader>()`), or the type given. */
export type LoaderValue<T> = T extends (...args: never[]) => infer Result ? Awaited<Result> : T;

export function useLoaderData<T = unknown>(): LoaderValue<T> {
  return useRouterData().state.loaderData[useContext(RouteIdContext)] as LoaderValue<T>;
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export function useNavigation(): Navigation {
  return useRouterData().navigation;
}

export function useRevalidator(): { state: 'idle' | 'loading'; revalidate: () => Promise<void> } {
  const { revalidation, revalidate } = useRouterData();
  return { state: revalidation, revalidate };
}

export interface UiMatch {
  id: string;
  pathname: string;
  params: Params;
  data: unknown;
  handle: unknown;
}

export function useMatches(): UiMatch[] {
  const { state } = useRouterData();
  return state.matches.map(({ route, pathname, params }) => ({
    id: route.id,
    pathname,
    params,
    data: state.loaderData[route.id],
    handle: route.handle,
  }));
}

interface BoundaryProps {
  fallback: ComponentType;
  location: Location;
  children: ReactNode;
}

/** Catches a render error below a route with an ErrorBoundary; a navigation clears it. */
class RouteRenderBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: undefined, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

/** The matched routes, outermost first, each with its data, error boundary and `<Outlet>` child. */
function RouteTree({ state }: { state: RouterState }): ReactNode {
  const { matches, errors, location } = state;
  let end = matches.length;
  let errorAt = -1;
  for (const [index, match] of matches.entries()) {
    if (errors && match.route.id in errors) {
      errorAt = index;
      end = index + 1;
      break;
    }
  }
  let outlet: ReactNode = null;
  for (let index = end - 1; index >= 0; index -= 1) {
    const { route } = matches[index];
    const { Component: Screen, ErrorBoundary } = route;
    let element: ReactNode;
    if (index === errorAt && ErrorBoundary) {
      element = (
        <RouteErrorContext.Provider value={errors?.[route.id]}>
          <ErrorBoundary />
        </RouteErrorContext.Provider>
      );
    } else {
      element = Screen ? <Screen /> : outlet;
      if (ErrorBoundary) {
        element = (
          <RouteRenderBoundary fallback={ErrorBoundary} location={location}>
            {element}
          </RouteRenderBoundary>
        );
      }
    }
    outlet = (
      <RouteContext.Provider value={{ outlet, matches: matches.slice(0, index + 1) as never, isDataRoute: false }}>
        <RouteIdContext.Provider value={route.id}>{element}</RouteIdContext.Provider>
      </RouteContext.Provider>
    );
  }
  return outlet;
}

const idle: Navigation = { state: 'idle' };
const noRevalidation = () => Promise.resolve();

/** Renders the route tree of `state`; inside React Router's `<Router>` (or `<StaticRouter>`). */
export function RouterDataProvider({
  state,
  navigation = idle,
  revalidation = 'idle',
  revalidate = noRevalidation,
}: Partial<RouterContextValue> & { state: RouterState }) {
  return (
    <RouterDataContext.Provider value={{ state, navigation, revalidation, revalidate }}>
      <RouteTree state={state} />
    </RouterDataContext.Provider>
  );
}

export type RouteDefinition = Omit<AppRoute, 'id' | 'children'> & { id?: string; children?: RouteDefinition[] };

/** Gives every route an id (its position in the tree unless it names one): the hydration data's keys. */
export function withRouteIds(routes: RouteDefinition[], parent = ''): AppRoute[] {
  return routes.map((route, index) => {
    const id = route.id ?? (parent ? `${parent}-${index}` : String(index));
    return { ...route, id, children: route.children && withRouteIds(route.children, id) };
  });
}
