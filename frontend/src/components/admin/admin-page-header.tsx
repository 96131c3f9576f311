import type { ReactNode } from 'react';

/** The heading of an admin screen: eyebrow, title, a sentence, and the screen's main actions (or a document's status badges). */
export function AdminPageHeader({
  eyebrow = 'Admin',
  title,
  description,
  actions,
  leading,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Before the eyebrow and title, beside them (a team member's photo). */
  leading?: ReactNode;
}) {
  const heading = (
    <div className="min-w-0">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="heading-1 mt-2 break-words">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-base leading-relaxed text-ink-muted">{description}</p> : null}
    </div>
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {leading ? (
        <div className="flex min-w-0 items-center gap-4">
          {leading}
          {heading}
        </div>
      ) : (
        heading
      )}
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
