import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatDate,
  site,
  webhookDeliveryStatusLabels,
  webhookMessages,
  type SaveWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadOrRefusal } from '@/components/admin/document-editor/load-document';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { WebhookEndpointForm, WebhookSecret, WebhookStatusBadge } from '@/components/admin/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Ban, KeyRound, RefreshCw, RotateCcw, Send, Trash2, type IconComponent } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Webhook endpoint',
    description: `A ${site.name} webhook endpoint and its delivery log.`,
    noindex: true,
  }),
};

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  await requireStaffUser(context, request);
  const id = encodeURIComponent(params.id ?? '');
  const endpoint = await loadOrRefusal<WebhookEndpoint>(context, request, `/api/admin/webhooks/${id}`);
  if (!endpoint.value) return { endpoint: null, refusal: endpoint.refusal, deliveries: null };
  const deliveries = await loadListPage<WebhookDelivery>(context, request, {
    path: `/api/admin/webhooks/${id}/deliveries`,
    filters: { names: [] },
  });
  return { endpoint: endpoint.value, refusal: undefined, deliveries };
}

const back = { to: '/admin/webhooks', label: 'All webhook endpoints' };

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (!data.endpoint || !data.deliveries) return <DocumentRefusal refusal={data.refusal ?? ''} back={back} />;
  return <EndpointScreen key={data.endpoint.id} endpoint={data.endpoint} deliveries={data.deliveries} />;
}

type Busy = 'test' | 'pause' | 'resume' | 'rotate' | 'delete' | `redeliver-${string}`;

/** The endpoint's actions that are one POST to `/api/admin/webhooks/{id}/{kind}` and a toast. */
interface RequestAction {
  action: WebhookEndpoint['actions'][number];
  kind: Busy;
  label: string;
  busyLabel?: string;
  icon: IconComponent;
  said: string;
  failed: string;
}

const requestActions: readonly RequestAction[] = [
  {
    action: 'send_test',
    kind: 'test',
    label: 'Send test',
    busyLabel: 'Sending...',
    icon: Send,
    said: webhookMessages.testQueued,
    failed: 'The test was not sent',
  },
  { action: 'pause', kind: 'pause', label: 'Pause', icon: Ban, said: webhookMessages.paused, failed: 'Not paused' },
  {
    action: 'resume',
    kind: 'resume',
    label: 'Resume',
    icon: RefreshCw,
    said: webhookMessages.resumed,
    failed: 'Not resumed',
  },
];

