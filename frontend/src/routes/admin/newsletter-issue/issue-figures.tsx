import type { NewsletterIssueFigures, NewsletterLinkFigure } from '@northbeam/common';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * What the readers of a sent issue did, as counts only (docs/product.md#newsletter-figures): clicks
 * on each of its links, views of its web version, unsubscribes through its links, and the bounces
 * and complaints that reached the connected mailbox. Nobody's clicks are kept, and there is no open pixel.
 */
export function FiguresCard({ figures, links }: { figures: NewsletterIssueFigures; links: NewsletterLinkFigure[] }) {
  const totals: [string, number, string][] = [
    ['Clicks', figures.clicks, 'clicks'],
    ['Web version views', figures.webViews, 'web-views'],
    ['Unsubscribes', figures.unsubscribes, 'unsubscribes'],
    ['Hard bounces', figures.hardBounces, 'hard-bounces'],
    ['Soft bounces', figures.softBounces, 'soft-bounces'],
    ['Complaints', figures.complaints, 'complaints'],
  ];
  const ranked = [...links].sort((a, b) => b.clicks - a.clicks || a.index - b.index);
  return (
    <Card className="mt-6" data-testid="newsletter-figures">
      <CardHeader>
        <CardTitle as="h2">Figures</CardTitle>
        <CardDescription>
          Counted without following anyone: clicks per link, not per reader, and no open tracking.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {totals.map(([label, value, id]) => (
            <div key={id} className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-xs text-ink-muted">{label}</dt>
              <dd className="text-lg font-semibold text-ink tabular-nums" data-testid={`newsletter-figure-${id}`}>
                {value.toLocaleString('en-GB')}
              </dd>
            </div>
          ))}
        </dl>
        {ranked.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-ink">Clicks per link</h3>
            <ol className="flex flex-col divide-y divide-line rounded-xl border border-line">
              {ranked.map((link) => (
                <li
                  key={link.index}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                  data-testid="newsletter-link-row"
                >
                  <span className="min-w-0 truncate text-ink" title={link.url}>
                    {link.url}
                  </span>
                  <span className="shrink-0 font-semibold text-ink tabular-nums">
                    {link.clicks.toLocaleString('en-GB')}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
