import type { RouteHandle } from '@/app/route-handle';
import { ContactForm } from '@/components/lead-capture/contact-form';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Labs",
    description: "Innovation-as-a-Service, IP builds and licensing, and future simulations: our R&D lab turns ideas into working prototypes.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="Labs"
      willHold={["Hero with Book a Discovery Call and See the Pipeline","Three offerings, the six-step pipeline, sample projects","Funding and ownership models and the contact form"]}
    />
    <div className="container-page pb-20"><ContactForm /></div><PlaybookWidget />
    </>
  );
}
