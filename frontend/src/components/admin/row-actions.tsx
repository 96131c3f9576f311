import { MoreHorizontal, type IconComponent } from '@/components/ui/icons';
import { useEffect, useId, useState } from 'react';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';

export interface RowAction {
  label: string;
  icon: IconComponent;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * The actions of one list row behind a "more" button: a disclosure of plain buttons (Tab moves
 * through them, Escape or a click elsewhere closes it and focus returns to the button).
 */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { trigger, panel } = useDismiss(open, () => setOpen(false));

  // Opening moves focus to the first action.
  useEffect(() => {
    if (open) panel.current?.querySelector('button')?.focus();
  }, [open, panel]);

  if (actions.length === 0) return null;
  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-mist hover:text-ink aria-expanded:bg-mist aria-expanded:text-ink"
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="absolute top-full right-0 z-30 mt-1 w-60 rounded-2xl border border-line bg-white p-1.5 shadow-lift"
        >
          {actions.map(({ label: actionLabel, icon: Icon, onSelect, danger }) => (
            <button
              key={actionLabel}
              type="button"
              onClick={() => {
                setOpen(false);
                onSelect();
              }}
              className={cn(
                'flex w-full items-center gap-2.5 rounded-xl px-3 py-2 text-left text-sm font-medium transition-colors',
                danger ? 'text-danger hover:bg-danger-soft' : 'text-ink hover:bg-mist',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {actionLabel}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
