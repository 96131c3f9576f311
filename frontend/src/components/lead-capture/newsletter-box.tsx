import { Mail } from '@/components/ui/icons';
import type { SubscribeSource } from '@northbeam/common';
import { cn } from '@/lib/cn';
import { EmailCaptureForm } from './email-capture-form';
import { subscribeToNewsletter } from './subscribe';

export interface NewsletterBoxProps {
  /** Where the subscription comes from: consulting_blog, labs_blog, blog or blog_mobile_hero. */
  source: Exclude<SubscribeSource, 'blog_floating_widget'>;
  title?: string;
  description?: string;
  className?: string;
}

/** The newsletter sign-up box of the blog pages (a card; compact in the mobile hero). */
export function NewsletterBox({
  source,
  title = 'Get the build notes',
  description = 'Practical notes on AI, XR and shipping real products, a few times a month. Confirm by e-mail; unsubscribe any time.',
  className,
}: NewsletterBoxProps) {
  const compact = source === 'blog_mobile_hero';
  return (
    <section
      // Landmarks need names of their own: on a phone /blog shows the hero's box and the foot's at once.
      aria-label={compact ? 'Quick newsletter sign-up' : 'Newsletter sign-up'}
      data-testid={`newsletter-box-${source}`}
      className={cn('newsletter-box', compact ? 'p-5 lg:hidden' : 'p-8 sm:p-10', className)}
    >
      <div aria-hidden="true" className="glow -top-24 -right-16 size-64 text-beam/40" />
      <div className={cn('newsletter-layout', !compact && 'newsletter-columns')}>
        <div className="grid gap-2">
          <p className="newsletter-eyebrow">
            <Mail className="size-4" aria-hidden="true" /> Newsletter
          </p>
          <h2 className={cn('newsletter-title', compact ? 'text-xl' : 'text-2xl sm:text-3xl')}>{title}</h2>
          {!compact ? <p className="max-w-xl text-white/70">{description}</p> : null}
        </div>
        <EmailCaptureForm
          label="Email address for the newsletter"
          submitLabel="Subscribe"
          pendingLabel="Subscribing..."
          tone="dark"
          onSend={(email) => subscribeToNewsletter(email, source)}
        />
      </div>
    </section>
  );
}
