import type { RouteHandle } from '@/app/route-handle';
import { ContactForm } from '@/components/lead-capture/contact-form';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Contact",
    description: "Talk to the Northbeam team. NDAs on day one and a reply within 48 hours.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="Contact"
      willHold={["Support e-mail and phone links","The contact form with bot check"]}
    />
    <div className="container-page pb-20"><ContactForm /></div>
    </>
  );
}
