import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Posts",
    description: "Manage blog posts.",
    canonicalPath: pathname.toLowerCase(),
    noindex: true,
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Posts"
      willHold={["Search, section filters and status tabs","Post cards with edit and delete"]}
    />
  );
}
