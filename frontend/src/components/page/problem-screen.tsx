import { ArrowLeft, FileQuestion, TriangleAlert } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';

/**
 * The screen of something that could not be shown (not found, or failed to load): an icon tile,
 * the title, one sentence and a way back. Case studies and articles share it.
 */
export function ProblemScreen({
  notFound,
  title,
  message,
  back,
  testId,
}: {
  notFound: boolean;
  title: string;
  message: string;
  back: { to: string; label: string };
  testId: string;
}) {
  const Icon = notFound ? FileQuestion : TriangleAlert;
  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-5 py-24"
      data-testid={testId}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink text-immersive">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="heading-1">{title}</h1>
      <p className="lead">{message}</p>
      <Link to={back.to} className={buttonVariants({ variant: 'outline' })}>
        <ArrowLeft aria-hidden="true" /> {back.label}
      </Link>
    </section>
  );
}
