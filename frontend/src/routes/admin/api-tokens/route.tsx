import { Check, Copy, KeyRound } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import {
  apiTokenLimits,
  apiTokenStatusLabels,
  formatDate,
  roleLabels,
  site,
  staffRoles,
  type ApiToken,
  type ApiTokenStatus,
  type CreatedApiToken,
  type StaffRole,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen, ListScreenRefusal } from '@/components/admin/list-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { errorSentence, requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'API tokens',
    description: `Tokens that let scripts and other tools use the ${site.name} admin API.`,
    noindex: true,
  }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireStaffUser(context, request);
  return loadListPage<ApiToken>(context, request, {
    path: '/api/admin/api-tokens',
    filters: { names: [] },
    screenRefusal: true,
  });
}

const expiryChoices = [...apiTokenLimits.expiryDays.map((days) => String(days)), 'date'] as const;
const expiryLabels: Record<string, string> = { '30': '30 days', '90': '90 days', '365': '1 year', date: 'On a date' };

const statusVariants: Record<ApiTokenStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  active: 'default',
  expired: 'secondary',
  revoked: 'destructive',
  inactive: 'outline',
};

const dateTime = (value: string) => formatDate(value, 'd MMM yyyy, HH:mm');

/** The new token, shown once: to copy before leaving the page. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Card className="mt-6 flex flex-col gap-4 p-4 md:p-6" data-testid="api-token-created">
      <Alert variant="info">
        <AlertTitle>“{created.apiToken.name}” is ready</AlertTitle>
        <AlertDescription>{created.message}</AlertDescription>
      </Alert>
      <p
        className="rounded-2xl bg-ink p-4 font-mono text-sm break-all text-white select-all"
        data-testid="api-token-secret"
      >
        {created.token}
      </p>
      <p className="text-sm text-ink-muted">
        Send it as <code className="font-mono">Authorization: Bearer …</code> to the admin API (described at{' '}
        <a className="underline" href="/api/docs">
          /api/docs
        </a>
        ).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button size="sm" onClick={onDone} data-testid="api-token-done">
          I have copied it
        </Button>
      </div>
    </Card>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const blank = { name: '', role: 'consultant' as StaffRole, expiry: '90', expiresOn: '' };
  const form = useForm<typeof blank, 'create' | 'revoke'>({ initial: blank, idPrefix: 'api-token' });
  const { bindForm } = form;
  const [created, setCreated] = useState<CreatedApiToken>();
  const [revoking, setRevoking] = useState<ApiToken>();

  if (!data.list) return <ListScreenRefusal title="API tokens" problem={data.problem} />;
  const { list } = data;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    form.setProblem(undefined);
    const { name, role, expiry, expiresOn } = form.values;
    const body = expiry === 'date' ? { name, role, expiresOn } : { name, role, expiresInDays: Number(expiry) };
    await form.run(
      'create',
      async () => {
        setCreated(await requestJson<CreatedApiToken>('POST', '/api/admin/api-tokens', body));
        form.reset(blank);
        await revalidator.revalidate();
      },
      (error) =>
        form.fail(error, {
          fieldsOnly: true,
          fieldErrors: ({ expiresInDays, ...rest }) => ({ ...rest, expiry: expiresInDays }),
        }),
    );
  };

  const revoke = async () => {
    if (!revoking) return;
    await form.run(
      'revoke',
      async () => {
        const answer = await requestJson<{ message: string }>('POST', `/api/admin/api-tokens/${revoking.id}/revoke`);
        toast({ title: answer.message });
        setRevoking(undefined);
        await revalidator.revalidate();
      },
      (error) =>
        toast({ title: 'The token was not revoked', description: errorSentence(error), variant: 'destructive' }),
    );
  };

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="API tokens"
          description="Let a script or another tool (a CRM, Zapier, n8n) use the admin API with a role’s rights. A token needs no two-factor code: give it the smallest role that does the job, and revoke it when it is no longer needed."
        />
      }
      filters={
        <>
          {created ? <NewToken created={created} onDone={() => setCreated(undefined)} /> : null}
          <Card className="mt-6 p-4 md:p-6" data-testid="api-token-form">
            <form
              ref={bindForm}
              className="grid gap-4 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-start"
              onSubmit={(event) => void create(event)}
              noValidate
            >
              <Field label="Name" {...form.field('name')}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.text('name')}
                    maxLength={apiTokenLimits.nameMax}
                    placeholder="CRM sync"
                  />
                )}
              </Field>
              <Field label="Role" {...form.field('role')}>
                {(control) => (
                  <Select {...control} {...form.text('role')}>
                    {staffRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <div className="flex flex-col gap-4">
                <Field label="Expires" {...form.field('expiry')}>
                  {(control) => (
                    <Select {...control} {...form.text('expiry')}>
                      {expiryChoices.map((choice) => (
                        <option key={choice} value={choice}>
                          {expiryLabels[choice]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {form.values.expiry === 'date' ? (
                  <Field label="Last day" {...form.field('expiresOn')}>
                    {(control) => <Input {...control} type="date" {...form.text('expiresOn')} />}
                  </Field>
                ) : null}
              </div>
              <Button type="submit" disabled={form.busy !== null} className="lg:mt-7" data-testid="api-token-create">
                <KeyRound aria-hidden="true" />
                {form.busy === 'create' ? 'Creating...' : 'Create token'}
              </Button>
            </form>
            {form.problem ? (
              <Alert variant="destructive" className="mt-4">
                <AlertDescription>{form.problem}</AlertDescription>
              </Alert>
            ) : null}
          </Card>
        </>
      }
      list={list}
      noun="tokens"
      empty={<ListEmptyCard testId="api-tokens-empty">No API tokens yet.</ListEmptyCard>}
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="api-tokens">
          {list.items.map((token) => (
            <li key={token.id}>
              <Card
                className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6 md:px-6"
                data-testid="api-token-row"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold wrap-anywhere text-ink">{token.name}</span>
                    <Badge variant="secondary">{roleLabels[token.role]}</Badge>
                    <Badge variant={statusVariants[token.status]} data-testid="api-token-status">
                      {token.status === 'inactive' ? 'Stopped' : apiTokenStatusLabels[token.status]}
                    </Badge>
                    <span className="font-mono text-xs text-ink-muted">{token.hint}…</span>
                  </p>
                  <p className="mt-1 text-sm text-ink-muted">
                    Created {dateTime(token.createdAt)} by {token.createdBy.name}
                    {token.createdBy.id ? '' : ' (account removed)'} ·{' '}
                    {token.status === 'revoked' && token.revokedAt
                      ? `revoked ${dateTime(token.revokedAt)}`
                      : `${token.status === 'expired' ? 'expired' : 'expires'} ${dateTime(token.expiresAt)}`}{' '}
                    · {token.lastUsedAt ? `last used ${dateTime(token.lastUsedAt)}` : 'never used'}
                  </p>
                  {token.status === 'inactive' ? (
                    <p className="mt-1 text-sm text-ink-muted">{apiTokenStatusLabels.inactive}.</p>
                  ) : null}
                </div>
                {token.actions.includes('revoke') ? (
                  <Button
                    type="button"
                    variant="ghost-danger"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={revoking !== undefined}
        busy={form.busy === 'revoke'}
        onClose={() => setRevoking(undefined)}
        title="Revoke token"
        description={
          revoking
            ? `“${revoking.name}” stops working at once, for every request. This cannot be undone. Continue?`
            : ''
        }
        destructive
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onConfirm={() => void revoke()}
      />
    </ListScreen>
  );
}
