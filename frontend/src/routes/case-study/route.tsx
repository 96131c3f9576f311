import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Case Study",
    description: "A Northbeam case study.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Case Study"
      willHold={["Meta box, challenge, approach, solution and outcomes","Metrics, gallery, technologies and services"]}
    />
  );
}
