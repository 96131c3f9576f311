import type { ReactNode } from 'react';

/** The heading of an admin screen: eyebrow, title, a sentence, and the screen's main actions (or a document's status badges). */
export function AdminPageHeader({
  eyebrow = 'Admin',
  title,
  description,
  actions,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="heading-1 mt-2 break-words">{title}</h1>
        {description ? <p className="mt-3 max-w-2xl text-base leading-relaxed text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
