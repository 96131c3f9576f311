import { CheckCircle2, CircleAlert, MailCheck } from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Newsletter subscription',
    description: `Confirmation of your ${site.name} newsletter subscription.`,
    canonicalPath: '/newsletter/confirm',
    noindex: true,
  }),
};

/**
 * Where the confirmation link of the double opt-in lands. Opening it changes nothing (mail scanners
 * open links); the subscription is confirmed only when its owner presses the button, which POSTs the
 * link's token. `?status=ok|invalid` shows the outcome.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const status = searchParams.get('status');
  if (token && status === null) return <ConfirmCard token={token} />;
  const confirmed = status === 'ok';
  return (
    <Frame testId={confirmed ? 'newsletter-confirmed' : 'newsletter-confirm-invalid'}>
      {confirmed ? (
        <>
          <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
          <h1 className="heading-2">Subscription confirmed</h1>
          <p className="text-ink-muted">
            Thanks for confirming. The next issue of our newsletter will land in your inbox.
          </p>
          <Link to="/blog" className={`${buttonVariants()} mt-2`}>
            Read the blog
          </Link>
        </>
      ) : (
        <>
          <CircleAlert className="size-12 text-danger" aria-hidden="true" />
          <h1 className="heading-2">This link is not valid</h1>
          <p className="text-ink-muted">
            The confirmation link has expired or was already replaced by a newer one. Subscribe again from the blog and
            use the link in the newest e-mail.
          </p>
          <Link to="/blog" className={`${buttonVariants({ variant: 'outline' })} mt-2`}>
            Go to the blog
          </Link>
        </>
      )}
    </Frame>
  );
}

function Frame({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 sm:py-28">
      <div
        className={cardSurface({
          className: 'grid w-full max-w-lg justify-items-center gap-4 p-8 text-center sm:p-10',
        })}
        data-testid={testId}
      >
        {children}
      </div>
    </section>
  );
}

function ConfirmCard({ token }: { token: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await apiRequest('POST', '/api/newsletter/confirm', { token });
      void navigate('/newsletter/confirm?status=ok', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        void navigate('/newsletter/confirm?status=invalid', { replace: true });
        return;
      }
      const serverError = error instanceof ApiRequestError ? error.serverError : undefined;
      toast({ title: 'Confirmation failed', description: serverError ?? 'Please try again.', variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <Frame testId="newsletter-confirm">
      <MailCheck className="size-12 text-beam" aria-hidden="true" />
      <h1 className="heading-2">Please confirm your subscription</h1>
      <p className="text-ink-muted">
        Press the button to start receiving the {site.name} newsletter at this address. If you did not ask for it, close
        this page and you will not hear from us again.
      </p>
      <Button size="lg" className="mt-2" onClick={() => void confirm()} disabled={pending}>
        {pending ? 'Confirming...' : 'Confirm subscription'}
      </Button>
    </Frame>
  );
}
