import { useId, useState, type FormEvent } from 'react';
import { enquiryLimits, formatDate, type EnquiryDetail, type EnquiryNote } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, errorSentence, requestJson } from '@/lib/api';

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
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { body: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await requestJson<EnquiryNote>('POST', `/api/admin/enquiries/${enquiryId}/notes`, { body });
      setBody('');
      onAdded();
    } catch (failure) {
      const fieldError = failure instanceof ApiRequestError ? failure.fieldErrors?.body?.[0] : undefined;
      setError(fieldError ?? errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Field label="Add a note" htmlFor={ids.body} error={error}>
        {(control) => (
          <Textarea
            {...control}
            value={body}
            rows={3}
            maxLength={enquiryLimits.noteMax}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="self-start" disabled={busy}>
        Add note
      </Button>
    </form>
  );
}
