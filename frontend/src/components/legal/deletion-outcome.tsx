import { CheckCircle2, ShieldCheck, XCircle } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { useSiteSettings } from '@/lib/site-settings';
import { cardSurface } from '@/components/ui/card';

type Tone = 'ok' | 'invalid' | 'confirm';

const icons: Record<Tone, ReactNode> = {
  ok: <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />,
  invalid: <XCircle className="mx-auto size-12 text-danger" aria-hidden="true" />,
  confirm: <ShieldCheck className="mx-auto size-12 text-beam" aria-hidden="true" />,
};

/** The centred card of the verification pages: an icon, a heading, a sentence and actions. */
export function DeletionCard({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="container-page py-20 sm:py-28">
      <div className={cardSurface({ className: 'mx-auto max-w-xl p-8 text-center' })} data-testid="deletion-verified">
        {icons[tone]}
        <h1 className="heading-2 mt-4">{title}</h1>
        <div className="lead mt-4">{children}</div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}

/** The outcome of confirming a request: confirmed, or a link that is not valid (any more). */
export function DeletionOutcome({ ok }: { ok: boolean }) {
  const { privacyEmail } = useSiteSettings();
  return (
    <DeletionCard
      tone={ok ? 'ok' : 'invalid'}
      title={ok ? 'Request confirmed' : 'This link is not valid'}
      actions={
        <>
          <Link to="/" className={buttonVariants({ variant: 'default' })}>
            Return to Homepage
          </Link>
          {ok ? null : (
            <Link to="/data-deletion" className={buttonVariants({ variant: 'outline' })}>
              New request
            </Link>
          )}
        </>
      }
    >
      <p>
        {ok
          ? 'Thank you. Our privacy team will review your request within 5 business days and email you when it is complete.'
          : `The link has expired or was already used. Submit a new request, or email ${privacyEmail}.`}
      </p>
    </DeletionCard>
  );
}
