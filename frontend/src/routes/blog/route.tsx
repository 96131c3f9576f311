import type { RouteHandle } from '@/app/route-handle';
import { NewsletterBox } from '@/components/lead-capture/newsletter-box';
import { NewsletterFloatingWidget } from '@/components/lead-capture/newsletter-floating-widget';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Blog",
    description: "Insights from Northbeam Consulting and experiments from Northbeam Labs.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="Blog"
      willHold={["Both sections merged, newest first, with search and pagination","Newsletter sign-up"]}
    />
    <div className="container-page grid gap-8 pb-20"><NewsletterBox source="blog_mobile_hero" /><NewsletterBox source="blog" /></div><NewsletterFloatingWidget />
    </>
  );
}
