import { useEffect, useId, useState } from 'react';
import {
  formatDate,
  newsletterIssueActionNames,
  newsletterIssueLimits,
  newsletterIssueMessages,
  site,
  type AdminPostSummary,
  type ListPage,
  type NewsletterAudience,
  type NewsletterIssueDetail,
} from '@northbeam/common';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import type { DocumentKind, LoadedDocument } from '@/components/admin/document-editor/document-kind';
import { documentRoute } from '@/components/admin/document-editor/document-screen';
import { useDocument } from '@/components/admin/document-editor/use-document';
import { NewsletterIssueStatusBadge } from '@/components/admin/newsletter-issue-status-badge';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { loadJson, requestJson } from '@/lib/api';
import { signInAgain } from '@/lib/staff';
import { IssueForm } from './issue-form';
import { IssueTabs, PreviewPanel } from './issue-preview';
import { FiguresCard } from './issue-figures';
import { ProgressCard } from './issue-progress';
import { IssueSendCard, type SendBusy } from './issue-send-card';
import { issueRequest, issueValues, sameIssueValues, type IssueValues } from './issue-values';
import { postChoice, publishedPostsQuery, StartFromPost } from './start-from-post';

interface IssueExtra {
  audience: NewsletterAudience;
  /** The newest published posts an issue can start from (the new-issue screen only; a search asks the server for others). */
  posts: { id: string; title: string }[];
}

/**
 * A newsletter issue: a draft saved as it is (no status in the save: sending and scheduling are actions
 * of their own), an unknown one refused with the server's sentence; only a draft asks before leaving.
 */
const issueKind: DocumentKind<NewsletterIssueDetail, IssueValues, IssueExtra> = {
  api: '/api/admin/newsletter/issues',
  editPath: (id) => `/admin/newsletter/${id}`,
  back: { to: '/admin/newsletter', label: 'All issues' },
  afterSave: 'stay',
  head: () => ({ title: 'Newsletter issue', description: `An issue of the ${site.name} newsletter.` }),
  refusals: [404],
  loadExtra: async ({ context, request, id }) => {
    const [audience, posts] = await Promise.all([
      loadJson<NewsletterAudience>(context, '/api/admin/newsletter/audience'),
      id
        ? Promise.resolve({ items: [] })
        : loadJson<ListPage<AdminPostSummary>>(context, `/api/admin/posts?${publishedPostsQuery('')}`),
    ]);
    if (!audience || !posts) signInAgain(request);
    return { audience, posts: posts.items.map(postChoice) };
  },
  empty: () => issueValues(null),
  toForm: issueValues,
  toPayload: issueRequest,
  same: sameIssueValues,
  skipUnchanged: true,
  reloadAfterSave: true,
  // A new issue is a draft to be; a saved one allows what the server says.
  newActions: () => newsletterIssueActionNames,
  nameOf: (issue) => issue.subject,
  // Only a draft can change: a scheduled or sent issue never asks.
  leaveGuard: { description: newsletterIssueMessages.leaveDescription, when: (may) => may('edit') },
};

type IssueBusy = 'save' | 'delete' | 'post' | SendBusy;

function IssueScreen(data: LoadedDocument<NewsletterIssueDetail, IssueExtra>) {
  const loaded = data.document;
  const [tab, setTab] = useState<'write' | 'preview'>(loaded && loaded.status !== 'draft' ? 'preview' : 'write');
  const tabsId = useId();
  const document = useDocument<NewsletterIssueDetail, IssueValues, IssueExtra, string, IssueBusy>(issueKind, data, {
    // A failure is a toast; refused fields show under them, on the Write tab (the send time is outside it).
    failure: {
      onFailure: (sentence, shown) => {
        const names = Object.keys(shown);
        if (names.length === 0) toast({ title: sentence, variant: 'destructive' });
        else if (names.some((name) => name !== 'sendAt')) setTab('write');
      },
    },
  });
  const { editor, extra, may, reload, saved: issue } = document;
  const { audience, posts } = extra;
  const editable = may('edit');
  const { values, errors, busy } = editor;
  const request = issueRequest(values);
  const dirty = !issue || document.dirty;
  // While mails are still queued, the progress is asked for again every 2 seconds.
  const waiting = issue !== null && (issue.status === 'sending' || (issue.progress?.queued ?? 0) > 0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), newsletterIssueLimits.progressPollMs);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  const onSave = () => document.save('save', { toast: () => ({ title: 'Draft saved' }) });

  const sendTest = () =>
    editor.run('test', async () => {
      const { id } = await document.write();
      const answer = await requestJson<{ message: string }>('POST', `/api/admin/newsletter/issues/${id}/test`);
      toast({ title: answer.message });
      await document.reload();
      return 'done';
    });

  const send = () =>
    editor.run('send', async () => {
      editor.confirm(null);
      const { id } = await document.write();
      const sent = await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${id}/send`);
      toast({ title: `Sending to ${sent.recipientCount ?? 0} confirmed subscribers` });
      await document.reload();
      return 'done';
    });

  const schedule = (at: Date | null) => {
    if (!at) {
      editor.showErrors({ ...errors, sendAt: newsletterIssueMessages.sendAtInvalid });
      return;
    }
    void editor.run('schedule', async () => {
      const { id } = await document.write();
      await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${id}/schedule`, {
        sendAt: at.toISOString(),
      });
      editor.settled();
      toast({ title: `Scheduled for ${formatDate(at, 'd MMM yyyy, HH:mm')}` });
      await document.reload();
      return 'done';
    });
  };

  const unschedule = () =>
    editor.run('unschedule', async () => {
      await requestJson<NewsletterIssueDetail>('POST', `/api/admin/newsletter/issues/${issue!.id}/unschedule`);
      toast({ title: 'Schedule cancelled: the issue is a draft again' });
      await document.reload();
      return 'done';
    });

  const remove = () => {
    editor.confirm(null);
    return document.remove('delete', { title: 'Draft deleted' }, issueKind.back.to);
  };

  return (
    <DocumentEditor<NewsletterIssueDetail>
      document={document}
      layout="single"
      eyebrow="Newsletter"
      title={issue ? issue.subject : 'New issue'}
      description={
        issue?.sentAt
          ? `Sent ${formatDate(issue.sentAt, 'd MMM yyyy, HH:mm')}${issue.sentBy ? ` by ${issue.sentBy}` : ''}.`
          : values.sourcePost
            ? `Started from the post “${values.sourcePost.title}”${issue ? '' : ' (not saved yet)'}.`
            : undefined
      }
      badges={issue ? <NewsletterIssueStatusBadge status={issue.status} /> : undefined}
      onSubmit={() => void onSave()}
      before={
        <>
          {issue?.progress ? <ProgressCard progress={issue.progress} /> : null}
          {issue?.figures ? <FiguresCard figures={issue.figures} links={issue.links} /> : null}
          {!issue && posts.length > 0 ? (
            <StartFromPost
              posts={posts}
              busy={busy}
              run={editor.run}
              fill={({ subject, preheader, body, postMode, sourcePost }) => {
                editor.update({ subject, preheader, body, postMode, sourcePost });
                setTab('write');
              }}
            />
          ) : null}
        </>
      }
      after={
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
      }
    >
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
    </DocumentEditor>
  );
}

export const { loader, handle, Component } = documentRoute(issueKind, IssueScreen);
