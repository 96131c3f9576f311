import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Case Studies",
    description: "How Northbeam clients adopted AI, XR and simulation: the challenge, our approach, the solution and the outcomes.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Case Studies"
      willHold={["Hero, quote and team row","Grid of case study cards with tags","Closing call to action"]}
    />
  );
}
