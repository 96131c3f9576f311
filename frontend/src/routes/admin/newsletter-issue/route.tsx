import { FileText, Send, TestTube } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatDate,
  newsletterIssueLimits,
  newsletterIssueMessages,
  sendToLabel,
  site,
  type AdminPostSummary,
  type ListPage,
  type NewsletterAudience,
  type NewsletterIssueAction,
  type NewsletterIssueDetail,
  type NewsletterIssueProgress,
  type NewsletterPreview,
  type SaveNewsletterIssueRequest,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { NewsletterIssueStatusBadge } from '@/components/admin/newsletter-issue-status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { apiRequest, errorSentence, loadJson, requestJson } from '@/lib/api';
import { refusedAsSentence } from '@/components/admin/list-loader';
import { fieldErrorsOf } from '@/lib/field-errors';
import { cn } from '@/lib/cn';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { BackLink } from '@/components/admin/back-link';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Newsletter issue',
    description: `An issue of the ${site.name} newsletter.`,
    noindex: true,
  }),
};

interface IssueData {
  issue: NewsletterIssueDetail | null;
  audience: NewsletterAudience;
  /** The newest published posts an issue can start from (the new-issue screen only; a search asks the server for others). */
  posts: { id: string; title: string }[];
  /** The server's refusal (an unknown issue). */
  refusal?: string;
}

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<IssueData> {
  await requireStaffUser(context, request);
  const id = params.id;
  const [result, audience, posts] = await Promise.all([
    id
      ? refusedAsSentence(
          loadJson<NewsletterIssueDetail>(context, `/api/admin/newsletter/issues/${encodeURIComponent(id)}`),
          [404],
        )
      : Promise.resolve({ value: null, refusal: undefined }),
    loadJson<NewsletterAudience>(context, '/api/admin/newsletter/audience'),
    id
      ? Promise.resolve({ items: [] })
      : loadJson<ListPage<AdminPostSummary>>(context, `/api/admin/posts?${publishedPostsQuery('')}`),
  ]);
  if (!audience || !posts || (id && !result.value && !result.refusal)) signInAgain(request);
  return {
    issue: result.value,
    audience,
    posts: posts.items.map(postChoice),
    refusal: result.refusal,
  };
}

/** The staff posts list's query for published posts, newest first, matching a search of title and slug. */
function publishedPostsQuery(search: string): URLSearchParams {
  const query = new URLSearchParams({ status: 'published' });
  if (search) query.set('q', search);
  return query;
}

const postChoice = (post: AdminPostSummary) => ({ id: post.id, title: post.title });

const backLink = <BackLink to="/admin/newsletter">All issues</BackLink>;

export function Component() {
  const { issue, audience, posts, refusal } = useLoaderData<typeof loader>();
  if (refusal) {
    return (
      <section className="container-page pt-10 pb-16 sm:pt-14">
        {backLink}
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      </section>
    );
  }
  return <IssueScreen key={issue?.id ?? 'new'} issue={issue} audience={audience} posts={posts} />;
}

type FieldErrors = Partial<Record<keyof SaveNewsletterIssueRequest, string>>;

