import { AlertTriangle, ArrowUpRight, Rss } from '@/components/ui/icons';
import { useEffect, useState } from 'react';
import { formatDate, isDate, limits, messages, site, type FeedItem } from '@northbeam/common';
import { Skeleton } from '@/components/ui/skeleton';
import { loadJson } from '@/lib/api';
import { cardSurface } from '@/components/ui/card';

/** Plain text of a feed description: tags stripped, entities decoded, cut to 150 characters. */
export function feedExcerpt(description: string, max: number = limits.feedDescriptionMax): string {
  const withoutTags = description.replace(/<[^>]*>/g, ' ');
  const decoded = withoutTags
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
  const text = decoded.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

type FeedState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: FeedItem[] };

function feedDate(value: string): string | null {
  return isDate(value) ? formatDate(value, 'MMM dd, yyyy') : null;
}

/** 'Latest from Simulation Creation': the four newest posts of the studio's blog. */
export function SimulationCreationFeed() {
  const [state, setState] = useState<FeedState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    loadJson<FeedItem[]>(undefined, '/api/rss/simulation-creation')
      .then((items) => {
        if (!cancelled)
          setState({ status: 'ready', items: Array.isArray(items) ? items.slice(0, limits.feedItems) : [] });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <section className="section bg-white" aria-labelledby="feed-heading" data-testid="simulation-creation-feed">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <p className="eyebrow flex items-center gap-2">
              <Rss className="size-4 text-immersive-deep" aria-hidden="true" /> From the studio blog
            </p>
            <h2 id="feed-heading" className="heading-2 mt-3">
              Latest from Simulation Creation
            </h2>
          </div>
          <a
            href={site.simulationCreationBlogUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 font-semibold text-ink hover:text-beam"
          >
            View all posts <ArrowUpRight className="size-4" aria-hidden="true" />
          </a>
        </div>

        {state.status === 'loading' && (
          <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="feed-loading" aria-busy="true">
            {Array.from({ length: limits.feedItems }, (_, index) => (
              <div
                key={index}
                className={cardSurface({ tone: 'none', elevation: 'none', className: 'grid gap-3 p-6' })}
              >
                <Skeleton className="h-3 w-1/3" />
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            ))}
          </div>
        )}

        {state.status === 'error' && (
          <p
            className={cardSurface({
              tone: 'paper',
              elevation: 'none',
              className: 'mt-10 flex items-center gap-3 p-6 text-ink-muted',
            })}
            role="status"
          >
            <AlertTriangle className="size-5 text-immersive-deep" aria-hidden="true" />
            {messages.feedUnavailable}
          </p>
        )}

        {state.status === 'ready' && state.items.length === 0 && (
          <p className="mt-10 rounded-card border border-dashed border-line bg-paper p-6 text-ink-muted" role="status">
            {messages.feedEmpty}
          </p>
        )}

        {state.status === 'ready' && state.items.length > 0 && (
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="feed-items">
            {state.items.map((item) => {
              const date = feedDate(item.pubDate);
              return (
                <li
                  key={item.link}
                  className={cardSurface({
                    tone: 'paper',
                    elevation: 'none',
                    className: 'group flex flex-col p-6 transition-shadow hover:shadow-lift',
                  })}
                  data-testid="feed-item"
                >
                  <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                    {item.category && (
                      <span className="rounded-full bg-immersive px-2.5 py-0.5 font-semibold text-ink">
                        {item.category}
                      </span>
                    )}
                    {date && <time dateTime={item.pubDate}>{date}</time>}
                  </p>
                  <h3 className="mt-4 font-display text-lg leading-snug font-semibold">
                    <a href={item.link} target="_blank" rel="noreferrer" className="hover:text-beam">
                      {item.title}
                    </a>
                  </h3>
                  <p className="mt-3 text-sm leading-relaxed text-ink-muted" data-testid="feed-description">
                    {feedExcerpt(item.description)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
