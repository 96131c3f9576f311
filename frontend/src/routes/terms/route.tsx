import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Terms & Conditions",
    description: "The terms on which Northbeam provides its website and services.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Terms & Conditions"
      willHold={["The 17 sections of our terms"]}
    />
  );
}
