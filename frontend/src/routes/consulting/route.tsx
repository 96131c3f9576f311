import type { RouteHandle } from '@/app/route-handle';
import { ContactForm } from '@/components/lead-capture/contact-form';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Consulting",
    description: "Strategy, prototyping, governance and change enablement for businesses adopting AI, XR and future technology.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="Consulting"
      willHold={["Hero with Start Your Journey and Book a Consultation","Four offering cards and nine sector tags","Team avatars, logo marquee, final call to action and the contact form"]}
    />
    <div className="container-page pb-20"><ContactForm /></div><PlaybookWidget />
    </>
  );
}
