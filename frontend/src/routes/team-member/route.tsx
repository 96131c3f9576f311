import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Team",
    description: "A member of the Northbeam team.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Team"
      willHold={["Avatar, role, expertise and full biography","A Work with box"]}
    />
  );
}
