import { Hammer } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';

/**
 * A screen that is wired into the route table but not built yet. It says so plainly and names what
 * it will hold, so nobody mistakes it for the finished page.
 */
export function PlaceholderScreen({ title, willHold }: { title: string; willHold: string[] }) {
  return (
    <section className="container-page py-20 sm:py-28" data-testid="placeholder-screen">
      <p className="eyebrow">Coming soon</p>
      <h1 className="heading-1 mt-4">{title}</h1>
      <p className="lead mt-6 max-w-2xl">This page is being built. It will hold:</p>
      <ul className="mt-6 grid max-w-2xl gap-3">
        {willHold.map((item) => (
          <li key={item} className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 text-ink-muted">
            <Hammer className="mt-0.5 size-4 shrink-0 text-beam" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
      <Link to="/" className={`${buttonVariants({ variant: 'outline' })} mt-10`}>
        Back to the home page
      </Link>
    </section>
  );
}
