import type { IconComponent } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The frame of the pages a staff member sees before signing in: sign-in, password reset, invitation. */
export function AuthCard({
  icon: Icon,
  eyebrow,
  title,
  description,
  children,
}: {
  icon: IconComponent;
  eyebrow: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink py-16 sm:py-24">
      <div aria-hidden="true" className="glow -top-40 -right-40 size-[28rem] text-beam/40" />
      <div aria-hidden="true" className="glow -bottom-48 -left-40 size-[26rem] text-labs/20" />
      <div className="container-page relative flex justify-center">
        <Card className="w-full max-w-md p-8 sm:p-10">
          <div className="mb-8 flex flex-col gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-ink text-labs">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <p className="eyebrow">{eyebrow}</p>
            <h1 className="heading-2">{title}</h1>
            {description ? <div className="text-sm leading-relaxed text-ink-muted">{description}</div> : null}
          </div>
          {children}
        </Card>
      </div>
    </section>
  );
}
