import { type FormEvent } from 'react';
import { enquiryLimits, formatDate, type EnquiryDetail, type EnquiryNote } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useForm } from '@/components/ui/use-form';
import { requestJson } from '@/lib/api';

/** The staff's notes on an enquiry, oldest first, and the form that adds one. */
/** The enquiry's notes; the form to add one only where its `actions` hold `add_note`. */
export function NotesCard({
  enquiry,
  canAddNote,
  onAdded,
}: {
  enquiry: EnquiryDetail;
  canAddNote: boolean;
  onAdded: () => void;
}) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Notes</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {enquiry.notes.length === 0 ? (
          <p className="text-sm text-ink-muted">No notes yet.</p>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="enquiry-notes">
            {enquiry.notes.map((note) => (
              <NoteItem key={note.id} note={note} />
            ))}
          </ol>
        )}
        {canAddNote ? <NoteForm enquiryId={enquiry.id} onAdded={onAdded} /> : null}
      </CardContent>
    </Card>
  );
}

function NoteItem({ note }: { note: EnquiryNote }) {
  return (
    <li className="rounded-xl border border-line p-4">
      <p className="text-xs text-ink-muted">
        {note.author?.name ?? 'Removed account'} ·{' '}
        <time dateTime={note.createdAt}>{formatDate(note.createdAt, 'd MMM yyyy, HH:mm')}</time>
      </p>
      <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">{note.body}</p>
    </li>
  );
}

function NoteForm({ enquiryId, onAdded }: { enquiryId: string; onAdded: () => void }) {
  const form = useForm<{ body: string }>({ initial: { body: '' } });
  const { bindForm } = form;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    await form.run(
      'submit',
      async () => {
        await requestJson<EnquiryNote>('POST', `/api/admin/enquiries/${enquiryId}/notes`, form.values);
        form.reset({ body: '' });
        onAdded();
      },
      // The server's sentence on the note itself, or why the request failed, under the field.
      (failure) =>
        form.fail(failure, {
          onFailure: (sentence, shown) => {
            if (!shown.body) form.showErrors({ body: sentence });
          },
        }),
    );
  };
  return (
    <form ref={bindForm} onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Field label="Add a note" {...form.field('body')}>
        {(control) => <Textarea {...control} {...form.text('body')} rows={3} maxLength={enquiryLimits.noteMax} />}
      </Field>
      <Button type="submit" className="self-start" disabled={form.busy !== null}>
        Add note
      </Button>
    </form>
  );
}
