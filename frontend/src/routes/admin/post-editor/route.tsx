import { AlertTriangle, Eye, History, Lock, Send, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Markdown from 'react-markdown';
import { Link, useNavigate, isRouteErrorResponse, data } from 'react-router-dom';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  allowedMetaTagNames,
  allowedMetaTagProperties,
  postActions,
  formatDate,
  postLimits,
  messages,
  metaTagsWithAddress,
  postStatusLabels,
  sectionLabels,
  site,
  slugify,
  team,
  revisionLimits,
  revisionMessages,
  type AdminPost,
  type PostAutosaveResponse,
  type PostStatus,
  type RevisionSummary,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { AutosaveOffer } from '@/components/admin/autosave-offer';
import { RevisionDiff } from '@/components/admin/revision-diff';
import { RevisionsPanel } from '@/components/admin/revisions-panel';
import { postRevisionFields } from './post-revision-fields';
import { useUnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { useAutosave } from '@/components/admin/use-autosave';
import { PostWorkflowPanel, savedToastTitle, type WorkflowSaveExtra } from '@/components/admin/post-workflow-panel';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field, fieldControl, FieldError, Label } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { FeatureImageField } from '@/components/admin/media/feature-image-field';
import { InsertImageButton } from '@/components/admin/media/insert-image-button';
import { ApiRequestError, apiRequest, loadJson, pageStatusOf } from '@/lib/api';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useHydrated } from '@/hooks/use-hydrated';
import { forgetStaffUser, requireStaffUser, signInAgain } from '@/lib/staff';
import {
  autosaveFieldsFromForm,
  clearStoredDraft,
  draftStorageKey,
  emptyPostForm,
  formFromAutosave,
  formFromPost,
  parseTags,
  payloadFromForm,
  readStoredDraft,
  sameContent,
  postFormErrors,
  sameValues,
  validatePostForm,
  writeStoredDraft,
  type PostFormErrors,
  type PostFormValues,
} from './post-form';
import { BackLink } from '@/components/admin/back-link';

interface EditorData {
  user: StaffUser;
  post: AdminPost | null;
  /** The caller's autosave of the post on the server (docs/product.md#revisions). */
  autosave: PostAutosaveResponse['autosave'];
}

export const handle: RouteHandle<EditorData | undefined> = {
  head: ({ data: loaded }) => ({
    title: loaded?.post ? `Edit: ${loaded.post.title}` : 'New post',
    description: `${site.name} post editor.`,
    noindex: true,
  }),
};

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EditorData> {
  const user = await requireStaffUser(context, request);
  if (!params.id) return { user, post: null, autosave: null };
  try {
    const path = `/api/admin/posts/${encodeURIComponent(params.id)}`;
    const [post, autosave] = await Promise.all([
      loadJson<AdminPost>(context, path),
      // A post the caller may not change has no autosave of theirs (403): the editor opens without it.
      loadJson<PostAutosaveResponse>(context, `${path}/autosave`).catch(() => null),
    ]);
    if (!post) signInAgain(request);
    return { user, post, autosave: autosave?.autosave ?? null };
  } catch (error) {
    if (error instanceof ApiRequestError) throw data(null, { status: pageStatusOf(error) });
    throw error;
  }
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  // Another post (or a new one) is another editor: nothing typed carries over.
  return <Editor key={data.post?.id ?? 'new'} {...data} />;
}

/** The autosave worth offering: newer than the saved post and not the same text. */
function autosaveToOffer(post: AdminPost | null, autosave: EditorData['autosave']) {
  if (!post || !autosave || Date.parse(autosave.savedAt) <= Date.parse(post.updatedAt)) return null;
  return sameContent(formFromAutosave(autosave.fields, post.status, post.featureImage ?? null), formFromPost(post))
    ? null
    : autosave;
}

