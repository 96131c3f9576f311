import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '@/app/route-handle';
import { DeletionCard, DeletionOutcome } from '@/components/legal/deletion-outcome';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Confirm Data Deletion Request',
    description: 'Confirm the data deletion request you made.',
    noindex: true,
  }),
};

/**
 * Where the link in the verification mail lands. Opening it changes nothing (mail scanners open
 * links); the request is only confirmed when the requester presses the button.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const token = params.get('token') ?? '';
  if (!token) return <DeletionOutcome ok={false} />;

  async function confirm() {
    setPending(true);
    try {
      await apiRequest('POST', '/api/request-data-deletion/verify', { token });
      void navigate('/data-deletion/verified?status=ok', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        void navigate('/data-deletion/verified?status=invalid', { replace: true });
        return;
      }
      const serverError = error instanceof ApiRequestError ? error.serverError : undefined;
      toast({ title: 'Confirmation failed', description: serverError ?? 'Please try again.', variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <DeletionCard
      tone="confirm"
      title="Confirm your deletion request"
      actions={
        <Button size="lg" onClick={() => void confirm()} disabled={pending}>
          {pending ? 'Confirming...' : 'Confirm deletion request'}
        </Button>
      }
    >
      <p>
        Press the button to confirm that you asked us to delete the personal data tied to your email address. If you did
        not make this request, close this page and nothing will happen.
      </p>
      <p className="mt-3 text-sm text-ink/60">Once confirmed, our privacy team reviews it within 5 business days.</p>
    </DeletionCard>
  );
}
