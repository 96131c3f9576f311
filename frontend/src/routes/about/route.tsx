import type { RouteHandle } from '@/app/route-handle';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "About",
    description: "The consultants and leaders behind Northbeam: our story, our vision and the team you will work with.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  return (
    <>
    <PlaceholderScreen
      title="About"
      willHold={["Our Story & Vision","Consultants & Leadership: the seven team members with bios"]}
    />
    <PlaybookWidget />
    </>
  );
}
