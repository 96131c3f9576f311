import { Hourglass } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { PostWorkflowCounts } from '@northbeam/common';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

function CountLink({
  to,
  label,
  value,
  testId,
  urgent,
}: {
  to: string;
  label: string;
  value: number;
  testId: string;
  urgent: boolean;
}) {
  return (
    <Link
      to={to}
      className="flex items-center justify-between rounded-xl bg-mist px-4 py-3 hover:opacity-80"
      data-testid={testId}
    >
      <span className="flex items-center gap-2 text-sm text-ink-muted">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', urgent ? 'bg-consulting' : 'bg-line')} />
        {label}
      </span>
      <span className="font-display text-2xl font-semibold text-ink tabular-nums">{value}</span>
    </Link>
  );
}

/** The dashboard's review queue for admins (docs/product.md#publishing): posts awaiting review and scheduled posts. */
export function ReviewQueueCard({ counts }: { counts: PostWorkflowCounts }) {
  return (
    <Card className="flex flex-col" data-testid="card-awaiting-review">
      <CardHeader>
        <Hourglass className="size-6 text-beam" aria-hidden="true" />
        <CardTitle>Awaiting review</CardTitle>
        <CardDescription>Posts consultants submitted: publish, schedule or send back.</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-2">
        <CountLink
          to="/admin/posts?status=in_review"
          label="Awaiting review"
          value={counts.awaitingReview}
          testId="awaiting-review-count"
          urgent={counts.awaitingReview > 0}
        />
        <CountLink
          to="/admin/posts?status=scheduled"
          label="Scheduled"
          value={counts.scheduled}
          testId="scheduled-count"
          urgent={false}
        />
      </CardContent>
    </Card>
  );
}
