import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Data Deletion Request",
    description: "Ask Northbeam to delete the personal data we hold about you under UK data protection law.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Data Deletion Request"
      willHold={["A form for full or partial deletion requests","A confirmation with your request ID"]}
    />
  );
}
