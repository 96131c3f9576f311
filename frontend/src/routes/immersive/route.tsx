import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';
import { useServiceEngagement } from '@/hooks/use-service-engagement';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Immersive",
    description: "XR training, simulation and CGI from our studios Simulation Creation and Fooh Studios.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  useServiceEngagement('immersive');
  return (
    <PlaceholderScreen
      title="Immersive"
      willHold={["Hero and team strip","Studio cards for Simulation Creation and Fooh Studios","Latest from Simulation Creation feed and a call to action"]}
    />
  );
}
