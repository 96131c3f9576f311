import { Lock } from '@/components/ui/icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  postActions,
  messages,
  postStatusLabels,
  site,
  revisionMessages,
  type AdminPost,
  type PostAutosaveResponse,
  type PostStatus,
  type StaffUser,
  type TeamMember,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import { DocumentLoadError } from '@/components/admin/document-editor/document-load-error';
import { loadDocument } from '@/components/admin/document-editor/load-document';
import { useDocumentEditor } from '@/components/admin/document-editor/use-document-editor';
import { savedToastTitle, type WorkflowSaveExtra } from '@/components/admin/post-workflow-panel';
import { useAutosave } from '@/components/admin/use-autosave';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { toast } from '@/components/ui/toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiRequestError, apiRequest, loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { usePostDrafts } from './post-drafts';
import {
  autosaveFieldsFromForm,
  clearStoredDraft,
  draftStorageKey,
  emptyPostForm,
  formFromPost,
  parseTags,
  payloadFromForm,
  postFormErrors,
  sameContent,
  sameValues,
  validatePostForm,
  writeStoredDraft,
  type PostFormValues,
} from './post-form';
import { postRevisionFields } from './post-revision-fields';
import { PostSections } from './post-sections';
import { authorFields } from './post-author-field';
import { PostDetails, PostPublishCard } from './post-side';

interface EditorData {
  user: StaffUser;
  post: AdminPost | null;
  /** The caller's autosave of the post on the server (docs/product.md#revisions). */
  autosave: PostAutosaveResponse['autosave'];
  /** Who a post may be credited to: the team, in order (docs/product.md#team). */
  authors: TeamMember[];
}

/** The author list; a failed read leaves "No author" only. */
const loadAuthors = (context: unknown) =>
  loadJson<TeamMember[]>(context, '/api/admin/team/authors')
    .then((list) => list ?? [])
    .catch(() => []);

export const handle: RouteHandle<EditorData | undefined> = {
  head: ({ data: loaded }) => ({
    title: loaded?.post ? `Edit: ${loaded.post.title}` : 'New post',
    description: `${site.name} post editor.`,
    noindex: true,
  }),
};

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EditorData> {
  const user = await requireStaffUser(context, request);
  if (!params.id) return { user, post: null, autosave: null, authors: await loadAuthors(context) };
  const path = `/api/admin/posts/${encodeURIComponent(params.id)}`;
  return loadDocument(async () => {
    const [post, autosave, authors] = await Promise.all([
      loadJson<AdminPost>(context, path),
      // A post the caller may not change has no autosave of theirs (403): the editor opens without it.
      loadJson<PostAutosaveResponse>(context, `${path}/autosave`).catch(() => null),
      loadAuthors(context),
    ]);
    if (!post) signInAgain(request);
    return { user, post, autosave: autosave?.autosave ?? null, authors };
  });
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  // Another post (or a new one) is another editor: nothing typed carries over.
  return <Editor key={data.post?.id ?? 'new'} {...data} />;
}

/** The problem alert's sentence: the server's own for a refused save, else what failed ("401: …"). */
function saveFailure(error: unknown): string {
  const sentence = error instanceof ApiRequestError && error.status === 400 ? error.serverError : undefined;
  return sentence ?? (error instanceof Error ? error.message : String(error));
}

