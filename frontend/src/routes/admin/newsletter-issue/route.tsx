import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatDate,
  newsletterIssueLimits,
  newsletterIssueMessages,
  site,
  type AdminPostSummary,
  type ListPage,
  type NewsletterAudience,
  type NewsletterIssueAction,
  type NewsletterIssueDetail,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { DocumentConfirmation, DocumentHeader } from '@/components/admin/document-editor/document-editor';
import { DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadOrRefusal } from '@/components/admin/document-editor/load-document';
import { useDocumentEditor } from '@/components/admin/document-editor/use-document-editor';
import { NewsletterIssueStatusBadge } from '@/components/admin/newsletter-issue-status-badge';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { apiRequest, loadJson, requestJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { BackLink } from '@/components/admin/back-link';
import { IssueForm } from './issue-form';
import { IssueTabs, PreviewPanel } from './issue-preview';
import { ProgressCard } from './issue-progress';
import { IssueSendCard, type SendBusy } from './issue-send-card';
import { issueRequest, issueValues, sameIssueValues, type IssueValues } from './issue-values';
import { postChoice, publishedPostsQuery, StartFromPost } from './start-from-post';

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
      ? loadOrRefusal<NewsletterIssueDetail>(
          context,
          request,
          `/api/admin/newsletter/issues/${encodeURIComponent(id)}`,
          [404],
        )
      : Promise.resolve({ value: null, refusal: undefined }),
    loadJson<NewsletterAudience>(context, '/api/admin/newsletter/audience'),
    id
      ? Promise.resolve({ items: [] })
      : loadJson<ListPage<AdminPostSummary>>(context, `/api/admin/posts?${publishedPostsQuery('')}`),
  ]);
  if (!audience || !posts) signInAgain(request);
  return {
    issue: result.value,
    audience,
    posts: posts.items.map(postChoice),
    refusal: result.refusal,
  };
}

const back = { to: '/admin/newsletter', label: 'All issues' };

export function Component() {
  const { issue, audience, posts, refusal } = useLoaderData<typeof loader>();
  if (refusal) return <DocumentRefusal refusal={refusal} back={back} />;
  return <IssueScreen key={issue?.id ?? 'new'} issue={issue} audience={audience} posts={posts} />;
}