function Editor({ user, post: loadedPost, autosave: loadedAutosave }: EditorData) {
  const navigate = useNavigate();
  const [post, setPost] = useState(loadedPost);
  const storageKey = draftStorageKey(post?.id);
  const initial = post ? formFromPost(post) : emptyPostForm;
  const [values, setValues] = useState<PostFormValues>(initial);
  // What the server allows on this post; for a new post the same rule, from the user's role. Another
  // person's post, or a consultant's own once submitted, opens read-only: nothing is offered that the
  // server would refuse.
  const actions = post?.actions ?? postActions(null, user);
  const mayEdit = actions.includes('edit');
  const mayPublish = actions.includes('publish');
  const [offer, setOffer] = useState(() => (mayEdit ? autosaveToOffer(loadedPost, loadedAutosave) : null));
  const [selectedRevision, setSelectedRevision] = useState<RevisionSummary>();
  const [revisionsKey, setRevisionsKey] = useState(0);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const live = post?.status === 'published';
  const dirty = !sameContent(values, initial);
  const autosave = useAutosave(
    post && mayEdit ? `/api/admin/posts/${encodeURIComponent(post.id)}/autosave` : null,
    autosaveFieldsFromForm(values),
    autosaveFieldsFromForm(initial),
  );
  const guard = useUnsavedChangesGuard(dirty);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState<PostStatus | null>(null);
  const [restored, setRestored] = useState(false);
  const [preview, setPreview] = useState(false);
  const slugTouched = useRef(Boolean(post));
  const hydrated = useHydrated();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  // Restore text kept in this browser (a lost session or a closed tab loses nothing).
  useEffect(() => {
    const stored = mayEdit ? readStoredDraft(storageKey) : null;
    // The same text as the server's autosave: the offer below brings it back.
    const offered =
      stored && offer ? sameContent(stored, formFromAutosave(offer.fields, stored.status, stored.featureImage)) : false;
    if (stored && !sameValues(stored, initial) && !offered) {
      // This browser's storage is known only after hydration, so an effect sets it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setValues(stored);
      slugTouched.current = slugTouched.current || stored.slug !== slugify(stored.title);
      setRestored(true);
    }
    // Only when another post is opened: later renders must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  const update = (changes: Partial<PostFormValues>) => {
    setValues((current) => {
      const next = { ...current, ...changes };
      if (sameValues(next, initial)) clearStoredDraft(storageKey);
      else writeStoredDraft(storageKey, next);
      return next;
    });
  };

  const onTitle = (title: string) => {
    // New posts only: the slug follows the title until someone edits the slug by hand.
    update(slugTouched.current ? { title } : { title, slug: slugify(title) });
  };

  const onAuthor = (authorId: string) => {
    const member = team.find((candidate) => candidate.id === authorId);
    update(
      member
        ? { authorId: member.id, authorName: member.name, authorCredentials: member.role, authorBio: member.bio }
        : { authorId: '', authorName: '', authorCredentials: '', authorBio: '' },
    );
  };

  const discardRestored = () => {
    clearStoredDraft(storageKey);
    setValues(initial);
    setRestored(false);
  };

  const restoreAutosave = () => {
    if (!offer || !post) return;
    const next = formFromAutosave(offer.fields, post.status, values.featureImage);
    setValues(next);
    writeStoredDraft(storageKey, next);
    slugTouched.current = true;
    setOffer(null);
    setRestored(false);
  };

  const discardAutosave = () => {
    if (!post) return;
    setOffer(null);
    void apiRequest('DELETE', `/api/admin/posts/${encodeURIComponent(post.id)}/autosave`).catch(() => undefined);
  };

  /** A restored revision is the saved post now: the editor shows it, unsaved text and autosave gone. */
  const onRevisionRestored = (restoredPost: AdminPost) => {
    autosave.cancel();
    setPost(restoredPost);
    setValues(formFromPost(restoredPost));
    clearStoredDraft(storageKey);
    setRestored(false);
    setOffer(null);
    setSelectedRevision(undefined);
    setRevisionsKey((key) => key + 1);
    toast({ title: revisionMessages.restored, description: restoredPost.title });
  };

  const save = async (status: PostStatus, extra: WorkflowSaveExtra = {}) => {
    setSaveError(undefined);
    const applied = { ...values, tags: parseTags(values.tagsText) };
    const found = validatePostForm(applied);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setSaving(status);
    // The save ends the autosave on the server: nothing pending may land after it.
    autosave.cancel();
    try {
      const body = { ...payloadFromForm(applied, status), ...extra };
      if (post) await apiRequest('PUT', `/api/admin/posts/${post.id}`, body);
      else await apiRequest('POST', '/api/admin/posts', body);
      clearStoredDraft(storageKey);
      toast({
        title: status === 'published' && live ? 'Post updated' : savedToastTitle(status),
        description: applied.title.trim(),
      });
      guard.release();
      void navigate('/admin/posts');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) forgetStaffUser();
      // A refusal of the server's validation: its sentences go under their fields, and the alert
      // says the first one instead of the raw answer.
      const fromServer = postFormErrors(fieldErrorsOf(error) ?? {});
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        document.getElementById(fieldId(Object.keys(fromServer)[0]))?.focus();
      }
      const sentence = error instanceof ApiRequestError && error.status === 400 ? error.serverError : undefined;
      setSaveError(sentence ?? (error instanceof Error ? error.message : String(error)));
      setSaving(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The generic submit sends the status held in the form (docs/product.md#posts).
    void save(values.status === 'published' && !mayPublish ? 'draft' : values.status);
  };

  const metaLength = values.metaDescription.length;

  return (
    <>
      <section className="container-page py-10 sm:py-14">
        <BackLink to="/admin/posts">All posts</BackLink>
        <div className="mt-4 mb-8 flex flex-col gap-2">
          <p className="eyebrow">
            {post ? (post.status === 'published' ? 'Published post' : postStatusLabels[post.status]) : 'New post'}
          </p>
          <h1 className="heading-1">{post ? (mayEdit ? 'Edit post' : 'Read post') : 'Write a new post'}</h1>
        </div>
        {!mayEdit ? (
          <Alert variant="info" className="mb-8" data-testid="read-only-post">
            <Lock className="size-4" aria-hidden="true" />
            <div>
              <AlertTitle>Read only</AlertTitle>
              <AlertDescription>
                {messages.consultantOwnDraftsOnly}: you can read this post but not change it.
              </AlertDescription>
            </div>
          </Alert>
        ) : null}

        {post && selectedRevision ? (
          <div className="mb-8">
            <RevisionDiff<AdminPost>
              revisionUrl={`/api/admin/posts/${encodeURIComponent(post.id)}/revisions/${encodeURIComponent(selectedRevision.id)}`}
              revisionId={selectedRevision.id}
              fields={postRevisionFields}
              current={{ ...autosaveFieldsFromForm(values) }}
              confirmText={live ? revisionMessages.restoreConfirmLive : revisionMessages.restoreConfirmDraft}
              onClose={() => setSelectedRevision(undefined)}
              onRestored={onRevisionRestored}
            />
          </div>
        ) : null}

        <form noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* A read-only post: every field and button of the form is disabled by the one fieldset. */}
          <fieldset disabled={!mayEdit} className="contents">
            <div className="flex flex-col gap-6">
              {offer ? (
                <AutosaveOffer savedAt={offer.savedAt} onRestore={restoreAutosave} onDiscard={discardAutosave} />
              ) : null}
              {restored ? (
                <Alert variant="info" data-testid="restored-draft">
                  <History className="size-4" aria-hidden="true" />
                  <div>
                    <AlertTitle>Unsaved changes restored</AlertTitle>
                    <AlertDescription className="flex flex-wrap items-center gap-x-3">
                      Your last unsaved text was kept in this browser.
                      <Button type="button" variant="link" size="inline" onClick={discardRestored}>
                        Discard them
                      </Button>
                    </AlertDescription>
                  </div>
                </Alert>
              ) : null}
              {saveError ? (
                <Alert variant="destructive" data-testid="save-error">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  <div>
                    <AlertTitle>The post was not saved</AlertTitle>
                    <AlertDescription>
                      {saveError}
                      {saveError.startsWith('401') ? (
                        <span className="mt-1 block">
                          Your session has ended. Your text is kept in this browser:{' '}
                          {/* The text is kept in this browser, so going to sign in needs no "Leave without saving?". */}
                          <Link
                            className="underline"
                            onClick={() => guard.release()}
                            to={`/admin/login?redirect=${encodeURIComponent(post ? `/admin/posts/edit/${post.id}` : '/admin/posts/new')}`}
                          >
                            sign in again
                          </Link>{' '}
                          and it will be here.
                        </span>
                      ) : null}
                    </AlertDescription>
                  </div>
                </Alert>
              ) : null}

              <Card className="flex flex-col gap-6 p-6 sm:p-8">
                <Field label="Title" htmlFor={fieldId('title')} error={errors.title}>
                  {(control) => (
                    <Input
                      {...control}
                      value={values.title}
                      onChange={(event) => onTitle(event.target.value)}
                      textSize="lg"
                      className="font-display"
                    />
                  )}
                </Field>
                <Field
                  label="Slug"
                  htmlFor={fieldId('slug')}
                  error={errors.slug}
                  hint={
                    <p className="text-xs text-ink-muted">
                      /blog/{values.section || 'section'}/{values.slug || 'slug'}
                    </p>
                  }
                >
                  {(control) => (
                    <Input
                      {...control}
                      value={values.slug}
                      onChange={(event) => {
                        slugTouched.current = true;
                        update({ slug: event.target.value });
                      }}
                      textSize="sm"
                      className="font-mono"
                    />
                  )}
                </Field>
                <Field label="Excerpt (optional)" htmlFor={fieldId('excerpt')} error={errors.excerpt}>
                  {(control) => (
                    <Textarea
                      {...control}
                      value={values.excerpt}
                      onChange={(event) => update({ excerpt: event.target.value })}
                      height="md"
                    />
                  )}
                </Field>
                <div className="flex flex-col gap-2">
                  <div className="flex items-center justify-between">
                    <Label htmlFor={fieldId('body')}>Body (markdown)</Label>
                    <div className="flex flex-wrap justify-end gap-1">
                      <InsertImageButton
                        textareaId={fieldId('body')}
                        value={values.body}
                        onInsert={(body) => update({ body })}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-pressed={preview}
                        onClick={() => setPreview((value) => !value)}
                      >
                        <Eye aria-hidden="true" />
                        {preview ? 'Edit' : 'Preview'}
                      </Button>
                    </div>
                  </div>
                  {preview ? (
                    <div
                      className="min-h-96 rounded-xl border border-line bg-paper p-5 leading-relaxed text-ink [&_a]:text-beam [&_a]:underline [&_code]:font-mono [&_code]:text-sm [&_h1]:font-display [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-ink [&_pre]:p-4 [&_pre]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
                      data-testid="body-preview"
                    >
                      <Markdown>{values.body || '*Nothing to preview yet.*'}</Markdown>
                    </div>
                  ) : (
                    <Textarea
                      {...fieldControl(fieldId('body'), errors.body)}
                      value={values.body}
                      onChange={(event) => update({ body: event.target.value })}
                      height="lg"
                      textSize="sm"
                      className="font-mono"
                    />
                  )}
                  <FieldError field={fieldId('body')} message={errors.body} />
                </div>
              </Card>

              <Card className="flex flex-col gap-6 p-6 sm:p-8">
                <h2 className="heading-3">Search and sharing</h2>
                <Field
                  label="Meta description"
                  htmlFor={fieldId('metaDescription')}
                  error={errors.metaDescription}
                  hint={
                    <p className="text-xs text-ink-muted" aria-live="polite" data-testid="meta-counter">
                      {metaLength}/{postLimits.metaDescriptionMax} characters
                    </p>
                  }
                >
                  {(control) => (
                    <Input
                      {...control}
                      value={values.metaDescription}
                      maxLength={postLimits.metaDescriptionMax}
                      onChange={(event) =>
                        update({ metaDescription: event.target.value.slice(0, postLimits.metaDescriptionMax) })
                      }
                    />
                  )}
                </Field>
                <Field
                  label="Custom meta tags"
                  htmlFor={fieldId('customMetaTags')}
                  error={errors.customMetaTags}
                  hint={
                    <div className="flex flex-col gap-1 text-xs text-ink-muted" data-testid="meta-tags-hint">
                      <p>
                        Meta tag markup, one per line, e.g. &lt;meta name=&quot;robots&quot;
                        content=&quot;noarchive&quot;&gt;. Only these tags are allowed:
                      </p>
                      <p>
                        <span className="font-medium">Names:</span> {allowedMetaTagNames.join(', ')}
                      </p>
                      <p>
                        <span className="font-medium">Properties:</span> {allowedMetaTagProperties.join(', ')}
                      </p>
                      <p>{metaTagsWithAddress.join(', ')}: an http:// or https:// address only.</p>
                    </div>
                  }
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      value={values.customMetaTags}
                      onChange={(event) => update({ customMetaTags: event.target.value })}
                      height="md"
                      textSize="sm"
                      className="font-mono"
                    />
                  )}
                </Field>
              </Card>
            </div>

            <aside className="flex flex-col gap-6">
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
                      disabled={saving !== null || !hydrated}
                      // A live post leaves the site on "Save Draft": that is asked first (docs/product.md#revisions).
                      onClick={() => (live ? setConfirmUnpublish(true) : void save('draft'))}
                    >
                      <Save aria-hidden="true" />
                      {saving === 'draft' ? 'Saving...' : 'Save Draft'}
                    </Button>
                    {live ? (
                      <Button
                        type="button"
                        disabled={!mayPublish || saving !== null || !hydrated}
                        onClick={() => void save('published')}
                      >
                        <Send aria-hidden="true" />
                        {saving === 'published' ? 'Updating...' : 'Update'}
                      </Button>
                    ) : (
                      <Button
                        type="button"
                        disabled={!mayPublish || saving !== null || !hydrated}
                        onClick={() => void save('published')}
                      >
                        <Send aria-hidden="true" />
                        {mayPublish ? (saving === 'published' ? 'Publishing...' : 'Publish') : 'Publish (Admin Only)'}
                      </Button>
                    )}
                    {post ? (
                      <p className="text-xs text-ink-muted" aria-live="polite" data-testid="autosave-status">
                        {autosave.state.status === 'saving'
                          ? 'Autosaving...'
                          : autosave.state.status === 'saved'
                            ? `Autosaved at ${formatDate(autosave.state.savedAt, 'HH:mm')}. The post itself changes only when you save it.`
                            : autosave.state.status === 'failed'
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
                  busy={saving !== null || !hydrated}
                  saving={saving}
                  onSave={(status, extra) => void save(status, extra)}
                />
              </Card>

              {post && mayEdit ? (
                <RevisionsPanel
                  revisionsUrl={`/api/admin/posts/${encodeURIComponent(post.id)}/revisions`}
                  refreshKey={revisionsKey}
                  selectedId={selectedRevision?.id}
                  onSelect={(revision) => {
                    setSelectedRevision(revision);
                    window.scrollTo({ top: 0 });
                  }}
                />
              ) : null}
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
                <Field label="Author" htmlFor={fieldId('author')}>
                  {(control) => (
                    <Select
                      {...control}
                      value={values.authorName ? values.authorId : ''}
                      onChange={(event) => onAuthor(event.target.value)}
                    >
                      <option value="">No author</option>
                      {team.map((member) => (
                        <option key={member.id} value={member.id}>
                          {member.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  label="Author credentials"
                  htmlFor={fieldId('authorCredentials')}
                  error={errors.authorCredentials}
                >
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
                  hint={
                    values.tags.length > 0 ? (
                      <ul className="flex flex-wrap gap-1.5" aria-label="Applied tags" data-testid="applied-tags">
                        {values.tags.map((tag) => (
                          <li key={tag} className="rounded-full bg-mist px-2.5 py-0.5 text-xs font-medium text-ink">
                            {tag}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-xs text-ink-muted">Comma separated</p>
                    )
                  }
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
            </aside>
          </fieldset>
        </form>
      </section>
      {guard.dialog}
      <ConfirmDialog
        open={confirmUnpublish}
        onClose={() => setConfirmUnpublish(false)}
        title="Save as a draft"
        description={revisionMessages.unpublishConfirm}
        confirmLabel="Continue"
        onConfirm={() => {
          setConfirmUnpublish(false);
          void save('draft');
        }}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-16">
      <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-line bg-white p-8">
        <h1 className="heading-2">{notFound ? 'Post not found' : 'The post could not be loaded'}</h1>
        <p className="text-ink-muted">{notFound ? 'It may have been deleted.' : 'Please try refreshing the page.'}</p>
        <Link to="/admin/posts" className={buttonVariants({ variant: 'outline' })}>
          Back to all posts
        </Link>
      </div>
    </section>
  );
}
