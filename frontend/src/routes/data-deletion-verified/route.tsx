import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { buttonVariants } from '@/components/ui/button';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Data Deletion Request',
    description: 'The outcome of confirming your data deletion request.',
    noindex: true,
  }),
};

/** Where the verification link lands (GET /api/request-data-deletion/verify redirects here). */
export function Component() {
  const [params] = useSearchParams();
  const ok = params.get('status') === 'ok';
  return (
    <section className="container-page py-20 sm:py-28">
      <div
        className="mx-auto max-w-xl rounded-card border border-line bg-white p-8 text-center shadow-card"
        data-testid="deletion-verified"
      >
        {ok ? (
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        ) : (
          <XCircle className="mx-auto size-12 text-danger" aria-hidden="true" />
        )}
        <h1 className="heading-2 mt-4">{ok ? 'Request confirmed' : 'This link is not valid'}</h1>
        <p className="lead mt-4">
          {ok
            ? 'Thank you. Our privacy team will review your request within 5 business days and email you when it is complete.'
            : `The link has expired or was already used. Submit a new request, or email ${site.privacyEmail}.`}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonVariants({ variant: 'default' })}>
            Return to Homepage
          </Link>
          {ok ? null : (
            <Link to="/data-deletion" className={buttonVariants({ variant: 'outline' })}>
              New request
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
