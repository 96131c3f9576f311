import { useState } from 'react';
import { Link } from '@/components/ui/link';
import {
  formatDate,
  site,
  webhookEndpointActions,
  webhookFormatLabels,
  webhookMessages,
  type SaveWebhookEndpointRequest,
  type StaffUser,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen, ListScreenRefusal } from '@/components/admin/list-screen';
import { WebhookEndpointForm, WebhookSecret, WebhookStatusBadge } from '@/components/admin/webhooks';
import { Card } from '@/components/ui/card';
import { ArrowRight } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Webhooks',
    description: `Where the ${site.name} site posts its events.`,
    noindex: true,
  }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<WebhookEndpoint>(context, request, {
    path: '/api/admin/webhooks',
    filters: { names: [] },
    screenRefusal: true,
  });
  return { user, ...load };
}

/** `/admin/webhooks`: the endpoints, the form to add one, and a new endpoint's secret, shown once. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<WebhookEndpointWithSecret>();
  if (!data.list) return <ListScreenRefusal title="Webhooks" problem={data.problem} />;
  const { list, user } = data;
  const mayAdd = webhookEndpointActions(null, user).includes('edit');

  const add = async (values: SaveWebhookEndpointRequest) => {
    const answer = await requestJson<WebhookEndpointWithSecret>('POST', '/api/admin/webhooks', values);
    setCreated(answer);
    toast({ title: webhookMessages.created });
    await revalidator.revalidate();
  };

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Webhooks"
          description="Each endpoint receives the events it asks for as signed JSON (Standard Webhooks) or as a Slack or Teams message. Failed deliveries are retried for a day; an endpoint that fails for a whole day is paused and the admins are told."
        />
      }
      filters={
        <>
          {created ? (
            <div className="mt-6 flex flex-col gap-2">
              <p className="text-sm text-ink-muted">
                Added <span className="font-mono break-all">{created.endpoint.url}</span>.{' '}
                <Link className="text-beam underline underline-offset-4" to={`/admin/webhooks/${created.endpoint.id}`}>
                  Open its delivery log
                </Link>
              </p>
              <WebhookSecret secret={created.secret} onDone={() => setCreated(undefined)} />
            </div>
          ) : null}
          {mayAdd ? (
            <Card className="mt-6 p-4 md:p-6" data-testid="webhook-form">
              <h2 className="heading-3 mb-4">Add an endpoint</h2>
              <WebhookEndpointForm submitLabel="Add endpoint" busyLabel="Adding..." onSubmit={add} />
            </Card>
          ) : null}
        </>
      }
      list={list}
      noun="endpoints"
      empty={<ListEmptyCard testId="webhooks-empty">No webhook endpoints yet.</ListEmptyCard>}
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="webhooks">
          {list.items.map((endpoint) => (
            <li key={endpoint.id}>
              <Card
                className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6 md:px-6"
                data-testid="webhook-row"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm break-all text-ink">{endpoint.url}</span>
                    <WebhookStatusBadge endpoint={endpoint} />
                  </p>
                  {endpoint.description ? <p className="mt-1 text-sm text-ink">{endpoint.description}</p> : null}
                  <p className="mt-1 text-sm text-ink-muted">
                    {webhookFormatLabels[endpoint.format]} · {endpoint.events.length}{' '}
                    {endpoint.events.length === 1 ? 'event' : 'events'}
                    {endpoint.lastAttemptAt
                      ? ` · last attempt ${formatDate(endpoint.lastAttemptAt, 'd MMM yyyy, HH:mm')} (${endpoint.lastAttemptOk ? 'delivered' : 'failed'})`
                      : ' · nothing sent yet'}
                  </p>
                  {endpoint.pausedReason ? <p className="mt-1 text-sm text-danger">{endpoint.pausedReason}</p> : null}
                </div>
                <Link
                  to={`/admin/webhooks/${endpoint.id}`}
                  className="inline-flex items-center gap-2 justify-self-start text-sm font-medium text-beam underline-offset-4 hover:underline"
                >
                  Settings and delivery log
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      }
    />
  );
}
