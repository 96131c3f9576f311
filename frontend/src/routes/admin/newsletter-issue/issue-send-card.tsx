import { CalendarClock, CalendarX, Send, TestTube } from '@/components/ui/icons';
import { useState } from 'react';
import {
  formatDate,
  newsletterAudienceLabels,
  sendToLabel,
  ukWallClockToInstant,
  type NewsletterAudienceName,
  type NewsletterIssueAction,
} from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export type SendBusy = 'test' | 'send' | 'schedule' | 'unschedule';

/** Test, send now, schedule for later, or cancel the schedule: what the issue allows. */
export function IssueSendCard({
  saved,
  may,
  audience,
  recipients,
  scheduledAt,
  busy,
  scheduleError,
  sendAtId,
  onTest,
  onSend,
  onSchedule,
  onUnschedule,
}: {
  saved: boolean;
  may: (action: NewsletterIssueAction) => boolean;
  audience: NewsletterAudienceName;
  /** Confirmed subscribers of the audience now. */
  recipients: number;
  scheduledAt: string | null;
  /** The action under way, if any. */
  busy: string | null;
  scheduleError: string | undefined;
  /** The id of the "Send at" field (its error focuses it). */
  sendAtId: string;
  onTest: () => void;
  onSend: () => void;
  /** The instant chosen, or null for a time that is not one (the field says so). */
  onSchedule: (at: Date | null) => void;
  onUnschedule: () => void;
}) {
  const [sendAt, setSendAt] = useState('');
  if (!may('send') && !may('unschedule')) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Send</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {scheduledAt ? (
          <p className="flex items-start gap-2 text-sm text-ink" data-testid="newsletter-scheduled-for">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-beam" aria-hidden="true" />
            <span>
              Goes out on <strong>{formatDate(scheduledAt, 'd MMM yyyy, HH:mm')}</strong> (UK time) to{' '}
              {newsletterAudienceLabels[audience].toLowerCase()}.
            </span>
          </p>
        ) : (
          <p className="text-sm text-ink-muted">
            {saved
              ? `Send yourself a test first. The issue goes to ${newsletterAudienceLabels[audience].toLowerCase()} once, and cannot be sent again.`
              : 'Save the draft to send yourself a test or send it.'}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!saved || !may('send_test') || busy !== null}
            onClick={onTest}
            data-testid="newsletter-test"
          >
            <TestTube aria-hidden="true" />
            {busy === 'test' ? 'Sending test...' : 'Send test to me'}
          </Button>
          {may('send') ? (
            <Button
              disabled={!saved || recipients === 0 || busy !== null}
              onClick={onSend}
              wrap
              data-testid="newsletter-send"
            >
              <Send aria-hidden="true" />
              {busy === 'send' ? 'Sending...' : sendToLabel(recipients)}
            </Button>
          ) : null}
          {/* Only a saved, scheduled issue has a schedule to cancel (a new one is offered every action). */}
          {saved && scheduledAt && may('unschedule') ? (
            <Button
              variant="outline"
              disabled={busy !== null}
              onClick={onUnschedule}
              data-testid="newsletter-unschedule"
            >
              <CalendarX aria-hidden="true" />
              {busy === 'unschedule' ? 'Cancelling...' : 'Cancel schedule'}
            </Button>
          ) : null}
        </div>
        {may('schedule') ? (
          <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <Field label="Send at (UK time)" htmlFor={sendAtId} error={scheduleError}>
                {(control) => (
                  <Input
                    {...control}
                    type="datetime-local"
                    value={sendAt}
                    onChange={(event) => setSendAt(event.target.value)}
                  />
                )}
              </Field>
            </div>
            <Button
              variant="outline"
              disabled={!saved || recipients === 0 || busy !== null || sendAt === ''}
              onClick={() => onSchedule(ukWallClockToInstant(sendAt))}
              data-testid="newsletter-schedule"
            >
              <CalendarClock aria-hidden="true" />
              {busy === 'schedule' ? 'Scheduling...' : 'Schedule'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