function IssueScreen({
  issue,
  audience,
  posts,
}: {
  issue: NewsletterIssueDetail | null;
  audience: NewsletterAudience;
  posts: { id: string; title: string }[];
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [fields, setFields] = useState<SaveNewsletterIssueRequest>({
    subject: issue?.subject ?? '',
    preheader: issue?.preheader ?? '',
    body: issue?.body ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'save' | 'test' | 'send' | 'delete' | 'post' | undefined>();
  const [tab, setTab] = useState<'write' | 'preview'>(issue && issue.status !== 'draft' ? 'preview' : 'write');
  const [confirm, setConfirm] = useState<'send' | 'delete' | undefined>();
  // A new issue is a draft to be; a saved one allows what the server says.
  const may = (action: NewsletterIssueAction) => !issue || issue.actions.includes(action);
  const editable = may('edit');
  const dirty =
    !issue || fields.subject !== issue.subject || fields.preheader !== issue.preheader || fields.body !== issue.body;
  const ids = { subject: useId(), preheader: useId(), body: useId() };

  // While mails are still queued, the progress is asked for again every 2 seconds.
  const waiting = issue !== null && (issue.status === 'sending' || (issue.progress?.queued ?? 0) > 0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void revalidator.revalidate(), newsletterIssueLimits.progressPollMs);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  const set = (name: keyof SaveNewsletterIssueRequest) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Saves the fields when they changed; the issue's id, or undefined when the server refused them. */
  const save = async (): Promise<string | undefined> => {
    if (issue && !dirty) return issue.id;
    try {
      const saved = issue
        ? await requestJson<NewsletterIssueDetail>('PUT', `/api/admin/newsletter/issues/${issue.id}`, fields)
        : await requestJson<NewsletterIssueDetail>('POST', '/api/admin/newsletter/issues', fields);
      setErrors({});
      return saved.id;
    } catch (error) {
      const fieldErrors = fieldErrorsOf<keyof SaveNewsletterIssueRequest>(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        setTab('write');
      } else toast({ title: errorSentence(error), variant: 'destructive' });
      return undefined;
    }
  };

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      toast({ title: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(undefined);
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const id = await save();
      if (!id) return;
      toast({ title: 'Draft saved' });
      if (issue) await revalidator.revalidate();
      else await navigate(`/admin/newsletter/${id}`, { replace: true });
    });
  };

  const sendTest = () =>
    run('test', async () => {
      const id = await save();
      if (!id) return;
      const answer = await requestJson<{ message: string }>('POST', `/api/admin/newsletter/issues/${id}/test`);
      toast({ title: answer.message });
      await revalidator.revalidate();
    });

  const send = () =>
    run('send', async () => {
      setConfirm(undefined);
      const id = await save();
      if (!id) return;
      const sent = await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${id}/send`);
      toast({ title: `Sending to ${sent.recipientCount ?? 0} confirmed subscribers` });
      await revalidator.revalidate();
    });

  const remove = () =>
    run('delete', async () => {
      setConfirm(undefined);
      await apiRequest('DELETE', `/api/admin/newsletter/issues/${issue!.id}`);
      toast({ title: 'Draft deleted' });
      await navigate('/admin/newsletter', { replace: true });
    });

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      {backLink}
      <div className="mt-4">
        <AdminPageHeader
          eyebrow="Newsletter"
          title={issue ? issue.subject : 'New issue'}
          description={
            issue?.sentAt
              ? `Sent ${formatDate(issue.sentAt, 'd MMM yyyy, HH:mm')}${issue.sentBy ? ` by ${issue.sentBy}` : ''}.`
              : issue?.sourcePost
                ? `Started from the post “${issue.sourcePost.title}”.`
                : undefined
          }
          actions={issue ? <NewsletterIssueStatusBadge status={issue.status} /> : undefined}
        />
      </div>

      {issue?.progress ? <ProgressCard progress={issue.progress} /> : null}

      {!issue && posts.length > 0 ? <StartFromPost posts={posts} busy={busy} run={run} /> : null}

      <Card className="mt-6">
        <CardContent className="flex flex-col gap-5 pt-6">
          <div
            role="tablist"
            aria-label="Compose or preview"
            className="flex gap-1 self-start rounded-full bg-mist p-1"
          >
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={cn(
                  'h-9 rounded-full px-4 text-sm font-medium transition-colors',
                  tab === name ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
                )}
              >
                {name === 'write' ? (editable ? 'Write' : 'Content') : 'Preview'}
              </button>
            ))}
          </div>

          {tab === 'write' ? (
            <form onSubmit={onSave} className="flex flex-col gap-5" noValidate>
              <Field label="Subject" htmlFor={ids.subject} error={errors.subject}>
                {(control) => (
                  <Input
                    {...control}
                    value={fields.subject}
                    maxLength={newsletterIssueLimits.subjectMax}
                    readOnly={!editable}
                    onChange={(event) => set('subject')(event.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Preheader"
                htmlFor={ids.preheader}
                error={errors.preheader}
                hint={<p className="text-xs text-ink-muted">The line mail apps show beside the subject. Optional.</p>}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={fields.preheader}
                    maxLength={newsletterIssueLimits.preheaderMax}
                    readOnly={!editable}
                    onChange={(event) => set('preheader')(event.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Body (markdown)"
                htmlFor={ids.body}
                error={errors.body}
                hint={
                  <p className="text-xs text-ink-muted">Headings, lists, links and emphasis. HTML is shown as text.</p>
                }
              >
                {(control) => (
                  <Textarea
                    {...control}
                    value={fields.body}
                    rows={16}
                    readOnly={!editable}
                    className="font-mono text-sm"
                    onChange={(event) => set('body')(event.target.value)}
                  />
                )}
              </Field>
              {editable ? (
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="outline" disabled={busy !== undefined || (issue !== null && !dirty)}>
                    {busy === 'save' ? 'Saving...' : 'Save draft'}
                  </Button>
                  {issue && may('delete') ? (
                    <Button
                      type="button"
                      variant="ghost-danger"
                      disabled={busy !== undefined}
                      onClick={() => setConfirm('delete')}
                    >
                      Delete draft
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </form>
          ) : (
            <PreviewPanel
              fields={fields}
              onInvalid={(fieldErrors) => {
                setErrors(fieldErrors);
                setTab('write');
              }}
            />
          )}
        </CardContent>
      </Card>

      {may('send') ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Send</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              {issue
                ? 'Send yourself a test first. The issue goes to every confirmed subscriber once, and cannot be sent again.'
                : 'Save the draft to send yourself a test or send it.'}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={!issue || !may('send_test') || busy !== undefined}
                onClick={() => void sendTest()}
                data-testid="newsletter-test"
              >
                <TestTube aria-hidden="true" />
                {busy === 'test' ? 'Sending test...' : 'Send test to me'}
              </Button>
              <Button
                disabled={!issue || audience.confirmed === 0 || busy !== undefined}
                onClick={() => setConfirm('send')}
                wrap
                data-testid="newsletter-send"
              >
                <Send aria-hidden="true" />
                {busy === 'send' ? 'Sending...' : sendToLabel(audience.confirmed)}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      <ConfirmDialog
        open={confirm !== undefined}
        busy={busy !== undefined}
        onClose={() => setConfirm(undefined)}
        {...(confirm === 'send'
          ? {
              title: newsletterIssueMessages.sendConfirmTitle,
              description: newsletterIssueMessages.sendConfirmDescription(audience.confirmed),
              confirmLabel: 'Send now',
              destructive: false,
              onConfirm: () => void send(),
              confirmTestId: 'newsletter-send-confirm',
            }
          : {
              title: 'Delete draft',
              description: `Are you sure you want to delete "${issue?.subject ?? ''}"? This action cannot be undone.`,
              confirmLabel: 'Delete draft',
              onConfirm: () => void remove(),
            })}
      />
    </section>
  );
}

function StartFromPost({
  posts,
  busy,
  run,
}: {
  posts: { id: string; title: string }[];
  busy: string | undefined;
  run: (kind: 'post', action: () => Promise<void>) => Promise<void>;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  // The newest published posts, or those the search finds (the first page of the staff list either way).
  const [choices, setChoices] = useState(posts);
  const [postId, setPostId] = useState(posts[0].id);
  const id = useId();
  useEffect(() => {
    const text = search.trim();
    let current = true;
    const timer = setTimeout(() => {
      const found = text
        ? requestJson<ListPage<AdminPostSummary>>('GET', `/api/admin/posts?${publishedPostsQuery(text)}`).then((page) =>
            page.items.map(postChoice),
          )
        : Promise.resolve(posts);
      found.then(
        (next) => {
          if (!current) return;
          setChoices(next);
          setPostId((chosen) => (next.some((post) => post.id === chosen) ? chosen : (next[0]?.id ?? '')));
        },
        () => undefined,
      );
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, posts]);
  return (
    <Card className="mt-6">
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={id}>Start from a post</Label>
          <Input
            type="search"
            aria-label="Search published posts"
            placeholder="Search published posts..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select id={id} value={postId} onChange={(event) => setPostId(event.target.value)}>
            {choices.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title}
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant="outline"
          disabled={busy !== undefined || !postId}
          data-testid="newsletter-from-post"
          onClick={() =>
            void run('post', async () => {
              const created = await requestJson<NewsletterIssueDetail>(
                'POST',
                '/api/admin/newsletter/issues/from-post',
                { postId },
              );
              toast({ title: 'Draft started from the post' });
              await navigate(`/admin/newsletter/${created.id}`, { replace: true });
            })
          }
        >
          <FileText aria-hidden="true" />
          {busy === 'post' ? 'Starting...' : 'Use this post'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The issue as a subscriber gets it: the HTML in a sandboxed frame (no scripts, no same-origin), or the text version. */
function PreviewPanel({
  fields,
  onInvalid,
}: {
  fields: SaveNewsletterIssueRequest;
  onInvalid: (errors: FieldErrors) => void;
}) {
  const [mode, setMode] = useState<'html' | 'text'>('html');
  const [preview, setPreview] = useState<NewsletterPreview | undefined>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let current = true;
    requestJson<NewsletterPreview>('POST', '/api/admin/newsletter/preview', fields).then(
      (answer) => {
        if (current) setPreview(answer);
      },
      (error: unknown) => {
        if (!current) return;
        const fieldErrors = fieldErrorsOf<keyof SaveNewsletterIssueRequest>(error);
        if (fieldErrors) onInvalid(fieldErrors);
        else setProblem(errorSentence(error));
      },
    );
    return () => {
      current = false;
    };
    // The preview is of the fields as they were when the tab opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-4" data-testid="newsletter-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-ink-muted">
          Subject: <span className="font-medium break-words text-ink">{preview?.subject ?? fields.subject}</span>
        </p>
        <div role="group" aria-label="Preview format" className="flex gap-1 rounded-full bg-mist p-1">
          {(['html', 'text'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={mode === name}
              onClick={() => setMode(name)}
              className={cn(
                'h-8 rounded-full px-3 text-sm font-medium transition-colors',
                mode === name ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
              )}
            >
              {name === 'html' ? 'HTML' : 'Text'}
            </button>
          ))}
        </div>
      </div>
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : !preview ? (
        <p className="py-10 text-center text-sm text-ink-muted">Preparing the preview...</p>
      ) : mode === 'html' ? (
        <iframe
          title="Mail preview"
          sandbox=""
          srcDoc={preview.html}
          className="h-[640px] w-full rounded-xl border border-line bg-white"
          data-testid="newsletter-preview-html"
        />
      ) : (
        <pre
          className="max-h-[640px] overflow-auto rounded-xl bg-mist p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink"
          data-testid="newsletter-preview-text"
        >
          {preview.text}
        </pre>
      )}
    </div>
  );
}

function ProgressCard({ progress }: { progress: NewsletterIssueProgress }) {
  const done = progress.sent + progress.failed + progress.cancelled;
  const share = progress.recipients === 0 ? 1 : done / progress.recipients;
  const figures: [string, number][] = [
    ['Recipients', progress.recipients],
    ['Queued', progress.queued],
    ['Sent', progress.sent],
    ['Failed', progress.failed],
  ];
  if (progress.cancelled > 0) figures.push(['Unsubscribed before their turn', progress.cancelled]);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{progress.queued > 0 ? 'Sending' : 'Delivered'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div
          role="progressbar"
          aria-label="Mails handled"
          aria-valuemin={0}
          aria-valuemax={progress.recipients}
          aria-valuenow={done}
          className="h-2 overflow-hidden rounded-full bg-mist"
        >
          <div
            className="h-full rounded-full bg-beam transition-[width]"
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="newsletter-progress">
          {figures.map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-xs text-ink-muted">{label}</dt>
              <dd
                className="text-lg font-semibold text-ink tabular-nums"
                data-testid={`newsletter-progress-${label.split(' ')[0].toLowerCase()}`}
              >
                {value.toLocaleString('en-GB')}
              </dd>
            </div>
          ))}
        </dl>
        {progress.failed > 0 ? (
          <p className="text-sm text-ink-muted">Failed mails were retried for about two days before being given up.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
