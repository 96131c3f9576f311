import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Blog",
    description: "Posts from one section of the Northbeam blog.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Blog"
      willHold={["The section's posts with pagination","A back link to the blog"]}
    />
  );
}
