import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Staff sign-in",
    description: "Northbeam staff sign-in.",
    canonicalPath: pathname.toLowerCase(),
    noindex: true,
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Staff sign-in"
      willHold={["E-mail and password sign-in for staff"]}
    />
  );
}