function Editor({ user, post: loadedPost, autosave: loadedAutosave, authors }: EditorData) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [post, setPost] = useState(loadedPost);
  const storageKey = draftStorageKey(post?.id);
  // A new post is credited to the writer's own team member, when their account is linked to one.
  const [ownAuthor] = useState(() => authorFields(authors.find((member) => member.id === user.teamMemberId)));
  const initial = post ? formFromPost(post) : { ...emptyPostForm, ...ownAuthor };
  // What the server allows on this post; for a new post the same rule, from the user's role. Another
  // person's post, or a consultant's own once submitted, opens read-only: nothing is offered that the
  // server would refuse.
  const actions = post?.actions ?? postActions(null, user);
  const mayEdit = actions.includes('edit');
  const mayPublish = actions.includes('publish');
  const live = post?.status === 'published';
  const editor = useDocumentEditor<PostFormValues, PostStatus>({
    initial,
    slugChosen: Boolean(post),
    // Unsaved text is kept in this browser as it is typed, and forgotten once back to the saved post.
    onChange: (next) => (sameValues(next, initial) ? clearStoredDraft(storageKey) : writeStoredDraft(storageKey, next)),
    fieldErrors: postFormErrors,
    sentenceOf: saveFailure,
    leaveGuard: (values) => !sameContent(values, initial),
  });
  const { values } = editor;
  const autosave = useAutosave(
    post && mayEdit ? `/api/admin/posts/${encodeURIComponent(post.id)}/autosave` : null,
    autosaveFieldsFromForm(values),
    autosaveFieldsFromForm(initial),
  );
  const drafts = usePostDrafts({ editor, post, loadedAutosave, mayEdit, initial, storageKey });

  /** A restored revision is the saved post now: the editor shows it, unsaved text and autosave gone. */
  const onRevisionRestored = (restoredPost: AdminPost) => {
    autosave.cancel();
    setPost(restoredPost);
    editor.setValues(formFromPost(restoredPost));
    drafts.forget();
    editor.revisionRestored(restoredPost.title);
  };

  const save = async (status: PostStatus, extra: WorkflowSaveExtra = {}) => {
    editor.setProblem(undefined);
    const applied = { ...values, tags: parseTags(values.tagsText) };
    if (editor.showErrors(validatePostForm(applied))) return;
    await editor.run(status, async () => {
      // The save ends the autosave on the server: nothing pending may land after it.
      autosave.cancel();
      const body = { ...payloadFromForm(applied, status), ...extra };
      if (post) await apiRequest('PUT', `/api/admin/posts/${post.id}`, body);
      else await apiRequest('POST', '/api/admin/posts', body);
      clearStoredDraft(storageKey);
      toast({
        title: status === 'published' && live ? 'Post updated' : savedToastTitle(status),
        description: applied.title.trim(),
      });
      editor.guard.release();
      void navigate('/admin/posts');
      return 'leaving';
    });
  };

  return (
    <DocumentEditor<AdminPost>
      editor={editor}
      back={{ to: '/admin/posts', label: 'All posts' }}
      eyebrow={post ? (post.status === 'published' ? 'Published post' : postStatusLabels[post.status]) : 'New post'}
      title={post ? (mayEdit ? 'Edit post' : 'Read post') : 'Write a new post'}
      notice={
        mayEdit ? null : (
          <Alert variant="info" className="mb-8" data-testid="read-only-post">
            <Lock className="size-4" aria-hidden="true" />
            <div>
              <AlertTitle>Read only</AlertTitle>
              <AlertDescription>
                {messages.consultantOwnDraftsOnly}: you can read this post but not change it.
              </AlertDescription>
            </div>
          </Alert>
        )
      }
      readOnly={!mayEdit}
      side="wide"
      // The generic submit sends the status held in the form (docs/product.md#posts).
      onSubmit={() => void save(values.status === 'published' && !mayPublish ? 'draft' : values.status)}
      alerts={drafts.alerts}
      problemTitle="The post was not saved"
      problemDetail={
        editor.problem?.startsWith('401') ? (
          <span className="mt-1 block">
            Your session has ended. Your text is kept in this browser:{' '}
            {/* The text is kept in this browser, so going to sign in needs no "Leave without saving?". */}
            <Link
              className="underline"
              onClick={() => editor.guard.release()}
              to={`/admin/login?redirect=${encodeURIComponent(post ? `/admin/posts/edit/${post.id}` : '/admin/posts/new')}`}
            >
              sign in again
            </Link>{' '}
            and it will be here.
          </span>
        ) : null
      }
      revisions={
        post && mayEdit
          ? {
              documentUrl: `/api/admin/posts/${encodeURIComponent(post.id)}`,
              fields: postRevisionFields,
              current: { ...autosaveFieldsFromForm(values) },
              confirmText: live ? revisionMessages.restoreConfirmLive : revisionMessages.restoreConfirmDraft,
              onRestored: onRevisionRestored,
            }
          : null
      }
      actions={
        <PostPublishCard
          editor={editor}
          post={post}
          user={user}
          mayEdit={mayEdit}
          mayPublish={mayPublish}
          hydrated={hydrated}
          autosave={autosave.state}
          onSave={(status, extra) => void save(status, extra)}
          // A live post leaves the site on "Save Draft": that is asked first (docs/product.md#revisions).
          onSaveDraft={() =>
            live
              ? editor.confirm({
                  title: 'Save as a draft',
                  description: revisionMessages.unpublishConfirm,
                  confirmLabel: 'Continue',
                  onConfirm: () => {
                    editor.confirm(null);
                    void save('draft');
                  },
                })
              : void save('draft')
          }
        />
      }
      sidebar={<PostDetails editor={editor} authors={authors} />}
    >
      <PostSections editor={editor} />
    </DocumentEditor>
  );
}

export function ErrorBoundary() {
  return (
    <DocumentLoadError
      notFoundTitle="Post not found"
      failedTitle="The post could not be loaded"
      back={{ to: '/admin/posts', label: 'Back to all posts' }}
    />
  );
}
