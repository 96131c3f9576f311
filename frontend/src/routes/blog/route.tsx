import { Search, X } from '@/components/ui/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { organizationRef } from '@/app/structured-data';
import { PostList, PostsLoadError } from '@/components/blog/post-list';
import { NewsletterBox } from '@/components/lead-capture/newsletter-box';
import { NewsletterFloatingWidget } from '@/components/lead-capture/newsletter-floating-widget';
import type { PostCardPage } from '@northbeam/common';
import { listPagePath, loadPostPage, readListQuery, type ListQuery } from '@/components/blog/post-queries';
import { cn } from '@/lib/cn';

interface BlogData {
  query: ListQuery;
  page: PostCardPage;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<BlogData> {
  const query = readListQuery(request);
  return { query, page: await loadPostPage(context, query) };
}

export const handle: RouteHandle<BlogData | undefined> = {
  head: ({ data, publicUrl }) => ({
    title: 'Blog: Labs Content and Consulting Insights',
    description: `Articles from ${site.name} Labs and ${site.name} Consulting on AI adoption, XR, prototyping, governance and digital transformation for UK businesses.`,
    keywords: ['digital transformation blog', 'AI adoption', 'XR', 'innovation', 'consulting insights', 'labs'],
    canonicalPath: listPagePath('/blog', data?.query),
    jsonLd: import.meta.env.SSR
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: `${site.name} Blog`,
            description: site.description,
            url: `${publicUrl}/blog`,
            publisher: organizationRef(publicUrl),
          },
        ]
      : undefined,
  }),
};

const filters = [
  { label: 'All Posts', to: '/blog' },
  { label: 'Labs Content', to: '/blog/labs' },
  { label: 'Consulting Insights', to: '/blog/consulting' },
];

function FilterLinks({ active }: { active: string }) {
  return (
    <nav aria-label="Blog sections" className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <Link
          key={filter.to}
          to={filter.to}
          aria-current={filter.to === active ? 'page' : undefined}
          className={cn(
            'rounded-full border px-4 py-2 text-sm font-medium transition-colors',
            filter.to === active ? 'border-ink bg-ink text-white' : 'border-line bg-white text-ink hover:border-ink/40',
          )}
        >
          {filter.label}
        </Link>
      ))}
    </nav>
  );
}

/** Search box: typing updates `?q=` (page back to 1) after a short pause; the server does the search. */
function SearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  // A new `?q=` (back, forward, a link) replaces what the box shows.
  const [shownFor, setShownFor] = useState(initial);
  if (shownFor !== initial) {
    setShownFor(initial);
    setValue(initial);
  }
  useEffect(() => {
    if (value.trim() === initial) return;
    const timer = setTimeout(() => {
      const query = value.trim();
      void navigate(query ? `/blog?q=${encodeURIComponent(query)}` : '/blog', {
        replace: true,
        preventScrollReset: true,
      });
    }, 250);
    return () => clearTimeout(timer);
  }, [value, initial, navigate]);
  return (
    <form role="search" className="relative w-full max-w-md" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="blog-search" className="sr-only">
        Search posts
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
      <input
        id="blog-search"
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search by title, excerpt, author or section"
        className="h-12 w-full rounded-full border border-line bg-white pr-11 pl-11 text-base shadow-xs placeholder:text-ink-muted/70 focus-visible:border-beam focus-visible:outline-2 focus-visible:outline-beam/30"
      />
      {value ? (
        <button
          type="button"
          onClick={() => setValue('')}
          aria-label="Clear search"
          className="absolute top-1/2 right-3 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-ink-muted hover:bg-mist"
        >
          <X className="size-4" />
        </button>
      ) : null}
    </form>
  );
}

function BlogHero({ children }: { children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgb(131_250_253/0.25),transparent_45%),radial-gradient(circle_at_10%_90%,rgb(239_187_255/0.22),transparent_40%)]"
      />
      <div className="container-page relative py-20 sm:py-24">
        <p className="eyebrow text-white/70">The {site.name} blog</p>
        <h1 className="heading-1 mt-4 max-w-3xl">Field notes from people who build</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/80">
          Labs Content from our R&amp;D lab and Consulting Insights from the team that turns ambitions into roadmaps. No
          decks, just what we learned shipping.
        </p>
        {children}
      </div>
    </section>
  );
}

export function Component() {
  const { query, page } = useLoaderData<BlogData>();
  return (
    <>
      <BlogHero>
        <NewsletterBox source="blog_mobile_hero" className="mt-8 lg:hidden" />
      </BlogHero>
      <section className="container-page py-12 sm:py-16">
        <div className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
          <FilterLinks active="/blog" />
          <SearchBox initial={query.search} />
        </div>
        {query.search ? (
          <p className="mt-6 text-sm text-ink-muted" role="status" data-testid="search-summary">
            Found {page.total} {page.total === 1 ? 'post' : 'posts'} matching “{query.search}”
          </p>
        ) : null}
        <div className="mt-8">
          <PostList page={page} search={query.search} clearSearchHref="/blog" headingLevel={2} />
        </div>
      </section>
      <section className="container-page pb-20">
        <NewsletterBox source="blog" />
      </section>
      <NewsletterFloatingWidget />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <BlogHero />
      <section className="container-page py-12 sm:py-16">
        <FilterLinks active="/blog" />
        <div className="mt-8">
          <PostsLoadError error={error} />
        </div>
      </section>
    </>
  );
}
