import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Admin dashboard",
    description: "Northbeam staff dashboard.",
    canonicalPath: pathname.toLowerCase(),
    noindex: true,
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Admin dashboard"
      willHold={["Post counts, authors and playbook downloads","A guide to roles and the draft-approval rule"]}
    />
  );
}
