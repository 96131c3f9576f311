import { isRouteErrorResponse } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useRouteError } from '@/app/data-router';
import { BackLink } from '@/components/admin/back-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { cardSurface } from '@/components/ui/card';

/** A document editor's page when the document could not be loaded (the route's error boundary). */
export function DocumentLoadError({
  notFoundTitle,
  failedTitle,
  back,
}: {
  notFoundTitle: string;
  failedTitle: string;
  back: { to: string; label: string };
}) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-16">
      <div
        role="alert"
        className={cardSurface({ elevation: 'none', className: 'flex flex-col items-start gap-3 p-8' })}
      >
        <h1 className="heading-2">{notFound ? notFoundTitle : failedTitle}</h1>
        <p className="text-ink-muted">{notFound ? 'It may have been deleted.' : 'Please try refreshing the page.'}</p>
        <Link to={back.to} className={buttonVariants({ variant: 'outline' })}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}

/** The server's refusal (the user may not edit this kind of content), shown instead of the editor. */
export function DocumentRefusal({ refusal, back }: { refusal: string; back: { to: string; label: string } }) {
  return (
    <section className="container-page py-10 sm:py-14">
      <BackLink to={back.to}>{back.label}</BackLink>
      <Alert variant="destructive" className="mt-6">
        <AlertDescription>{refusal}</AlertDescription>
      </Alert>
    </section>
  );
}
