import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';
import { useServiceEngagement } from '@/hooks/use-service-engagement';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Consulting",
    description: "Strategy, prototyping, governance and change enablement for businesses adopting AI, XR and future technology.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  useServiceEngagement('consulting');
  return (
    <PlaceholderScreen
      title="Consulting"
      willHold={["Hero with Start Your Journey and Book a Consultation","Four offering cards and nine sector tags","Team avatars, logo marquee, final call to action and the contact form"]}
    />
  );
}
