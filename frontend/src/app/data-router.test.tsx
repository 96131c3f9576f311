import { renderToString } from 'react-dom/server';
import { data, Outlet, redirect, StaticRouter, useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { describe, expect, it, vi } from 'vitest';
import {
  loadRouteState,
  matchLocation,
  reviveErrors,
  RouterDataProvider,
  serializeErrors,
  useLoaderData,
  useRouteError,
  withRouteIds,
  type AppRoute,
  type RouteDefinition,
} from './data-router';

const location = (pathname: string) => ({ pathname, search: '', hash: '', state: null, key: 'default' });
const request = (pathname: string) => ({ url: `http://site.test${pathname}` });

async function load(routes: AppRoute[], pathname: string, context: unknown = undefined) {
  return loadRouteState(location(pathname), matchLocation(routes, location(pathname)), request(pathname), context);
}

describe('withRouteIds', () => {
  it('names each route by its position in the tree unless it has a name', () => {
    const routes = withRouteIds([
      { path: '/', children: [{ index: true }, { id: 'post', path: 'blog/:slug' }] },
      { path: '*' },
    ]);
    expect(routes.map((route) => route.id)).toEqual(['0', '1']);
    expect(routes[0].children?.map((route) => route.id)).toEqual(['0-0', 'post']);
  });
});

describe('matchLocation', () => {
  const routes = withRouteIds([{ path: '/', children: [{ index: true }, { path: 'blog/:section/:slug' }] }]);

  it('matches nested routes with their params, ignoring case', () => {
    const matches = matchLocation(routes, { pathname: '/Blog/labs/day-one' });
    expect(matches.map((match) => match.route.id)).toEqual(['0', '0-1']);
    expect(matches[1].params).toEqual({ section: 'labs', slug: 'day-one' });
  });

  it('keeps the matches of a path it has seen (the same array)', () => {
    expect(matchLocation(routes, { pathname: '/blog/a/b' })).toBe(matchLocation(routes, { pathname: '/blog/a/b' }));
  });

  it('matches nothing for an unknown path', () => {
    expect(matchLocation(routes, { pathname: '/nowhere/at/all/here' })).toEqual([]);
  });
});

describe('loadRouteState', () => {
  it('runs the loaders of every match with the params and the context, and keeps their data by route id', async () => {
    const context = { serverApi: 'loopback' };
    const parent = vi.fn(() => ({ layout: true }));
    const child = vi.fn(({ params }: { params: Record<string, string | undefined> }) =>
      Promise.resolve({ slug: params.slug }),
    );
    const routes = withRouteIds([{ path: '/', loader: parent, children: [{ path: 'blog/:slug', loader: child }] }]);

    const result = await load(routes, '/blog/day-one', context);

    expect(result).toMatchObject({ kind: 'state', statusCode: 200 });
    if (result.kind !== 'state') return;
    expect(result.state.loaderData).toEqual({ '0': { layout: true }, '0-0': { slug: 'day-one' } });
    expect(result.state.errors).toBeNull();
    expect(child).toHaveBeenCalledWith({ request: request('/blog/day-one'), params: { slug: 'day-one' }, context });
  });

  it('loads a lazy route module once, then uses what it exported', async () => {
    const lazy = vi.fn(() => Promise.resolve({ loader: () => 'from the module', handle: { title: 'Lazy' } }));
    const routes = withRouteIds([{ path: '/lazy', lazy }]);

    const first = await load(routes, '/lazy');
    await load(routes, '/lazy');

    expect(lazy).toHaveBeenCalledTimes(1);
    expect(first.kind === 'state' && first.state.loaderData).toEqual({ '0': 'from the module' });
    expect(routes[0].handle).toEqual({ title: 'Lazy' });
  });

  it('follows a redirect, returned or thrown, whatever the other loaders did', async () => {
    const thrown = withRouteIds([
      {
        path: '/',
        loader: () => 'data',
        children: [{ path: 'admin', loader: () => Promise.reject(redirect('/admin/login', 302)) }],
      },
    ]);
    const returned = withRouteIds([{ path: '/old', loader: () => redirect('/new', 301) }]);

    expect(await load(thrown, '/admin')).toEqual({ kind: 'redirect', location: '/admin/login', status: 302 });
    expect(await load(returned, '/old')).toEqual({ kind: 'redirect', location: '/new', status: 301 });
  });

  it('shows a thrown data(…, { status }) at the nearest ErrorBoundary, with that status', async () => {
    const Boundary = () => null;
    const routes = withRouteIds([
      {
        path: '/',
        ErrorBoundary: Boundary,
        children: [{ path: 'blog/:slug', loader: () => Promise.reject(data('Post not found', { status: 404 })) }],
      },
    ]);

    const result = await load(routes, '/blog/missing');

    expect(result).toMatchObject({ kind: 'state', statusCode: 404 });
    expect(result.kind === 'state' && result.state.errors).toEqual({
      '0': { status: 404, statusText: '', internal: false, data: 'Post not found' },
    });
  });

  it('turns an error, thrown even synchronously, into a 500 route error', async () => {
    const failure = new Error('database down');
    const routes = withRouteIds([
      {
        path: '/',
        loader: () => {
          throw failure;
        },
      },
    ]);

    const result = await load(routes, '/');

    expect(result).toMatchObject({ kind: 'state', statusCode: 500 });
    expect(result.kind === 'state' && result.state.errors).toEqual({ '0': failure });
  });
});

describe('serializeErrors and reviveErrors', () => {
  it('carry an Error through JSON and leave route error responses as they are', () => {
    const errors = { '0': new Error('broken'), '1': { status: 404, statusText: '', internal: false, data: null } };
    const revived = reviveErrors(JSON.parse(JSON.stringify(serializeErrors(errors))) as Record<string, unknown>);
    expect(revived?.['0']).toBeInstanceOf(Error);
    expect((revived?.['0'] as Error).message).toBe('broken');
    expect(revived?.['1']).toEqual(errors['1']);
    expect(serializeErrors(null)).toBeNull();
    expect(reviveErrors(undefined)).toBeNull();
  });
});

describe('RouterDataProvider', () => {
  function Layout() {
    const { site } = useLoaderData<{ site: string }>();
    return (
      <main>
        <h1>{site}</h1>
        <Outlet />
      </main>
    );
  }
  function Post() {
    const { title } = useLoaderData<{ title: string }>();
    const { slug } = useParams();
    return (
      <article>
        {title} ({slug}) <Link to="/blog">Blog</Link>
      </article>
    );
  }
  function Failure() {
    const error = useRouteError() as { status: number };
    return <p>Failed with {error.status}</p>;
  }
  const definitions: RouteDefinition[] = [
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: Failure,
      loader: () => ({ site: 'Northbeam' }),
      children: [
        { path: 'blog/:slug', Component: Post, loader: ({ params }) => ({ title: `Post ${params.slug}` }) },
        { path: 'missing', Component: Post, loader: () => Promise.reject(data(null, { status: 404 })) },
      ],
    },
  ];

  async function render(pathname: string) {
    const result = await load(withRouteIds(definitions), pathname);
    if (result.kind !== 'state') throw new Error('expected a state');
    return renderToString(
      <StaticRouter location={pathname}>
        <RouterDataProvider state={result.state} />
      </StaticRouter>,
    );
  }

  it('renders the matched routes with their loader data, params, outlet and links', async () => {
    const html = await render('/blog/day-one');
    expect(html).toContain('<h1>Northbeam</h1>');
    const text = html.replaceAll('<!-- -->', '');
    expect(text).toMatch(/<article>Post day-one \(day-one\) <a href="\/blog"[^>]*>Blog<\/a><\/article>/);
  });

  it("renders the boundary's element in place of the route whose loader failed", async () => {
    const html = await render('/missing');
    expect(html).toContain('<p>Failed with <!-- -->404</p>');
    expect(html).not.toContain('<h1>');
  });
});
