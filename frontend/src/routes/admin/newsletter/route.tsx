import { Plus } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { formatDate, newsletterAudienceLabels, site, type NewsletterIssueSummary } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { NewsletterIssueStatusBadge } from '@/components/admin/newsletter-issue-status-badge';
import { buttonVariants } from '@/components/ui/button';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Newsletter',
    description: `Issues of the ${site.name} newsletter.`,
    noindex: true,
  }),
};

/** The issues take no filters, only the page; no refusal is expected (every role may see them). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireStaffUser(context, request);
  const { list } = await loadListPage<NewsletterIssueSummary>(context, request, {
    path: '/api/admin/newsletter/issues',
    filters: { names: [] },
    refusals: [],
  });
  return { list };
}

export function Component() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Newsletter"
          description="Write an issue, preview it, send yourself a test, then send it once to every confirmed subscriber."
          actions={
            <Link to="/admin/newsletter/new" className={buttonVariants({ size: 'sm' })} data-testid="newsletter-new">
              <Plus aria-hidden="true" />
              New issue
            </Link>
          }
        />
      }
      list={list}
      noun="issues"
      empty={
        <ListEmptyCard testId="newsletter-empty" className="mt-8">
          No issues yet. Start one from scratch or from a published post.
        </ListEmptyCard>
      }
      items={
        <ul className="mt-8 flex flex-col gap-3" data-testid="newsletter-issues">
          {list.items.map((issue) => (
            <li key={issue.id}>
              <IssueRow issue={issue} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** One issue: a card that stacks at phone width and lines up in columns from 768 px. */
function IssueRow({ issue }: { issue: NewsletterIssueSummary }) {
  const when = issue.sentAt
    ? `Sent ${formatDate(issue.sentAt, 'd MMM yyyy, HH:mm')}${issue.sentBy ? ` by ${issue.sentBy}` : ''}`
    : issue.scheduledAt
      ? `Goes out ${formatDate(issue.scheduledAt, 'd MMM yyyy, HH:mm')}`
      : `Started ${formatDate(issue.createdAt, 'd MMM yyyy, HH:mm')}${issue.createdBy ? ` by ${issue.createdBy}` : ''}`;
  return (
    <Link
      to={`/admin/newsletter/${issue.id}`}
      className={cardSurface({
        className:
          'grid gap-2 p-4 transition-colors hover:border-ink/30 md:grid-cols-[minmax(0,2fr)_auto] md:items-center md:gap-6 md:px-6',
      })}
      data-testid="newsletter-issue-row"
    >
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-ink">{issue.subject}</span>
        <span className="truncate text-sm text-ink-muted">
          {when} · {newsletterAudienceLabels[issue.audience]}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-2 md:justify-end">
        <NewsletterIssueStatusBadge status={issue.status} />
        {issue.recipientCount !== null ? (
          <span className="text-xs text-ink-muted tabular-nums">
            {issue.recipientCount.toLocaleString('en-GB')} {issue.recipientCount === 1 ? 'recipient' : 'recipients'}
          </span>
        ) : null}
        {issue.figures ? (
          <span className="text-xs text-ink-muted tabular-nums" data-testid="newsletter-issue-figures">
            {count(issue.figures.clicks, 'click')} · {count(issue.figures.webViews, 'web view')} ·{' '}
            {count(issue.figures.unsubscribes, 'unsubscribe')}
            {issue.figures.hardBounces + issue.figures.complaints > 0
              ? ` · ${count(issue.figures.hardBounces, 'bounce')} · ${count(issue.figures.complaints, 'complaint')}`
              : ''}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-GB')} ${value === 1 ? noun : `${noun}s`}`;
}
