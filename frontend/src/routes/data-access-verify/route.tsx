import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { messages } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { DeletionCard } from '@/components/legal/deletion-outcome';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Confirm Data Access Request',
    description: 'Confirm the data access request you made.',
    noindex: true,
  }),
};

type Outcome = 'pending' | 'ok' | 'invalid';

/** Where the link of an access request's verification mail lands: opening it changes nothing, the button confirms. */
export function Component() {
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(params.get('token') ? 'pending' : 'invalid');
  const [busy, setBusy] = useState(false);
  const token = params.get('token') ?? '';

  async function confirm() {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/request-data-access/verify', { token });
      setOutcome('ok');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) setOutcome('invalid');
      else toast({ title: 'Confirmation failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (outcome !== 'pending') {
    return (
      <DeletionCard
        tone={outcome}
        title={outcome === 'ok' ? 'Request confirmed' : 'This link is not valid'}
        actions={
          <Link to={outcome === 'ok' ? '/' : '/data-access'} className={buttonVariants({ variant: 'default' })}>
            {outcome === 'ok' ? 'Return to Homepage' : 'New request'}
          </Link>
        }
      >
        <p>
          {outcome === 'ok'
            ? `${messages.deletionVerified} Once approved, we email you a link to your data.`
            : messages.deletionLinkInvalid}
        </p>
      </DeletionCard>
    );
  }
  return (
    <DeletionCard
      tone="confirm"
      title="Confirm your data access request"
      actions={
        <Button size="lg" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Confirming...' : 'Confirm access request'}
        </Button>
      }
    >
      <p>
        Press the button to confirm that you asked for a copy of the personal data tied to your email address. If you
        did not make this request, close this page and nothing will happen.
      </p>
    </DeletionCard>
  );
}