function EndpointScreen({
  endpoint,
  deliveries,
}: {
  endpoint: WebhookEndpoint;
  deliveries: Awaited<ReturnType<typeof loader>>['deliveries'] & object;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<Busy | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [secret, setSecret] = useState<string>();
  const base = `/api/admin/webhooks/${endpoint.id}`;

  const act = async (kind: Busy, work: () => Promise<string | void>, failed: string) => {
    setBusy(kind);
    try {
      const said = await work();
      if (said) toast({ title: said });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: failed, description: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const save = async (values: SaveWebhookEndpointRequest) => {
    await requestJson<WebhookEndpoint>('PUT', base, values);
    toast({ title: webhookMessages.updated });
    await revalidator.revalidate();
  };

  const { list, problem } = deliveries;
  return (
    <ListScreen
      header={
        <>
          <BackLink to={back.to}>{back.label}</BackLink>
          <div className="mt-4">
            <AdminPageHeader
              eyebrow="Webhooks"
              title={<span className="font-mono text-2xl break-all sm:text-3xl">{endpoint.url}</span>}
              description={endpoint.description || undefined}
              actions={<WebhookStatusBadge endpoint={endpoint} />}
            />
          </div>
          {endpoint.pausedReason ? <p className="mt-3 text-sm text-danger">{endpoint.pausedReason}</p> : null}
          <div className="mt-6 flex flex-wrap gap-2">
            {requestActions
              .filter((action) => endpoint.actions.includes(action.action))
              .map(({ kind, label, busyLabel, icon: Icon, said, failed }) => (
                <Button
                  key={kind}
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  data-testid={`webhook-${kind === 'test' ? 'send-test' : kind}`}
                  onClick={() =>
                    void act(
                      kind,
                      async () => {
                        await apiRequest('POST', `${base}/${kind}`);
                        return said;
                      },
                      failed,
                    )
                  }
                >
                  <Icon aria-hidden="true" />
                  {busy === kind && busyLabel ? busyLabel : label}
                </Button>
              ))}
            {endpoint.actions.includes('rotate_secret') ? (
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => setConfirming('rotate')}>
                <KeyRound aria-hidden="true" />
                Rotate secret
              </Button>
            ) : null}
            {endpoint.actions.includes('delete') ? (
              <Button variant="ghost-danger" size="sm" disabled={busy !== null} onClick={() => setConfirming('delete')}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </div>
          {secret ? (
            <div className="mt-6">
              <WebhookSecret secret={secret} onDone={() => setSecret(undefined)} />
            </div>
          ) : null}
        </>
      }
      filters={
        <>
          {endpoint.actions.includes('edit') ? (
            <details className="mt-6 rounded-2xl border border-line bg-white p-4 md:p-6">
              <summary className="cursor-pointer text-sm font-semibold text-ink">Change the endpoint</summary>
              <div className="mt-4">
                <WebhookEndpointForm initial={endpoint} submitLabel="Save" busyLabel="Saving..." onSubmit={save} />
              </div>
            </details>
          ) : null}
          <h2 className="heading-3 mt-8">Delivery log</h2>
          <p className="mt-1 text-sm text-ink-muted">
            Every event sent to this endpoint in the last 30 days, newest first.
          </p>
        </>
      }
      problem={problem}
      list={list}
      noun="deliveries"
      empty={<ListEmptyCard testId="webhook-deliveries-empty">Nothing sent to this endpoint yet.</ListEmptyCard>}
      items={
        <ul className="mt-4 flex flex-col gap-3" data-testid="webhook-deliveries">
          {list.items.map((delivery) => (
            <li key={delivery.id}>
              <DeliveryRow
                delivery={delivery}
                busy={busy}
                onRedeliver={() =>
                  void act(
                    `redeliver-${delivery.id}`,
                    async () => {
                      await apiRequest('POST', `${base}/deliveries/${delivery.id}/redeliver`);
                      return webhookMessages.redeliveryQueued;
                    },
                    'Not redelivered',
                  )
                }
              />
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={confirming === 'rotate'}
        busy={busy === 'rotate'}
        onClose={() => setConfirming(null)}
        title="Make a new signing secret"
        description="The old secret stops signing at once: the receiver must be given the new one, or it will refuse the next deliveries. Continue?"
        destructive={false}
        confirmLabel="Make a new secret"
        busyLabel="Making..."
        onConfirm={() =>
          void act(
            'rotate',
            async () => {
              const answer = await requestJson<WebhookEndpointWithSecret>('POST', `${base}/rotate-secret`);
              setSecret(answer.secret);
              return webhookMessages.rotated;
            },
            'No new secret was made',
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        busy={busy === 'delete'}
        onClose={() => setConfirming(null)}
        title="Delete endpoint"
        description={`${endpoint.url} will receive no more events, and its delivery log goes with it. Continue?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={() => {
          setBusy('delete');
          apiRequest('DELETE', base)
            .then(async () => {
              toast({ title: webhookMessages.deleted });
              await navigate('/admin/webhooks', { replace: true });
            })
            .catch((error: unknown) => {
              toast({ title: 'Not deleted', description: errorSentence(error), variant: 'destructive' });
              setBusy(null);
              setConfirming(null);
            });
        }}
      />
    </ListScreen>
  );
}

function DeliveryRow({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  busy: Busy | null;
  onRedeliver: () => void;
}) {
  const outcome =
    delivery.statusCode !== null
      ? `HTTP ${delivery.statusCode}`
      : delivery.lastAttemptAt
        ? 'No answer'
        : 'Not tried yet';
  return (
    <Card
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start md:gap-6 md:px-6"
      data-testid="webhook-delivery"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm break-all text-ink" data-testid="webhook-delivery-event">
            {delivery.eventType}
          </span>
          <Badge
            variant={
              delivery.status === 'failed' ? 'destructive' : delivery.status === 'delivered' ? 'secondary' : 'outline'
            }
          >
            {webhookDeliveryStatusLabels[delivery.status]}
          </Badge>
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {formatDate(delivery.createdAt, 'd MMM yyyy, HH:mm')} · {outcome}
          {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''} · {delivery.attempts}{' '}
          {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          {delivery.nextAttemptAt && delivery.attempts > 0
            ? ` · next try ${formatDate(delivery.nextAttemptAt, 'd MMM yyyy, HH:mm')}`
            : ''}
        </p>
        {delivery.error ? <p className="mt-1 text-sm break-words text-danger">{delivery.error}</p> : null}
        {delivery.responseExcerpt ? (
          <details className="mt-2">
            <summary className="cursor-pointer text-sm text-ink-muted">Response</summary>
            <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-mist p-3 text-xs break-all whitespace-pre-wrap text-ink">
              {delivery.responseExcerpt}
            </pre>
          </details>
        ) : null}
      </div>
      {delivery.actions.includes('redeliver') ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={busy !== null}
          onClick={onRedeliver}
        >
          <RotateCcw aria-hidden="true" />
          {busy === `redeliver-${delivery.id}` ? 'Redelivering...' : 'Redeliver'}
        </Button>
      ) : null}
    </Card>
  );
}
