import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Cookie Policy",
    description: "How Northbeam uses cookies and how to change your choices.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Cookie Policy"
      willHold={["The cookies we set, why, and for how long","How to change your consent"]}
    />
  );
}
