import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';
import { useServiceEngagement } from '@/hooks/use-service-engagement';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Labs",
    description: "Innovation-as-a-Service, IP builds and licensing, and future simulations: our R&D lab turns ideas into working prototypes.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  useServiceEngagement('labs');
  return (
    <PlaceholderScreen
      title="Labs"
      willHold={["Hero with Book a Discovery Call and See the Pipeline","Three offerings, the six-step pipeline, sample projects","Funding and ownership models and the contact form"]}
    />
  );
}
