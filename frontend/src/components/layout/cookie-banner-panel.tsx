import { Cookie, X } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { readConsent, recordChoice, trackConsentAction, type Choice, type ConsentAction } from '@/lib/consent';
import { sendConsentProof } from '@/lib/consent-proof';
import { cookieBannerTitleId } from './cookie-banner';

type View = 'main' | 'customize';

export interface CookieBannerPanelProps {
  /** Opened by the visitor (footer button) rather than on arrival: focus moves into the banner. */
  reopened: boolean;
  /** Where focus goes back to when the banner closes. */
  returnFocus: HTMLElement | null;
  onClose: () => void;
}

/**
 * The banner's views (docs/product.md#analytics): main (accept all, reject all, customize, dismiss) and
 * customize (analytics, marketing, essential always on; save or back). Loaded on demand.
 */
export default function CookieBannerPanel({ reopened, returnFocus, onClose }: CookieBannerPanelProps) {
  const [view, setView] = useState<View>('main');
  const [choice, setChoice] = useState<Choice>(() => {
    const stored = readConsent();
    return { analytics: stored?.preferences.analytics ?? false, marketing: stored?.preferences.marketing ?? false };
  });
  // One banner at a time: its heading has a fixed id, the target of the page's skip link to it.
  const titleId = cookieBannerTitleId;
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(reopened);

  useEffect(() => {
    // Opened on request, or switched between views: move focus into the banner for keyboard users.
    if (moveFocus.current) panel.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [view]);

  useEffect(() => {
    // While the banner is up the page keeps room below its last line for it (so that the footer can
    // still be scrolled clear of it) and the floating widgets stand aside (see app.css).
    const root = document.documentElement;
    const element = panel.current;
    if (!element) return;
    const reserve = () => {
      // The gap below the banner from its style, not from where it is drawn: while it slides in, its
      // box is still lower than where it comes to rest.
      const gap = Number.parseFloat(getComputedStyle(element).bottom) || 0;
      root.style.setProperty('--cookie-banner-space', `${Math.ceil(element.offsetHeight + Math.max(gap, 0) * 2)}px`);
    };
    reserve();
    root.dataset.cookieBanner = 'open';
    // Escape dismisses the banner from anywhere on the page, unless something else (a menu, a dialog)
    // has already taken that key press.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        element.querySelector<HTMLButtonElement>('[data-cookie-dismiss]')?.click();
      }
    };
    document.addEventListener('keydown', onEscape);
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      document.removeEventListener('keydown', onEscape);
      observer.disconnect();
      delete root.dataset.cookieBanner;
      root.style.removeProperty('--cookie-banner-space');
    };
  }, []);

  function choose(action: ConsentAction, next: Choice) {
    // The wording on screen when the visitor chose: its hash is the banner version kept as proof.
    const wording = panel.current?.innerText ?? '';
    recordChoice(action, next);
    void sendConsentProof(action, next, wording);
    onClose();
    if (reopened) returnFocus?.focus();
  }

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-3xl border border-line bg-white/95 p-5 text-ink shadow-2xl backdrop-blur motion-safe:animate-fade-up sm:inset-x-6 sm:bottom-6 sm:p-7"
    >
      <button
        type="button"
        onClick={() => choose('dismiss', { analytics: false, marketing: false })}
        aria-label="Dismiss cookie banner"
        data-cookie-dismiss
        className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-mist hover:text-ink focus-visible:outline-2 focus-visible:outline-beam"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {view === 'main' ? (
        <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:gap-8">
          <div className="flex gap-4 pr-8">
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-2xl bg-beam-soft text-beam sm:inline-flex">
              <Cookie className="size-5" aria-hidden="true" />
            </span>
            <div className="space-y-2">
              <h2 id={titleId} tabIndex={-1} className="font-display text-lg font-semibold outline-none">
                We value your privacy
              </h2>
              <p id={descriptionId} className="text-sm leading-relaxed text-ink-muted">
                We use essential cookies to run this site. With your permission we also use analytics cookies to
                understand how it is used, and marketing cookies to measure our campaigns. Read our{' '}
                <Link to="/cookies" className="font-medium text-beam underline underline-offset-4">
                  Cookie Policy
                </Link>
                .
              </p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
            <Button size="sm" onClick={() => choose('accept_all', { analytics: true, marketing: true })}>
              Accept All
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => choose('reject_all', { analytics: false, marketing: false })}
            >
              Reject All
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                trackConsentAction('customize');
                moveFocus.current = true;
                setView('customize');
              }}
            >
              Customize
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-5">
          <div className="space-y-1 pr-8">
            <h2 id={titleId} tabIndex={-1} className="font-display text-lg font-semibold outline-none">
              Cookie Preferences
            </h2>
            <p id={descriptionId} className="text-sm text-ink-muted">
              Choose which cookies we may use. You can change this at any time from the footer.
            </p>
          </div>
          <fieldset className="space-y-3">
            <legend className="sr-only">Cookie categories</legend>
            <Category
              id="cookie-essential"
              label="Essential"
              description="Needed for the site to work, such as remembering these choices. Always on."
              checked
              disabled
            />
            <Category
              id="cookie-analytics"
              label="Analytics"
              description="Help us understand which pages are useful, so we can improve them."
              checked={choice.analytics}
              onChange={(analytics) => setChoice((current) => ({ ...current, analytics }))}
            />
            <Category
              id="cookie-marketing"
              label="Marketing"
              description="Measure our campaigns and show relevant content on other sites."
              checked={choice.marketing}
              onChange={(marketing) => setChoice((current) => ({ ...current, marketing }))}
            />
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => choose('save_custom', choice)}>
              Save Preferences
            </Button>
            <Button size="sm" variant="outline" onClick={() => setView('main')}>
              Back
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Category(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-line p-3">
      <Checkbox
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${props.id}-description`}
        onChange={(event) => props.onChange?.(event.target.checked)}
      />
      <div>
        <label htmlFor={props.id} className="text-sm font-semibold">
          {props.label}
          {props.disabled ? <span className="ml-2 text-xs font-normal text-ink-muted">(always on)</span> : null}
        </label>
        <p id={`${props.id}-description`} className="text-sm text-ink-muted">
          {props.description}
        </p>
      </div>
    </div>
  );
}
