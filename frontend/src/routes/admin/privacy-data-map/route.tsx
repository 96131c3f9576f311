import { formatDate, type DataMapEntry, type StaffUser } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { PrivacyRecordsHeader, PrivacyTeamOnly } from '@/components/admin/privacy-records';
import { loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Data map',
    description: 'Every store of personal data, its retention and size.',
    noindex: true,
  }),
};

interface DataMapData {
  user: StaffUser;
  stores: DataMapEntry[];
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<DataMapData> {
  const user = await requireStaffUser(context, request);
  if (user.permissions.privacy !== 'all') return { user, stores: [] };
  const stores = await loadJson<DataMapEntry[]>(context, '/api/admin/privacy/data-map');
  if (!stores) signInAgain(request);
  return { user, stores };
}

/**
 * The data map (docs/product.md#retention): built from the same declarations and retention periods
 * that drive the daily purge and the privacy page's text.
 */
export function Component() {
  const { user, stores } = useLoaderData<typeof loader>();
  if (user.permissions.privacy !== 'all') {
    return <PrivacyTeamOnly>Only admins and super admins (the privacy team) can see the data map.</PrivacyTeamOnly>;
  }
  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <PrivacyRecordsHeader
        title="Data map"
        description="Every store of personal data: what it holds, how long it is kept, when the daily purge next runs, and how many rows it holds now."
      />
      <ul className="mt-8 grid gap-3 md:grid-cols-2" data-testid="data-map">
        {stores.map((store) => (
          <li key={store.store} className={cardSurface({ className: 'min-w-0 p-4' })} data-testid="data-map-store">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-mono text-sm font-semibold break-all">{store.store}</h2>
              <span className="text-xs text-ink-muted tabular-nums">
                {store.rows} {store.rows === 1 ? 'row' : 'rows'}
              </span>
            </div>
            <p className="mt-2 text-sm text-ink">{store.holds}</p>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
              <dt className="text-ink-muted">Retention</dt>
              <dd>
                {[store.retention ? `purges ${store.retention}` : null, store.keptWhile].filter(Boolean).join('; ') ||
                  'kept until erased on request'}
              </dd>
              <dt className="text-ink-muted">Next purge</dt>
              <dd>{store.nextPurgeAt ? `${formatDate(store.nextPurgeAt, 'd MMM yyyy, HH:mm')} (UK time)` : 'none'}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
