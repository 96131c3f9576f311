import { Compass } from '@/components/ui/icons';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import type { RouteHandle } from '@/app/route-handle';
import { buttonVariants } from '@/components/ui/button';

export const handle: RouteHandle = {
  status: 404,
  head: () => ({
    title: '404 Page Not Found',
    description: 'The page you were looking for does not exist.',
    noindex: true,
  }),
};

export function Component() {
  const { pathname } = useLocation();
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-6 py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink text-labs">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="heading-1">404 Page Not Found</h1>
      <p className="lead max-w-xl">
        Nothing lives at <code className="rounded bg-mist px-1.5 py-0.5 font-mono text-base text-ink">{pathname}</code>.
        Developer hint: check the route table in{' '}
        <code className="font-mono text-base">frontend/src/app/routes.tsx</code>, or the link that brought you here.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants()}>
          Go to the home page
        </Link>
        <Link to="/contact" className={buttonVariants({ variant: 'outline' })}>
          Contact us
        </Link>
      </div>
    </section>
  );
}
