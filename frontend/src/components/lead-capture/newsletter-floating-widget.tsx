import { useState } from 'react';
import { Mail, Minus } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { EmailCaptureForm } from './email-capture-form';
import { subscribeToNewsletter } from './subscribe';
import { cardSurface } from '@/components/ui/card';

/**
 * Floating subscribe widget of the blog index: large screens only, minimised to an icon until the
 * visitor opens it (expanded it would sit on the first column of cards).
 */
export function NewsletterFloatingWidget() {
  const [expanded, setExpanded] = useState(false);
  return (
    <aside
      aria-label="Newsletter"
      data-testid="newsletter-floating-widget"
      data-floating-widget
      className="fixed bottom-6 left-6 z-40 hidden lg:block"
    >
      {expanded ? (
        <div
          className={cardSurface({
            elevation: 'lift',
            className: 'w-80 animate-fade-up p-5 motion-reduce:animate-none',
          })}
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <div>
              <p className="font-display text-lg font-semibold text-ink">Stay in the loop</p>
              <p className="text-sm text-ink-muted">New posts from Labs and Consulting, straight to your inbox.</p>
            </div>
            <Button
              variant="ghost"
              size="icon-xs"
              className="-mt-1 -mr-2"
              aria-label="Minimise newsletter sign-up"
              onClick={() => setExpanded(false)}
            >
              <Minus aria-hidden="true" />
            </Button>
          </div>
          <EmailCaptureForm
            label="Email address for the newsletter"
            submitLabel="Subscribe"
            pendingLabel="Subscribing..."
            stacked
            onSend={(email) => subscribeToNewsletter(email, 'blog_floating_widget')}
          />
        </div>
      ) : (
        <Button
          size="icon-lg"
          className="shadow-lift"
          aria-label="Open newsletter sign-up"
          onClick={() => setExpanded(true)}
        >
          <Mail className="size-5!" aria-hidden="true" />
        </Button>
      )}
    </aside>
  );
}
