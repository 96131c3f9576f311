import { isRouteErrorResponse } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useRouteError } from '@/app/data-router';
import { buttonVariants } from '@/components/ui/button';
import { ApiRequestError, pageStatusOf } from '@/lib/api';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';

/** Last resort when a screen fails to render: the frame stays, with a way back. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error)
    ? error.status
    : error instanceof ApiRequestError
      ? pageStatusOf(error)
      : 500;
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="container-page flex flex-1 flex-col items-start justify-center gap-6 py-24">
        <p className="eyebrow">Error {status}</p>
        <h1 className="heading-1">Something went wrong</h1>
        <p className="lead max-w-xl">This page could not be shown. Please try again in a moment.</p>
        <Link to="/" className={buttonVariants()}>
          Back to the home page
        </Link>
      </main>
      <Footer />
    </div>
  );
}
