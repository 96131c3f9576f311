import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Blog",
    description: "Insights from Northbeam Consulting and experiments from Northbeam Labs.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Blog"
      willHold={["Both sections merged, newest first, with search and pagination","Newsletter sign-up"]}
    />
  );
}
