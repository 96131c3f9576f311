import type { RouteHandle } from '@/app/route-handle';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Privacy Policy",
    description: "How Northbeam collects, uses and protects personal data under UK data protection law.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <PlaceholderScreen
      title="Privacy Policy"
      willHold={["What we collect and why","Retention periods, your rights and how to complain"]}
    />
  );
}
