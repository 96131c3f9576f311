import { type FormEvent } from 'react';
import {
  contactServiceLabel,
  defaultReplySubject,
  enquiryLimits,
  fillReplyTemplate,
  firstNameOf,
  formatDate,
  site,
  type EnquiryDetail,
  type EnquiryReply,
  type InboundMail,
  type ListPage,
  type ReplyTemplate,
  type SendEnquiryReplyRequest,
} from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { requestJson } from '@/lib/api';
import { AnswerItem } from './enquiry-answers';
import { ReplyTemplatePicker } from './reply-template-picker';

interface ReplyProps {
  enquiry: EnquiryDetail;
  /** The first page of the saved replies (the picker asks the server for the others). */
  templates: ListPage<ReplyTemplate>;
  /** The enquiry's `actions` hold `reply`: the form is shown. */
  canReply: boolean;
  /** A reply was sent: the enquiry is read again. */
  onSent: () => void;
}

/**
 * The replies sent from the inbox, and the form that answers: where the enquiry's `actions` allow a
 * reply, and not while the enquiry is under Spam.
 */
export function RepliesCard({ enquiry, templates, canReply, onSent }: ReplyProps) {
  return (
    <Card className="lg:col-span-2" data-testid="enquiry-replies">
      <CardHeader>
        <CardTitle>Conversation</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {enquiry.replies.length === 0 && enquiry.answers.length === 0 ? (
          <p className="text-sm text-ink-muted">No reply sent from the inbox yet.</p>
        ) : (
          // Replies and what came back, oldest first: the thread as the enquirer saw it.
          <ol className="flex flex-col gap-3" data-testid="enquiry-reply-list">
            {timeline(enquiry).map((entry) =>
              entry.type === 'reply' ? (
                <ReplyItem key={entry.item.id} reply={entry.item} />
              ) : (
                <AnswerItem key={entry.item.id} answer={entry.item} />
              ),
            )}
          </ol>
        )}
        {!canReply ? null : enquiry.status === 'spam' ? (
          <p className="text-sm text-ink-muted">Move the enquiry out of Spam to answer it.</p>
        ) : (
          <ReplyForm enquiry={enquiry} templates={templates} onSent={onSent} />
        )}
      </CardContent>
    </Card>
  );
}

type TimelineEntry =
  { type: 'reply'; at: string; item: EnquiryReply } | { type: 'answer'; at: string; item: InboundMail };

function timeline(enquiry: EnquiryDetail): TimelineEntry[] {
  return [
    ...enquiry.replies.map((item): TimelineEntry => ({ type: 'reply', at: item.createdAt, item })),
    ...enquiry.answers.map((item): TimelineEntry => ({ type: 'answer', at: item.receivedAt, item })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

function ReplyItem({ reply }: { reply: EnquiryReply }) {
  return (
    <li className="rounded-xl border border-line p-4" data-testid="enquiry-reply">
      <p className="text-xs text-ink-muted">
        {reply.author?.name ?? 'Removed account'} ·{' '}
        <time dateTime={reply.createdAt}>{formatDate(reply.createdAt, 'd MMM yyyy, HH:mm')}</time>
      </p>
      <p className="mt-1.5 text-sm font-semibold break-words text-ink">{reply.subject}</p>
      <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">{reply.body}</p>
    </li>
  );
}

/** A template's text for this enquiry: `{firstName}`, `{name}`, `{assignee}` and `{service}` filled. */
function fillTemplate(text: string, enquiry: EnquiryDetail): string {
  return fillReplyTemplate(text, {
    firstName: firstNameOf(enquiry.name),
    name: enquiry.name,
    assignee: enquiry.assignee?.name ?? `the ${site.name} team`,
    service: contactServiceLabel(enquiry.service) ?? 'your enquiry',
  });
}

function ReplyForm({ enquiry, templates, onSent }: Omit<ReplyProps, 'canReply'>) {
  const blank: SendEnquiryReplyRequest = { subject: defaultReplySubject(site.name), body: '' };
  const form = useForm<SendEnquiryReplyRequest>({ initial: blank });
  const { bindForm } = form;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    await form.run(
      'submit',
      async () => {
        await requestJson<EnquiryReply>('POST', `/api/admin/enquiries/${enquiry.id}/replies`, form.values);
        toast({ title: `Reply sent to ${enquiry.email}` });
        form.reset(blank);
        onSent();
      },
      // Field errors under their fields; any other failure in a toast.
      (failure) =>
        form.fail(failure, {
          onFailure: (sentence, shown) => {
            if (Object.keys(shown).length === 0) toast({ title: sentence, variant: 'destructive' });
          },
        }),
    );
  };
  return (
    <form
      ref={bindForm}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 border-t border-line pt-5"
      noValidate
      data-testid="reply-form"
    >
      <ReplyTemplatePicker
        first={templates}
        onChoose={(chosen) => form.set('body', fillTemplate(chosen.body, enquiry))}
      />
      <Field label="Subject" {...form.field('subject')}>
        {(control) => <Input {...control} {...form.text('subject')} maxLength={enquiryLimits.replySubjectMax} />}
      </Field>
      <Field
        label={`Reply to ${enquiry.email}`}
        {...form.field('body')}
        counter={{ value: form.values.body.length, max: enquiryLimits.replyMax }}
      >
        {(control) => <Textarea {...control} {...form.text('body')} rows={8} />}
      </Field>
      <p className="text-xs text-ink-muted">
        {enquiry.mailboxConnected
          ? `Sent from ${site.name}’s address; their answer comes back here, onto this enquiry.`
          : `Sent from ${site.name}’s address; their answer comes back to your own mailbox.`}
      </p>
      <Button type="submit" className="self-start" disabled={form.busy !== null}>
        Send reply
      </Button>
    </form>
  );
}
