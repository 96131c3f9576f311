import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Post editor",
    description: "Write and publish a blog post.",
    canonicalPath: pathname.toLowerCase(),
    noindex: true,
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Post editor"
      willHold={["Every field of a post, Save Draft and Publish"]}
    />
  );
}