type IssueBusy = 'save' | 'delete' | 'post' | SendBusy;

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
  const [tab, setTab] = useState<'write' | 'preview'>(issue && issue.status !== 'draft' ? 'preview' : 'write');
  const tabsId = useId();
  // A new issue is a draft to be; a saved one allows what the server says.
  const may = (action: NewsletterIssueAction) => !issue || issue.actions.includes(action);
  const editable = may('edit');
  const saved = issueValues(issue);
  const editor = useDocumentEditor<IssueValues, IssueBusy>({
    initial: saved,
    // A failure is a toast; refused fields show under them, on the Write tab (the send time is outside it).
    onFailure: (sentence, shown) => {
      const names = Object.keys(shown);
      if (names.length === 0) toast({ title: sentence, variant: 'destructive' });
      else if (names.some((name) => name !== 'sendAt')) setTab('write');
    },
    // Only a draft can change: a scheduled or sent issue never asks.
    leaveGuard: (values) => editable && !sameIssueValues(values, saved),
    leaveDescription: newsletterIssueMessages.leaveDescription,
  });
  const { values, errors, busy } = editor;
  const request = issueRequest(values);
  const dirty = !issue || !sameIssueValues(values, saved);

  // While mails are still queued, the progress is asked for again every 2 seconds.
  const waiting = issue !== null && (issue.status === 'sending' || (issue.progress?.queued ?? 0) > 0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void revalidator.revalidate(), newsletterIssueLimits.progressPollMs);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  /** Leaves for another screen on purpose (the form is saved, deleted or replaced): nothing is asked. */
  const leave = async (to: string) => {
    editor.guard.release();
    await navigate(to, { replace: true });
    return 'leaving' as const;
  };

  /** Saves the fields when they changed (the form then shows them as saved); the issue's id. A refusal throws. */
  const save = async (): Promise<string> => {
    if (issue && !dirty) return issue.id;
    const answer = issue
      ? await requestJson<NewsletterIssueDetail>('PUT', `/api/admin/newsletter/issues/${issue.id}`, request)
      : await requestJson<NewsletterIssueDetail>('POST', '/api/admin/newsletter/issues', request);
    editor.settled();
    if (issue) editor.setValues(issueValues(answer));
    return answer.id;
  };

  const onSave = () =>
    editor.run('save', async () => {
      const id = await save();
      toast({ title: 'Draft saved' });
      if (!issue) return leave(`/admin/newsletter/${id}`);
      await revalidator.revalidate();
      return 'done';
    });

  const sendTest = () =>
    editor.run('test', async () => {
      const id = await save();
      const answer = await requestJson<{ message: string }>('POST', `/api/admin/newsletter/issues/${id}/test`);
      toast({ title: answer.message });
      await revalidator.revalidate();
      return 'done';
    });

  const send = () =>
    editor.run('send', async () => {
      editor.confirm(null);
      const id = await save();
      const sent = await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${id}/send`);
      toast({ title: `Sending to ${sent.recipientCount ?? 0} confirmed subscribers` });
      await revalidator.revalidate();
      return 'done';
    });

  const schedule = (at: Date | null) => {
    if (!at) {
      editor.showErrors({ ...errors, sendAt: newsletterIssueMessages.sendAtInvalid });
      return;
    }
    void editor.run('schedule', async () => {
      const id = await save();
      await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${id}/schedule`, {
        sendAt: at.toISOString(),
      });
      editor.settled();
      toast({ title: `Scheduled for ${formatDate(at, 'd MMM yyyy, HH:mm')}` });
      await revalidator.revalidate();
      return 'done';
    });
  };

  const unschedule = () =>
    editor.run('unschedule', async () => {
      await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${issue!.id}/unschedule`);
      toast({ title: 'Schedule cancelled: the issue is a draft again' });
      await revalidator.revalidate();
      return 'done';
    });

  const remove = () =>
    editor.run('delete', async () => {
      editor.confirm(null);
      await apiRequest('DELETE', `/api/admin/newsletter/issues/${issue!.id}`);
      toast({ title: 'Draft deleted' });
      return leave('/admin/newsletter');
    });

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <BackLink to={back.to}>{back.label}</BackLink>
      <DocumentHeader
        eyebrow="Newsletter"
        title={issue ? issue.subject : 'New issue'}
        description={
          issue?.sentAt
            ? `Sent ${formatDate(issue.sentAt, 'd MMM yyyy, HH:mm')}${issue.sentBy ? ` by ${issue.sentBy}` : ''}.`
            : issue?.sourcePost
              ? `Started from the post “${issue.sourcePost.title}”.`
              : undefined
        }
        badges={issue ? <NewsletterIssueStatusBadge status={issue.status} /> : undefined}
      />

      {issue?.progress ? <ProgressCard progress={issue.progress} /> : null}

      {!issue && posts.length > 0 ? <StartFromPost posts={posts} busy={busy} run={editor.run} leave={leave} /> : null}

      <Card className="mt-6">
        <CardContent className="flex flex-col gap-5 pt-6">
          <IssueTabs id={tabsId} tab={tab} editable={editable} onTab={setTab} />
          <div
            role="tabpanel"
            id={`${tabsId}-panel`}
            aria-labelledby={`${tabsId}-${tab}`}
            className="flex flex-col gap-5"
          >
            {tab === 'write' ? (
              <IssueForm
                values={values}
                fieldId={editor.fieldId}
                counts={audience.counts}
                errors={errors}
                editable={editable}
                canSave={busy === null && dirty}
                saving={busy === 'save'}
                busy={busy !== null}
                showDelete={issue !== null && may('delete')}
                onSubmit={(event) => {
                  event.preventDefault();
                  void onSave();
                }}
                onText={(name, value) => {
                  editor.update({ [name]: value });
                  editor.clearError(name);
                }}
                onChange={editor.update}
                onDelete={() =>
                  editor.confirm({
                    title: 'Delete draft',
                    description: `Are you sure you want to delete "${issue?.subject ?? ''}"? This action cannot be undone.`,
                    confirmLabel: 'Delete draft',
                    onConfirm: () => void remove(),
                  })
                }
              />
            ) : (
              <PreviewPanel
                fields={request}
                issueId={issue?.id}
                onRefused={(error) => {
                  editor.fail(error);
                  setTab('write');
                }}
              />
            )}
          </div>
        </CardContent>
      </Card>

      <IssueSendCard
        saved={issue !== null}
        may={may}
        audience={issue?.audience ?? values.audience}
        recipients={audience.counts[values.audience]}
        scheduledAt={issue?.scheduledAt ?? null}
        busy={busy}
        scheduleError={errors.sendAt}
        sendAtId={editor.fieldId('sendAt')}
        onTest={() => void sendTest()}
        onSend={() =>
          editor.confirm({
            title: newsletterIssueMessages.sendConfirmTitle,
            description: newsletterIssueMessages.sendConfirmDescription(audience.counts[values.audience]),
            confirmLabel: 'Send now',
            destructive: false,
            onConfirm: () => void send(),
            confirmTestId: 'newsletter-send-confirm',
          })
        }
        onSchedule={schedule}
        onUnschedule={() => void unschedule()}
      />

      <DocumentConfirmation
        confirmation={editor.confirmation}
        busy={busy !== null}
        onClose={() => editor.confirm(null)}
      />
      {editor.guard.dialog}
    </section>
  );
}
