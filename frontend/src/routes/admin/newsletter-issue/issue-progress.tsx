import type { NewsletterIssueProgress } from '@northbeam/common';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Where a send is: from the outbox, asked again every 2 seconds while mails are queued. */
export function ProgressCard({ progress }: { progress: NewsletterIssueProgress }) {
  const done = progress.sent + progress.failed + progress.cancelled;
  const share = progress.recipients === 0 ? 1 : done / progress.recipients;
  const figures: [string, number][] = [
    ['Recipients', progress.recipients],
    ['Queued', progress.queued],
    ['Sent', progress.sent],
    ['Failed', progress.failed],
  ];
  if (progress.cancelled > 0) figures.push(['Unsubscribed before their turn', progress.cancelled]);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">{progress.queued > 0 ? 'Sending' : 'Delivered'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div
          role="progressbar"
          aria-label="Mails handled"
          aria-valuemin={0}
          aria-valuemax={progress.recipients}
          aria-valuenow={done}
          className="h-2 overflow-hidden rounded-full bg-mist"
        >
          <div
            className="h-full rounded-full bg-beam transition-[width]"
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="newsletter-progress">
          {figures.map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-xs text-ink-muted">{label}</dt>
              <dd
                className="text-lg font-semibold text-ink tabular-nums"
                data-testid={`newsletter-progress-${label.split(' ')[0].toLowerCase()}`}
              >
                {value.toLocaleString('en-GB')}
              </dd>
            </div>
          ))}
        </dl>
        {progress.failed > 0 ? (
          <p className="text-sm text-ink-muted">Failed mails were retried for about two days before being given up.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
