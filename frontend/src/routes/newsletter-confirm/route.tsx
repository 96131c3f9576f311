import { CheckCircle2, CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { buttonVariants } from '@/components/ui/button';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Newsletter subscription',
    description: `Confirmation of your ${site.name} newsletter subscription.`,
    canonicalPath: '/newsletter/confirm',
  }),
};

/** Where the confirmation link of the double opt-in lands (GET /api/newsletter/confirm redirects here). */
export function Component() {
  const [searchParams] = useSearchParams();
  const confirmed = searchParams.get('status') === 'ok';
  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 sm:py-28">
      <div
        className="grid w-full max-w-lg justify-items-center gap-4 rounded-card border border-line bg-white p-8 text-center shadow-card sm:p-10"
        data-testid={confirmed ? 'newsletter-confirmed' : 'newsletter-confirm-invalid'}
      >
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
              The confirmation link has expired or was already replaced by a newer one. Subscribe again from the blog
              and use the link in the newest e-mail.
            </p>
            <Link to="/blog" className={`${buttonVariants({ variant: 'outline' })} mt-2`}>
              Go to the blog
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
