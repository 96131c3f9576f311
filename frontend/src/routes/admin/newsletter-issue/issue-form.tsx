import { newsletterIssueLimits, type NewsletterAudience } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { BodyEditor } from '@/components/admin/rich-text/body-editor';
import { IssueOptions } from './issue-options';
import type { IssueFieldErrors } from './issue-preview';
import type { IssueValues } from './issue-values';

type TextField = 'subject' | 'preheader' | 'body';

/** The issue's fields (in the one edit view's form, whose submit saves the draft): subject, preheader, audience, hero image, how its post shows, and the markdown body. */
export function IssueForm({
  values,
  fieldId,
  counts,
  errors,
  editable,
  canSave,
  saving,
  busy,
  showDelete,
  onText,
  onChange,
  onDelete,
}: {
  values: IssueValues;
  /** The control of a field, by the server's name for it (its error focuses it). */
  fieldId: (name: string) => string;
  counts: NewsletterAudience['counts'];
  errors: IssueFieldErrors;
  editable: boolean;
  canSave: boolean;
  saving: boolean;
  busy: boolean;
  showDelete: boolean;
  onText: (name: TextField, value: string) => void;
  /** The audience, the hero image or how the post shows changed. */
  onChange: (changes: Partial<IssueValues>) => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Field label="Subject" htmlFor={fieldId('subject')} error={errors.subject}>
        {(control) => (
          <Input
            {...control}
            value={values.subject}
            maxLength={newsletterIssueLimits.subjectMax}
            readOnly={!editable}
            onChange={(event) => onText('subject', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Preheader"
        htmlFor={fieldId('preheader')}
        error={errors.preheader}
        hint={<p className="text-xs text-ink-muted">The line mail apps show beside the subject. Optional.</p>}
      >
        {(control) => (
          <Input
            {...control}
            value={values.preheader}
            maxLength={newsletterIssueLimits.preheaderMax}
            readOnly={!editable}
            onChange={(event) => onText('preheader', event.target.value)}
          />
        )}
      </Field>
      <IssueOptions
        audience={values.audience}
        counts={counts}
        hero={values.hero}
        postMode={values.postMode}
        editable={editable}
        errors={errors}
        fieldId={fieldId}
        onAudience={(audience) => onChange({ audience })}
        onHero={(hero) => onChange({ hero })}
        onPostMode={(postMode) => onChange({ postMode })}
      />
      <BodyEditor
        id={fieldId('body')}
        label="Body"
        value={values.body}
        onChange={(body) => onText('body', body)}
        error={errors.body}
        hintId={`${fieldId('body')}-hint`}
        readOnly={!editable}
        images={false}
      />
      <p id={`${fieldId('body')}-hint`} className="-mt-2 text-xs text-ink-muted">
        Headings, lists, links and emphasis. HTML is shown as text.
      </p>
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={!canSave}>
            {saving ? 'Saving...' : 'Save draft'}
          </Button>
          {showDelete ? (
            <Button type="button" variant="ghost-danger" disabled={busy} onClick={onDelete}>
              Delete draft
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
