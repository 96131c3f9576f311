import { KeyRound, LogIn, Newspaper, ShieldCheck, UserCog, type IconComponent } from '@/components/ui/icons';
import type { HTMLAttributes } from 'react';
import { formatDate, activityActionLabels, type ActivityEntry } from '@northbeam/common';
import { cn } from '@/lib/cn';

/** The icon of an action's family (the part of its name before the dot). */
const familyIcons: Record<string, IconComponent> = {
  auth: LogIn,
  two_factor: KeyRound,
  session: LogIn,
  staff: UserCog,
  post: Newspaper,
  privacy: ShieldCheck,
  data: ShieldCheck,
};

export function actionLabel(action: string): string {
  return (activityActionLabels as Record<string, string>)[action] ?? action;
}

/** Who did what, to which record, when: newest first. One list at every width (it needs no table). */
export function ActivityFeed({
  entries,
  compact = false,
  className,
  ...props
}: { entries: ActivityEntry[]; compact?: boolean } & HTMLAttributes<HTMLElement>) {
  if (entries.length === 0) {
    return (
      <p className={cn('rounded-xl bg-mist px-4 py-6 text-center text-sm text-ink-muted', className)} {...props}>
        No recent activity to show.
      </p>
    );
  }
  return (
    <ol className={cn('flex flex-col', className)} {...props}>
      {entries.map((entry) => {
        const Icon = familyIcons[entry.action.split('.')[0]] ?? UserCog;
        const failed = entry.action === 'auth.sign_in_failed';
        // "Helena Marsh · Signed in", not "Helena Marsh · Signed in: Helena Marsh": the target is the actor.
        const target = entry.targetType === 'staff' && entry.targetId === entry.actor?.id ? null : entry.targetLabel;
        return (
          <li
            key={entry.id}
            className={cn('flex gap-3 border-b border-line/70 last:border-0', compact ? 'py-2.5' : 'py-4')}
            data-testid="activity-entry"
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full',
                failed ? 'bg-danger-soft text-danger' : 'bg-beam-soft text-beam',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="min-w-0 text-sm leading-snug text-ink">
                <span className="font-semibold" title={entry.actor?.email ?? undefined} data-testid="activity-actor">
                  {entry.actor?.name ?? 'System'}
                </span>{' '}
                <span className="text-ink-muted">·</span> {actionLabel(entry.action)}
                {target ? (
                  <>
                    {': '}
                    <span className="font-medium break-words">{target}</span>
                  </>
                ) : null}
              </p>
              <time dateTime={entry.at} className="shrink-0 text-xs whitespace-nowrap text-ink-muted tabular-nums">
                {formatDate(entry.at, 'd MMM yyyy, HH:mm')}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
