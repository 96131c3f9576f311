import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Unsubscribe",
    description: "Unsubscribe from the Northbeam newsletter.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Unsubscribe"
      willHold={["An e-mail field prefilled from the link in your e-mail","Confirmation once you are unsubscribed"]}
    />
  );
}
