import { useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '@/app/route-handle';
import { DeletionOutcome } from '@/components/legal/deletion-outcome';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Data Deletion Request',
    description: 'The outcome of confirming your data deletion request.',
    noindex: true,
  }),
};

/** Where the confirm button of /data-deletion/verify leads. */
export function Component() {
  const [params] = useSearchParams();
  return <DeletionOutcome ok={params.get('status') === 'ok'} />;
}
