import { CalendarClock, Hourglass, MessageSquareWarning, Undo2, UserCheck } from '@/components/ui/icons';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  postActions,
  formatDate,
  publishingLimits,
  publishingMessages,
  ukWallClock,
  ukWallClockToInstant,
  type AdminPost,
  type PostStatus,
  type StaffUser,
} from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';

/** What the editor's save sends besides the form: the time of a scheduled publication. */
export interface WorkflowSaveExtra {
  publishAt?: string;
}

/** The toast after a save, by the status it asked for. */
export function savedToastTitle(status: PostStatus): string {
  switch (status) {
    case 'published':
      return 'Post published';
    case 'scheduled':
      return 'Post scheduled';
    case 'in_review':
      return 'Submitted for review';
    case 'draft':
      return 'Draft saved';
  }
}

/** "26 Nov 2026, 09:00" in UK time. */
function when(iso: string): string {
  return formatDate(iso, 'd MMM yyyy, HH:mm');
}

/**
 * Scheduling and the review queue in the post editor (docs/product.md#publishing): admins schedule a
 * publication or send a post awaiting review back with a note; consultants submit their draft for
 * review. Saves go through the editor's own save (`onSave`), so the text is saved with the status.
 */
export function PostWorkflowPanel({
  post,
  user,
  busy,
  saving,
  onSave,
}: {
  post: AdminPost | null;
  user: StaffUser;
  /** A save is running or the page is not interactive yet. */
  busy: boolean;
  saving: PostStatus | null;
  onSave: (status: PostStatus, extra?: WorkflowSaveExtra) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const actions = post?.actions ?? postActions(null, user);
  const status = post?.status ?? 'draft';
  const [publishAt, setPublishAt] = useState(post?.publishAt ? ukWallClock(post.publishAt) : '');
  const [timeError, setTimeError] = useState<string>();
  const [sendBackOpen, setSendBackOpen] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [sendingBack, setSendingBack] = useState(false);

  const schedule = () => {
    const instant = publishAt ? ukWallClockToInstant(publishAt) : null;
    const problem = !publishAt
      ? publishingMessages.publishAtRequired
      : !instant
        ? publishingMessages.publishAtInvalid
        : instant.getTime() <= Date.now()
          ? publishingMessages.publishAtInPast
          : undefined;
    setTimeError(problem);
    if (problem || !instant) {
      document.getElementById(`${id}-publish-at`)?.focus();
      return;
    }
    onSave('scheduled', { publishAt: instant.toISOString() });
  };

  const sendBack = async () => {
    if (!post) return;
    if (!note.trim()) {
      setNoteError(publishingMessages.reviewNoteRequired);
      return;
    }
    setSendingBack(true);
    try {
      await apiRequest('POST', `/api/admin/posts/${post.id}/send-back`, { note: note.trim() });
      toast({ title: 'Sent back to the author', description: post.title });
      setSendBackOpen(false);
      void navigate('/admin/posts');
    } catch (error) {
      const sentence = error instanceof ApiRequestError ? error.serverError : undefined;
      setNoteError(sentence ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setSendingBack(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="post-workflow">
      {status === 'draft' && post?.reviewNote ? (
        <Alert variant="info" data-testid="review-note">
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          <div>
            <AlertTitle>Sent back for changes</AlertTitle>
            <AlertDescription className="break-words whitespace-pre-line">{post.reviewNote}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      {status === 'in_review' ? (
        <Alert variant="info" data-testid="awaiting-review">
          <Hourglass className="size-4" aria-hidden="true" />
          <div>
            <AlertTitle>Awaiting review</AlertTitle>
            <AlertDescription>
              {actions.includes('send_back')
                ? 'Publish it, schedule it, or send it back to its author with a note.'
                : 'An admin will publish it, schedule it, or send it back to you with a note.'}
            </AlertDescription>
            {/* What readers will see under the title: a reviewer checks the byline before it goes out. */}
            <p className="mt-1 text-sm font-medium" data-testid="review-byline">
              {post?.authorName ? `Byline: ${post.authorName}` : 'No byline: this post has no author.'}
            </p>
          </div>
        </Alert>
      ) : null}

      {actions.includes('submit_for_review') ? (
        <Button type="button" variant="secondary" disabled={busy} onClick={() => onSave('in_review')}>
          <UserCheck aria-hidden="true" />
          {saving === 'in_review' ? 'Submitting...' : 'Submit for review'}
        </Button>
      ) : null}

      {actions.includes('send_back') && post ? (
        <Button type="button" variant="outline" disabled={busy} onClick={() => setSendBackOpen(true)}>
          <Undo2 aria-hidden="true" />
          Send back
        </Button>
      ) : null}

      {actions.includes('schedule') ? (
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          {status === 'scheduled' && post?.publishAt ? (
            <p className="flex items-start gap-2 text-sm text-ink" data-testid="scheduled-for">
              <CalendarClock className="mt-0.5 size-4 shrink-0 text-beam" aria-hidden="true" />
              <span>
                Scheduled for <strong>{when(post.publishAt)}</strong> (UK time). Save Draft takes it off the schedule.
              </span>
            </p>
          ) : null}
          <Field label="Publish at (UK time)" htmlFor={`${id}-publish-at`} error={timeError}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={publishAt}
                onChange={(event) => {
                  setPublishAt(event.target.value);
                  setTimeError(undefined);
                }}
                textSize="sm"
              />
            )}
          </Field>
          <Button type="button" variant="outline" disabled={busy} onClick={schedule}>
            <CalendarClock aria-hidden="true" />
            {saving === 'scheduled' ? 'Scheduling...' : status === 'scheduled' ? 'Update schedule' : 'Schedule'}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={sendBackOpen}
        busy={sendingBack}
        onClose={() => setSendBackOpen(false)}
        title="Send back to the author"
        description="The post becomes a draft again and its author receives your note by e-mail."
        confirmLabel="Send back"
        busyLabel="Sending..."
        destructive={false}
        onConfirm={() => void sendBack()}
      >
        <Field label="Note for the author" htmlFor={`${id}-note`} error={noteError}>
          {(control) => (
            <Textarea
              {...control}
              value={note}
              maxLength={publishingLimits.reviewNoteMax}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(undefined);
              }}
              height="md"
            />
          )}
        </Field>
      </ConfirmDialog>
    </div>
  );
}
