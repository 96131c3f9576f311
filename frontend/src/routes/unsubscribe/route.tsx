import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Loader2, MailCheck, MailX } from '@/components/ui/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { leadMessages, messages, type UnsubscribeResult } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { ApiRequestError, apiRequest } from '@/lib/api';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Unsubscribe',
    description: 'Unsubscribe from the Northbeam newsletter.',
    canonicalPath: pathname.toLowerCase(),
  }),
};

type UnsubscribeState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; outcome: UnsubscribeResult['outcome']; message: string }
  | { kind: 'error'; message: string };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /unsubscribe (docs/product.md#unsubscribe): idle, loading, success, error. A link from one of our
 * mails carries the address and its signed token, which the page sends back: that unsubscribes. An
 * address typed in (or changed) goes without a token, and the server mails that inbox such a link.
 */
export function Component() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const linkedEmail = searchParams.get('email') ?? '';
  const token = searchParams.get('token');
  const [email, setEmail] = useState(linkedEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<UnsubscribeState>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setFieldError(messages.emailRequired);
      return;
    }
    setFieldError(undefined);
    setState({ kind: 'loading' });
    try {
      const query = new URLSearchParams({ email: trimmed });
      if (token && sameAddress(trimmed, linkedEmail)) query.set('token', token);
      const response = await apiRequest('GET', `/api/unsubscribe?${query.toString()}`);
      const body = (await response.json()) as Partial<UnsubscribeResult>;
      const outcome = body.outcome ?? 'unsubscribed';
      const fallback = outcome === 'link_sent' ? leadMessages.unsubscribeLinkSent : leadMessages.unsubscribed;
      setState({ kind: 'success', outcome, message: body.message ?? fallback });
    } catch (error) {
      if (error instanceof ApiRequestError)
        setState({ kind: 'error', message: error.serverError ?? leadMessages.unsubscribeFailed });
      else setState({ kind: 'error', message: leadMessages.unsubscribeNetworkError });
    }
  }

  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 sm:py-28">
      <div className="w-full max-w-lg rounded-card border border-line bg-white p-8 shadow-card sm:p-10">
        {state.kind === 'success' ? (
          <div className="grid justify-items-center gap-4 text-center" data-testid="unsubscribe-success">
            {state.outcome === 'link_sent' ? (
              <>
                <MailCheck className="size-12 text-success" aria-hidden="true" />
                <h1 className="heading-2">{leadMessages.unsubscribeLinkSentTitle}</h1>
                <p className="text-ink-muted">{state.message}</p>
              </>
            ) : (
              <>
                <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
                <h1 className="heading-2">Unsubscribed Successfully</h1>
                <p className="text-ink-muted">{state.message}</p>
                <p className="text-sm text-ink-muted">
                  Changed your mind? You can subscribe again from the blog at any time.
                </p>
              </>
            )}
            <Link to="/" className={`${buttonVariants()} mt-2`}>
              Return to Home
            </Link>
          </div>
        ) : (
          <>
            <span className="grid size-12 place-items-center rounded-2xl bg-mist text-ink">
              <MailX className="size-6" aria-hidden="true" />
            </span>
            <h1 className="heading-2 mt-6">Unsubscribe</h1>
            <p className="mt-3 text-ink-muted">Enter your e-mail address to stop receiving the Northbeam newsletter.</p>
            {state.kind === 'error' ? (
              <Alert variant="destructive" className="mt-6" data-testid="unsubscribe-error">
                <AlertDescription>{state.message}</AlertDescription>
              </Alert>
            ) : null}
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 grid gap-4">
              <Field label="Email address" htmlFor={`${id}-email`} error={fieldError}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    name="email"
                    required
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" disabled={state.kind === 'loading'}>
                {state.kind === 'loading' ? (
                  <>
                    <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                    Processing...
                  </>
                ) : (
                  'Unsubscribe'
                )}
              </Button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
