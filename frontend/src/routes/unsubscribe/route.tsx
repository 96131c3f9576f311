import { useState, type FormEvent } from 'react';
import { CheckCircle2, Loader2, MailCheck, MailX } from '@/components/ui/icons';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { leadMessages, messages, site, type UnsubscribeResult } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Unsubscribe',
    description: `Unsubscribe from the ${site.name} newsletter.`,
    canonicalPath: pathname.toLowerCase(),
  }),
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /unsubscribe (docs/product.md#unsubscribe): idle, loading, success, error. A link from one of our
 * mails carries the address and its signed token, which the page sends back: that unsubscribes. An
 * address typed in (or changed) goes without a token, and the server mails that inbox such a link.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const linkedEmail = searchParams.get('email') ?? '';
  const token = searchParams.get('token');
  const issue = searchParams.get('issue');
  const form = useForm<{ email: string }>({ initial: { email: linkedEmail } });
  const { bindForm } = form;
  const [success, setSuccess] = useState<{ outcome: UnsubscribeResult['outcome']; message: string }>();
  const loading = form.busy !== null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = form.values.email.trim();
    if (form.showErrors(trimmed ? {} : { email: messages.emailRequired })) return;
    form.setProblem(undefined);
    await form.run(
      'submit',
      async () => {
        const query = new URLSearchParams({ email: trimmed });
        if (token && sameAddress(trimmed, linkedEmail)) {
          query.set('token', token);
          // The issue whose link was used (its web version's slug, nothing of the reader's): counted on it.
          if (issue) query.set('issue', issue);
        }
        const response = await apiRequest('GET', `/api/unsubscribe?${query.toString()}`);
        const body = (await response.json()) as Partial<UnsubscribeResult>;
        const outcome = body.outcome ?? 'unsubscribed';
        const fallback = outcome === 'link_sent' ? leadMessages.unsubscribeLinkSent : leadMessages.unsubscribed;
        setSuccess({ outcome, message: body.message ?? fallback });
      },
      (error) =>
        form.setProblem(
          error instanceof ApiRequestError
            ? (error.serverError ?? leadMessages.unsubscribeFailed)
            : leadMessages.unsubscribeNetworkError,
        ),
    );
  }

  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 sm:py-28">
      <div className={cardSurface({ className: 'w-full max-w-lg p-8 sm:p-10' })}>
        {success ? (
          <div className="grid justify-items-center gap-4 text-center" data-testid="unsubscribe-success">
            {success.outcome === 'link_sent' ? (
              <>
                <MailCheck className="size-12 text-success" aria-hidden="true" />
                <h1 className="heading-2">{leadMessages.unsubscribeLinkSentTitle}</h1>
                <p className="text-ink-muted">{success.message}</p>
              </>
            ) : (
              <>
                <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
                <h1 className="heading-2">Unsubscribed Successfully</h1>
                <p className="text-ink-muted">{success.message}</p>
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
            <p className="mt-3 text-ink-muted">
              Enter your e-mail address to stop receiving the {site.name} newsletter.
            </p>
            {form.problem ? (
              <Alert variant="destructive" className="mt-6" data-testid="unsubscribe-error">
                <AlertDescription>{form.problem}</AlertDescription>
              </Alert>
            ) : null}
            <form ref={bindForm} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 grid gap-4">
              <Field label="Email address" {...form.field('email')}>
                {(control) => <Input {...control} {...form.text('email')} type="email" required autoComplete="email" />}
              </Field>
              <Button type="submit" size="lg" disabled={loading}>
                {loading ? (
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
