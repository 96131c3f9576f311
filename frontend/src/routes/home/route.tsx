import type { RouteHandle } from '@/app/route-handle';
import { ContactForm } from '@/components/lead-capture/contact-form';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Northbeam: Less talk. More build.",
    description: "Digital transformation for UK businesses: consulting, an R&D lab and immersive studios that build AI and XR products with you.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="Northbeam: Less talk. More build."
      willHold={["Hero with calls to action to Consulting, Labs and Immersive","Capability themes, team strip, client logos, How We Work","Recent case studies and the latest Labs and Consulting posts","The contact form and the playbook widget"]}
    />
    <div className="container-page pb-20"><ContactForm /></div><PlaybookWidget />
    </>
  );
}
