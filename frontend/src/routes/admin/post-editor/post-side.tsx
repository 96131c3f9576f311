import { AlertTriangle, Save, Send } from '@/components/ui/icons';
import {
  formatDate,
  messages,
  revisionLimits,
  sectionLabels,
  type AdminPost,
  type PostStatus,
  type StaffUser,
  type TeamMember,
} from '@northbeam/common';
import type { DocumentEditorState } from '@/components/admin/document-editor/use-document-editor';
import { FeatureImageField } from '@/components/admin/media/feature-image-field';
import { PostWorkflowPanel, type WorkflowSaveExtra } from '@/components/admin/post-workflow-panel';
import type { AutosaveState } from '@/components/admin/use-autosave';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { NamesHint } from '@/components/admin/document-editor/document-fields';
import { PostAuthorField } from './post-author-field';
import { parseTags, type PostFormValues } from './post-form';

/** The post editor's state: the post's form, its saves named by the status they ask for. */
export type PostEditor = DocumentEditorState<PostFormValues, PostStatus>;

/** The publish button: "Update" on a live post; a consultant's is there but not theirs to press. */
function publishLabel(live: boolean, mayPublish: boolean, publishing: boolean): string {
  if (live) return publishing ? 'Updating...' : 'Update';
  if (!mayPublish) return 'Publish (Admin Only)';
  return publishing ? 'Publishing...' : 'Publish';
}

/**
 * Publishing a post: what the user may do with it (the server's actions), the autosave's state,
 * the live article, scheduling and the review queue. `onSaveDraft` asks first for a live post.
 */
export function PostPublishCard({
  editor,
  post,
  user,
  mayEdit,
  mayPublish,
  hydrated,
  autosave,
  onSave,
  onSaveDraft,
}: {
  editor: PostEditor;
  post: AdminPost | null;
  user: StaffUser;
  mayEdit: boolean;
  mayPublish: boolean;
  hydrated: boolean;
  autosave: AutosaveState;
  onSave: (status: PostStatus, extra?: WorkflowSaveExtra) => void;
  onSaveDraft: () => void;
}) {
  const live = post?.status === 'published';
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h2 className="heading-3">Publish</h2>
      {mayEdit && !mayPublish ? (
        <Alert variant="info" data-testid="consultant-warning">
          <AlertTriangle className="size-4" aria-hidden="true" />
          <div>
            <AlertTitle>Publishing is restricted</AlertTitle>
            <AlertDescription>
              {messages.onlyAdminsCanPublish}. Your post will be saved as a draft for review by an admin.
            </AlertDescription>
          </div>
        </Alert>
      ) : null}
      {mayEdit ? (
        <>
          <Button
            type="button"
            variant="outline"
            disabled={editor.busy !== null || !hydrated}
            // A live post leaves the site on "Save Draft": that is asked first (docs/product.md#revisions).
            onClick={onSaveDraft}
          >
            <Save aria-hidden="true" />
            {editor.busy === 'draft' ? 'Saving...' : 'Save Draft'}
          </Button>
          <Button
            type="button"
            disabled={!mayPublish || editor.busy !== null || !hydrated}
            onClick={() => onSave('published')}
          >
            <Send aria-hidden="true" />
            {publishLabel(live, mayPublish, editor.busy === 'published')}
          </Button>
          {post ? (
            <p className="text-xs text-ink-muted" aria-live="polite" data-testid="autosave-status">
              {autosave.status === 'saving'
                ? 'Autosaving...'
                : autosave.status === 'saved'
                  ? `Autosaved at ${formatDate(autosave.savedAt, 'HH:mm')}. The post itself changes only when you save it.`
                  : autosave.status === 'failed'
                    ? 'Autosave failed. Your text is kept in this browser.'
                    : `Changes are autosaved every ${revisionLimits.autosaveIntervalMs / 1000} seconds.`}
            </p>
          ) : null}
        </>
      ) : null}
      {post?.status === 'published' ? (
        <a
          href={`/blog/${post.section}/${post.slug}`}
          className={buttonVariants({ variant: 'link', size: 'inline', className: 'justify-start px-5' })}
        >
          View the live article
        </a>
      ) : null}
      <PostWorkflowPanel
        post={post}
        user={user}
        busy={editor.busy !== null || !hydrated}
        saving={editor.busy}
        onSave={(status, extra) => onSave(status, extra)}
      />
    </Card>
  );
}

/** The post's feature image, its section, its author and its tags. */
export function PostDetails({ editor, authors }: { editor: PostEditor; authors: TeamMember[] }) {
  const { values, errors, update, fieldId } = editor;
  return (
    <>
      <Card className="flex flex-col gap-4 p-6">
        <h2 className="heading-3">Feature image</h2>
        <FeatureImageField value={values.featureImage} onChange={(featureImage) => update({ featureImage })} />
      </Card>

      <Card className="flex flex-col gap-5 p-6">
        <Field label="Section" htmlFor={fieldId('section')} error={errors.section}>
          {(control) => (
            <Select
              {...control}
              value={values.section}
              onChange={(event) => update({ section: event.target.value as PostFormValues['section'] })}
            >
              <option value="">Choose a section</option>
              <option value="labs">{sectionLabels.labs}</option>
              <option value="consulting">{sectionLabels.consulting}</option>
            </Select>
          )}
        </Field>
        <PostAuthorField editor={editor} authors={authors} />
        <Field label="Author credentials" htmlFor={fieldId('authorCredentials')} error={errors.authorCredentials}>
          {(control) => (
            <Input
              {...control}
              value={values.authorCredentials}
              disabled={!values.authorName}
              onChange={(event) => update({ authorCredentials: event.target.value })}
            />
          )}
        </Field>
        <Field label="Author bio" htmlFor={fieldId('authorBio')} error={errors.authorBio}>
          {(control) => (
            <Textarea
              {...control}
              value={values.authorBio}
              disabled={!values.authorName}
              onChange={(event) => update({ authorBio: event.target.value })}
              height="md"
            />
          )}
        </Field>
        <Field
          label="Tags"
          htmlFor={fieldId('tagsText')}
          hint={<NamesHint names={values.tags} label="Applied tags" testId="applied-tags" />}
        >
          {(control) => (
            <Input
              {...control}
              value={values.tagsText}
              onChange={(event) => update({ tagsText: event.target.value })}
              onBlur={() => update({ tags: parseTags(values.tagsText) })}
            />
          )}
        </Field>
      </Card>
    </>
  );
}
