import { Pencil, Trash2, Upload } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import {
  formatDate,
  mediaLimits,
  mediaMessages,
  mediaVariantUrl,
  site,
  type MediaListItem,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { formatBytes } from '@/components/admin/media/media-client';
import { ListFilterBar } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { MediaUploadForm } from '@/components/admin/media/media-upload-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldControl } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Media',
    description: `The ${site.name} media library.`,
    noindex: true,
  }),
};

const filterNames = ['q'] as const;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<MediaListItem>(context, request, {
    path: '/api/admin/media',
    filters: { names: filterNames },
    pageSize: mediaLimits.listPageSize,
  });
  return { user, ...load };
}

export function Component() {
  const { user, list, problem } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const filters = useListScreenFilters(filterNames);
  const [uploading, setUploading] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<MediaListItem>();
  const [deleting, setDeleting] = useState(false);
  const mayDelete = user.permissions.media === 'all';

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await apiRequest('DELETE', `/api/admin/media/${pendingDelete.id}`);
      toast({ title: mediaMessages.deleted, description: pendingDelete.filename });
      await revalidator.revalidate();
    } catch (error) {
      // In use (409): the server's sentence names every use.
      toast({ title: 'The image was not deleted', description: errorSentence(error), variant: 'destructive' });
    } finally {
      setPendingDelete(undefined);
      setDeleting(false);
    }
  };

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Media"
          description="Images for posts and pages. Each is served in sizes and modern formats; one in use cannot be deleted."
          actions={
            <Button
              onClick={() => setUploading((open) => !open)}
              aria-expanded={uploading}
              data-testid="media-upload-toggle"
            >
              <Upload aria-hidden="true" />
              Upload image
            </Button>
          }
        />
      }
      filters={
        <>
          {uploading ? (
            <Card className="mt-8 p-6">
              <MediaUploadForm
                onUploaded={(item) => {
                  toast({ title: mediaMessages.uploaded, description: item.filename });
                  setUploading(false);
                  void revalidator.revalidate();
                }}
              />
            </Card>
          ) : null}
          <ListFilterBar
            filters={filters}
            label="Search media"
            search={{
              label: 'Search images',
              placeholder: 'Search file name or alt text...',
              maxLength: mediaLimits.searchMax,
            }}
            clearable={false}
            className="mt-8"
          />
        </>
      }
      problem={problem}
      list={list}
      noun="images"
      empty={
        <ListEmptyCard testId="media-empty">
          {filters.params.get('q') ? 'No images match this search.' : 'No images yet. Upload the first one.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="media-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <MediaCard
                item={item}
                mayDelete={mayDelete}
                onDelete={() => setPendingDelete(item)}
                onSaved={() => void revalidator.revalidate()}
              />
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={pendingDelete !== undefined}
        busy={deleting}
        onClose={() => setPendingDelete(undefined)}
        title="Delete image"
        description={
          <>
            Delete &quot;{pendingDelete?.filename}&quot; and all its sizes? Pages that still show it would lose it, so
            an image in use is never deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete image"
        busyLabel="Deleting..."
        onConfirm={() => void confirmDelete()}
      />
    </ListScreen>
  );
}

/** One image: thumbnail, facts, alt text (editable) and its actions. */
function MediaCard({
  item,
  mayDelete,
  onDelete,
  onSaved,
}: {
  item: MediaListItem;
  mayDelete: boolean;
  onDelete: () => void;
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const form = useForm<{ alt: string }>({ initial: { alt: item.alt } });
  const { bindForm } = form;
  const error = form.errors.alt;
  const saving = form.busy !== null;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = form.values.alt.trim();
    if (form.showErrors(text ? {} : { alt: mediaMessages.altRequired })) return;
    await form.run(
      'submit',
      async () => {
        await apiRequest('PATCH', `/api/admin/media/${item.id}`, { alt: text });
        toast({ title: mediaMessages.altSaved, description: item.filename });
        setEditing(false);
        onSaved();
      },
      (failure) => form.showErrors({ alt: errorSentence(failure) }),
    );
  };

  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="media-card">
      <a
        href={mediaVariantUrl(item.id, 1920, item.format === 'avif' ? 'avif' : 'webp')}
        target="_blank"
        rel="noreferrer"
        className="block bg-mist"
      >
        <img
          src={mediaVariantUrl(item.id, 640, 'webp')}
          alt={item.alt}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-contain"
        />
      </a>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink" title={item.filename}>
            {item.filename}
          </p>
          <p className="text-xs text-ink-muted">
            {item.width} × {item.height} · {item.format.toUpperCase()} · {formatBytes(item.size)}
          </p>
          <p className="text-xs text-ink-muted">
            {item.uploadedBy ? `${item.uploadedBy}, ` : ''}
            <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'd MMM yyyy')}</time>
          </p>
        </div>
        {editing ? (
          <form ref={bindForm} noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
            <label htmlFor={form.fieldId('alt')} className="text-xs font-medium text-ink">
              Alt text
            </label>
            <Input
              {...fieldControl(form.fieldId('alt'), error)}
              {...form.text('alt')}
              maxLength={mediaLimits.altMax}
              autoFocus
            />
            {error ? (
              <p id={`${form.fieldId('alt')}-error`} className="text-xs text-danger">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => {
                  setEditing(false);
                  form.reset({ alt: item.alt });
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm break-words text-ink" data-testid="media-alt">
            {item.alt}
          </p>
        )}
        <MediaUses uses={item.usedIn} />
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {editing ? null : (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit alt text
            </Button>
          )}
          {/* An image in use cannot be deleted (the server refuses with 409): no Delete to be refused. */}
          {mayDelete && item.usedIn.length === 0 ? (
            <Button size="sm" variant="ghost-danger" onClick={onDelete} aria-label={`Delete ${item.filename}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** Where the image shows (the server's list of its uses), so that nobody learns it from a refused delete. */
function MediaUses({ uses }: { uses: string[] }) {
  if (uses.length === 0) {
    return (
      <p className="text-xs text-ink-muted" data-testid="media-uses">
        Not used anywhere yet.
      </p>
    );
  }
  return (
    <div className="text-xs" data-testid="media-uses">
      <p className="font-medium text-ink">
        Used in {uses.length} {uses.length === 1 ? 'place' : 'places'} (it cannot be deleted while used)
      </p>
      <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-4 text-ink-muted">
        {uses.map((use, index) => (
          // Two records may read alike (two drafts of one title).
          <li key={`${index}-${use}`} className="break-words">
            {use}
          </li>
        ))}
      </ul>
    </div>
  );
}
