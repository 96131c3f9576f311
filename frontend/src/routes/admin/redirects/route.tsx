import { ArrowRight, Trash2 } from '@/components/ui/icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import {
  formatDate,
  redirectActions,
  redirectMessages,
  site,
  type ListPage,
  type PostRedirectItem,
  type RedirectItem,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen, ListScreenRefusal } from '@/components/admin/list-screen';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { errorSentence, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Redirects',
    description: `Old addresses of the ${site.name} site and where they lead.`,
    noindex: true,
  }),
};

/** `?kind=slug` lists the posts' slug-change redirects instead of the hand-made ones. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const slugChanges = new URL(request.url).searchParams.get('kind') === 'slug';
  if (slugChanges) {
    const load = await loadListPage<PostRedirectItem>(context, request, {
      path: '/api/admin/redirects/slug-changes',
      filters: { names: [] },
      screenRefusal: true,
    });
    return { kind: 'slug' as const, user, ...load };
  }
  const load = await loadListPage<RedirectItem>(context, request, {
    path: '/api/admin/redirects',
    filters: { names: [] },
    screenRefusal: true,
  });
  return { kind: 'manual' as const, user, ...load };
}

function Tabs({ kind }: { kind: 'manual' | 'slug' }) {
  const tab = (active: boolean) =>
    cn(
      'rounded-full px-4 py-2 text-sm font-medium transition-colors',
      active ? 'bg-ink text-white' : 'text-ink-muted hover:bg-mist hover:text-ink',
    );
  return (
    <nav aria-label="Kinds of redirect" className="mt-6 flex flex-wrap gap-2">
      <Link
        to="/admin/redirects"
        className={tab(kind === 'manual')}
        aria-current={kind === 'manual' ? 'page' : undefined}
      >
        Made by hand
      </Link>
      <Link
        to="/admin/redirects?kind=slug"
        className={tab(kind === 'slug')}
        aria-current={kind === 'slug' ? 'page' : undefined}
      >
        Post slug changes
      </Link>
    </nav>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  if (!data.list) return <ListScreenRefusal title="Redirects" problem={data.problem} />;
  const header = (
    <AdminPageHeader
      title="Redirects"
      description="Old addresses that answer 301 and send visitors on. A redirect never hides a live page: a post or case study published at its old path takes over."
    />
  );
  if (data.kind === 'slug') {
    const { list } = data;
    return (
      <ListScreen
        header={header}
        filters={<Tabs kind="slug" />}
        list={list}
        noun="redirects"
        empty={
          <ListEmptyCard testId="slug-redirects-empty">No published post has changed its address yet.</ListEmptyCard>
        }
        items={
          <ul className="mt-6 flex flex-col gap-3" data-testid="slug-redirects">
            {list.items.map((redirect) => (
              <li key={redirect.fromPath}>
                <Card className="p-4 md:px-6">
                  <RedirectPaths from={redirect.fromPath} to={redirect.toPath} />
                  <p className="mt-1 text-sm text-ink-muted">
                    {redirect.postTitle} · since {formatDate(redirect.createdAt, 'd MMM yyyy')}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        }
      />
    );
  }
  return <ManualRedirects header={header} list={data.list} user={data.user} />;
}

function RedirectPaths({ from, to }: { from: string; to: string }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-mono text-sm text-ink">
      <span className="wrap-anywhere" data-testid="redirect-from">
        {from}
      </span>
      <ArrowRight className="size-4 shrink-0 text-ink-muted" aria-label="to" />
      <span className="wrap-anywhere" data-testid="redirect-to">
        {to}
      </span>
    </p>
  );
}

/** The hand-made redirects: the form to add one and each row's Remove, only where the server's actions allow them. */
function ManualRedirects({ header, list, user }: { header: ReactNode; list: ListPage<RedirectItem>; user: StaffUser }) {
  // Adding one is the action without a row: `redirectActions` of a new redirect.
  const mayAdd = redirectActions(null, user).includes('add');
  const revalidator = useRevalidator();
  const blank = { fromPath: '', toPath: '' };
  const form = useForm<typeof blank, 'add' | 'remove'>({ initial: blank, idPrefix: 'redirect' });
  const { bindForm } = form;
  const [removing, setRemoving] = useState<RedirectItem>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    form.setProblem(undefined);
    await form.run(
      'add',
      async () => {
        await requestJson<RedirectItem>('POST', '/api/admin/redirects', form.values);
        form.reset(blank);
        toast({ title: redirectMessages.created });
        await revalidator.revalidate();
      },
      // Field errors under their fields; any other refusal in the alert under the form.
      (error) => form.fail(error, { fieldsOnly: true }),
    );
  };

  const remove = async () => {
    if (!removing) return;
    await form.run(
      'remove',
      async () => {
        await requestJson('DELETE', `/api/admin/redirects/${removing.id}`);
        toast({ title: redirectMessages.deleted });
        setRemoving(undefined);
        await revalidator.revalidate();
      },
      (error) =>
        toast({ title: 'The redirect was not removed', description: errorSentence(error), variant: 'destructive' }),
    );
  };

  return (
    <ListScreen
      header={header}
      filters={
        <>
          <Tabs kind="manual" />
          {mayAdd ? (
            <Card className="mt-6 p-4 md:p-6" data-testid="redirect-form">
              <form
                ref={bindForm}
                className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start"
                onSubmit={(event) => void add(event)}
                noValidate
              >
                <Field label="Old path" {...form.field('fromPath')}>
                  {(control) => <Input {...control} {...form.text('fromPath')} placeholder="/old-page" />}
                </Field>
                <Field label="New path or address" {...form.field('toPath')}>
                  {(control) => <Input {...control} {...form.text('toPath')} placeholder="/new-page" />}
                </Field>
                <Button type="submit" disabled={form.busy !== null} className="md:mt-7" data-testid="redirect-add">
                  {form.busy === 'add' ? 'Adding...' : 'Add redirect'}
                </Button>
              </form>
              {form.problem ? (
                <Alert variant="destructive" className="mt-4">
                  <AlertDescription>{form.problem}</AlertDescription>
                </Alert>
              ) : null}
            </Card>
          ) : null}
        </>
      }
      list={list}
      noun="redirects"
      empty={<ListEmptyCard testId="redirects-empty">No redirects made by hand yet.</ListEmptyCard>}
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="redirects">
          {list.items.map((redirect) => (
            <li key={redirect.id}>
              <Card
                className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto_auto] md:items-center md:gap-6 md:px-6"
                data-testid="redirect-row"
              >
                <div className="min-w-0">
                  <RedirectPaths from={redirect.fromPath} to={redirect.toPath} />
                  <p className="mt-1 text-sm text-ink-muted">
                    Added {formatDate(redirect.createdAt, 'd MMM yyyy')}
                    {redirect.createdByName ? ` by ${redirect.createdByName}` : ''}
                    {redirect.lastHitAt ? ` · last used ${formatDate(redirect.lastHitAt, 'd MMM yyyy, HH:mm')}` : ''}
                  </p>
                </div>
                <p className="text-sm text-ink tabular-nums" data-testid="redirect-hits">
                  {redirect.hits.toLocaleString('en-GB')} {redirect.hits === 1 ? 'hit' : 'hits'}
                </p>
                {redirect.actions.includes('remove') ? (
                  <Button
                    type="button"
                    variant="ghost-danger"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setRemoving(redirect)}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={removing !== undefined}
        busy={form.busy === 'remove'}
        onClose={() => setRemoving(undefined)}
        title="Remove redirect"
        description={removing ? `${removing.fromPath} will no longer lead to ${removing.toPath}. Continue?` : ''}
        destructive
        confirmLabel="Remove"
        busyLabel="Removing..."
        onConfirm={() => void remove()}
      />
    </ListScreen>
  );
}
