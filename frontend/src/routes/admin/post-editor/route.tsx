import { Lock } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import {
  postActions,
  messages,
  postStatusLabels,
  site,
  revisionMessages,
  type AdminPost,
  type PostAutosaveResponse,
  type PostStatus,
  type TeamMember,
} from '@northbeam/common';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import type { DocumentKind, LoadedDocument } from '@/components/admin/document-editor/document-kind';
import { documentRoute } from '@/components/admin/document-editor/document-screen';
import { useDocument } from '@/components/admin/document-editor/use-document';
import { savedToastTitle, type WorkflowSaveExtra } from '@/components/admin/post-workflow-panel';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ApiRequestError, loadJson } from '@/lib/api';
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

interface PostExtra {
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

/** The problem alert's sentence: the server's own for a refused save, else what failed ("401: …"). */
function saveFailure(error: unknown): string {
  const sentence = error instanceof ApiRequestError && error.status === 400 ? error.serverError : undefined;
  return sentence ?? (error instanceof Error ? error.message : String(error));
}

/**
 * A post: saved with the status its button asks for (docs/product.md#posts), then back to the list;
 * autosaved and kept in revisions while the caller may change it; unsaved text asks before leaving.
 */
const postKind: DocumentKind<AdminPost, PostFormValues, PostExtra, PostStatus> = {
  api: '/api/admin/posts',
  editPath: (id) => `/admin/posts/edit/${id}`,
  back: { to: '/admin/posts', label: 'All posts' },
  afterSave: 'list',
  head: (post) => ({ title: post ? `Edit: ${post.title}` : 'New post', description: `${site.name} post editor.` }),
  loadExtra: async ({ context, id }) => {
    const [autosave, authors] = await Promise.all([
      // A post the caller may not change has no autosave of theirs (403): the editor opens without it.
      id
        ? loadJson<PostAutosaveResponse>(context, `/api/admin/posts/${encodeURIComponent(id)}/autosave`).catch(
            () => null,
          )
        : null,
      loadAuthors(context),
    ]);
    return { autosave: autosave?.autosave ?? null, authors };
  },
  loadError: {
    notFoundTitle: 'Post not found',
    failedTitle: 'The post could not be loaded',
    back: { to: '/admin/posts', label: 'Back to all posts' },
  },
  // A new post is credited to the writer's own team member, when their account is linked to one.
  empty: ({ user, extra }) => ({
    ...emptyPostForm,
    ...authorFields(extra.authors.find((member) => member.id === user.teamMemberId)),
  }),
  toForm: formFromPost,
  toPayload: (values, status) => payloadFromForm(values, status ?? values.status),
  same: sameContent,
  validate: (values) => validatePostForm({ ...values, tags: parseTags(values.tagsText) }),
  failure: { fieldErrors: postFormErrors, sentenceOf: saveFailure },
  newActions: (user) => postActions(null, user),
  nameOf: (post) => post.title,
  revisions: {
    fields: postRevisionFields,
    current: autosaveFieldsFromForm,
    confirmText: { live: revisionMessages.restoreConfirmLive, draft: revisionMessages.restoreConfirmDraft },
  },
  autosave: autosaveFieldsFromForm,
  leaveGuard: {},
};

/** What is asked before a post without an author goes out, by the status it asks for. */
const withoutAuthorQuestion: Partial<Record<PostStatus, { title: string; confirmLabel: string }>> = {
  published: { title: 'Publish without an author?', confirmLabel: 'Publish without an author' },
  scheduled: { title: 'Schedule without an author?', confirmLabel: 'Schedule without an author' },
  in_review: { title: 'Submit without an author?', confirmLabel: 'Submit without an author' },
};

function Editor(data: LoadedDocument<AdminPost, PostExtra>) {
  const storageKey = draftStorageKey(data.document?.id);
  const document = useDocument<AdminPost, PostFormValues, PostExtra, PostStatus, PostStatus>(postKind, data, {
    // Unsaved text is kept in this browser as it is typed, and forgotten once back to the saved post.
    onChange: (next, saved) =>
      sameValues(next, saved) ? clearStoredDraft(storageKey) : writeStoredDraft(storageKey, next),
  });
  const { editor, saved: post, savedValues: initial, user, extra, may, hydrated } = document;
  const { values } = editor;
  // What the server allows on this post; for a new post the same rule, from the user's role. Another
  // person's post, or a consultant's own once submitted, opens read-only: nothing is offered that the
  // server would refuse.
  const mayEdit = may('edit');
  const mayPublish = may('publish');
  const live = post?.status === 'published';
  const drafts = usePostDrafts({ editor, post, loadedAutosave: extra.autosave, mayEdit, initial, storageKey });

  const save = (status: PostStatus, extra: WorkflowSaveExtra = {}) =>
    document.save(status, {
      status,
      extra,
      after: () => clearStoredDraft(storageKey),
      toast: (_saved, saved) => ({
        title: status === 'published' && live ? 'Post updated' : savedToastTitle(status),
        description: saved.title.trim(),
      }),
    });

  // A post that goes out (published, scheduled or sent for review) without an author would have no
  // byline: that is asked first. A live post being updated was already asked when it went out.
  const saveAskingForAuthor = (status: PostStatus, extra: WorkflowSaveExtra = {}) => {
    const ask = withoutAuthorQuestion[status];
    if (!ask || live || values.authorName.trim() !== '') return void save(status, extra);
    editor.confirm({
      title: ask.title,
      description:
        'This post has no author, so it will appear without a byline. Choose one under Author, or continue without.',
      confirmLabel: ask.confirmLabel,
      onConfirm: () => {
        editor.confirm(null);
        void save(status, extra);
      },
    });
  };

  return (
    <DocumentEditor<AdminPost>
      document={document}
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
      onSubmit={() => saveAskingForAuthor(values.status === 'published' && !mayPublish ? 'draft' : values.status)}
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
      onRestored={() => drafts.forget()}
      actions={
        <PostPublishCard
          editor={editor}
          post={post}
          user={user}
          mayEdit={mayEdit}
          mayPublish={mayPublish}
          hydrated={hydrated}
          autosave={document.autosave.state}
          onSave={saveAskingForAuthor}
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
      sidebar={<PostDetails editor={editor} authors={extra.authors} />}
    >
      <PostSections editor={editor} />
    </DocumentEditor>
  );
}

export const { loader, handle, Component, ErrorBoundary } = documentRoute(postKind, Editor);
