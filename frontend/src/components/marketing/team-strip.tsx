import { ArrowRight, X } from '@/components/ui/icons';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/cn';
import type { TeamStripMember } from '@/lib/team';
import { TeamAvatar } from './team-avatar';
import { cardSurface } from '@/components/ui/card';

/**
 * 'Talk to the Team': a row of avatars. A click toggles the member's profile card (a second click
 * closes it), hovering shows it, and only one card is open at a time. Escape closes it. Nothing
 * when no member is in the strip.
 */
export function TeamStrip({
  members,
  className,
  tone = 'light',
}: {
  /** The members marked for the strip, in order (`loadTeamStrip`, `stripMembers`). */
  members: readonly TeamStripMember[];
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const team = members;
  const [pinned, setPinned] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const open = hovered ?? pinned;
  // One strip a page: its cards' ids are fixed names, so that it can be a block rendered once
  // (components/page/server-html.ts), where `useId` is not allowed.
  const baseId = 'team-strip';
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!pinned) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setPinned(null);
        setHovered(null);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setPinned(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [pinned]);

  // A click pins the card (hover may already show it); a second click unpins and closes it.
  const toggle = (slug: string) => {
    setHovered(null);
    setPinned((current) => (current === slug ? null : slug));
  };

  if (team.length === 0) return null;
  return (
    <div ref={rootRef} className={cn('flex flex-col gap-3', className)} data-testid="team-strip">
      <p className={cn('eyebrow', tone === 'dark' && 'text-white/70')}>Talk to the Team</p>
      <ul className="flex flex-wrap items-center gap-2 sm:gap-0 sm:-space-x-3">
        {team.map((member, index) => {
          const cardId = `${baseId}-${member.slug}`;
          const isOpen = open === member.slug;
          const align = index < 2 ? 'start' : index > team.length - 3 ? 'end' : 'centre';
          return (
            <li
              key={member.slug}
              className="relative"
              onMouseEnter={() => setHovered(member.slug)}
              onMouseLeave={() => setHovered(null)}
            >
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={cardId}
                aria-label={`${member.name}, ${member.stripRole}`}
                data-testid={`team-avatar-${member.slug}`}
                onClick={() => toggle(member.slug)}
                className={cn(
                  'relative block rounded-full ring-3 transition-transform duration-200 hover:z-10 hover:-translate-y-1 focus-visible:z-10',
                  isOpen ? 'z-10 -translate-y-1 ring-beam' : tone === 'dark' ? 'ring-ink' : 'ring-paper',
                )}
              >
                <TeamAvatar member={member} size={52} />
              </button>
              {isOpen && (
                <TeamCard id={cardId} name={member.name} align={align}>
                  <div className="flex items-start gap-3">
                    <TeamAvatar member={member} size={44} />
                    <div className="min-w-0 flex-1">
                      <p className="font-display font-semibold">{member.name}</p>
                      <p className="text-sm text-ink-muted">{member.stripRole}</p>
                    </div>
                    {pinned === member.slug && (
                      <button
                        type="button"
                        aria-label="Close profile"
                        onClick={() => setPinned(null)}
                        className="rounded-full p-1 text-ink-muted hover:bg-mist"
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                  <p className="mt-3 text-sm leading-relaxed text-ink-muted">{member.bio}</p>
                  <Link
                    to="/contact"
                    className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-beam hover:underline"
                  >
                    Contact Us <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                </TeamCard>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const gap = 12;
const margin = 8;

/**
 * The profile card, shown in the browser's top layer (a manual popover): above every section, the
 * floating widgets and the cookie banner, and never cut by a section that clips its overflow. It is
 * placed under its avatar (above it when there is no room below) and kept inside the viewport while
 * the page scrolls.
 */
function TeamCard({
  id,
  name,
  align,
  children,
}: {
  id: string;
  name: string;
  align: 'start' | 'centre' | 'end';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const card = ref.current;
    const anchor = card?.parentElement?.querySelector('button');
    if (!card || !anchor) return;
    if (typeof card.showPopover === 'function' && !card.matches(':popover-open')) card.showPopover();
    const place = () => {
      const target = anchor.getBoundingClientRect();
      const width = card.offsetWidth;
      const height = card.offsetHeight;
      const viewportWidth = document.documentElement.clientWidth;
      const wanted =
        align === 'start'
          ? target.left
          : align === 'end'
            ? target.right - width
            : target.left + target.width / 2 - width / 2;
      const left = Math.min(Math.max(wanted, margin), viewportWidth - width - margin);
      const below = target.bottom + gap;
      const fitsBelow = below + height <= window.innerHeight - margin;
      const fitsAbove = target.top - gap - height >= margin;
      const top = fitsBelow || !fitsAbove ? below : target.top - gap - height;
      card.style.left = `${Math.round(left)}px`;
      card.style.top = `${Math.round(top)}px`;
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [align]);
  return (
    <div
      ref={ref}
      id={id}
      popover="manual"
      role="group"
      aria-label={`${name} profile`}
      data-testid="team-card"
      className={cardSurface({
        elevation: 'lift',
        className:
          'fixed inset-auto m-0 w-72 max-w-[calc(100vw-1rem)] animate-fade-up overflow-visible p-5 text-left text-ink',
      })}
    >
      {children}
    </div>
  );
}
