import { Link } from '@/components/ui/link';
import { Plus } from '@/components/ui/icons';
import { formatDate, replyTemplateActions, site, type ReplyTemplate, type StaffUser } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { buttonVariants } from '@/components/ui/button';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Reply templates',
    description: `Saved replies to ${site.name} enquiries.`,
    noindex: true,
  }),
};

/** Everyone in the inbox reads the templates; admins (enquiries: all) create and change them. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<ReplyTemplate>(context, request, {
    path: '/api/admin/reply-templates',
    filters: { names: [] },
    refusals: [400, 403],
  });
  return { user, ...load };
}

export function Component() {
  const { user, list, problem } = useLoaderData<typeof loader>();
  // Adding one is the action without a row: `replyTemplateActions` of a new template.
  const canAdd = replyTemplateActions(null, user).includes('edit');

  return (
    <ListScreen
      header={
        <>
          <BackLink to="/admin/enquiries">All enquiries</BackLink>
          <div className="mt-4">
            <AdminPageHeader
              eyebrow="Enquiries"
              title="Reply templates"
              description="Saved replies to start an answer from on an enquiry's screen, by name."
              actions={
                canAdd ? (
                  <Link to="/admin/reply-templates/new" className={buttonVariants()}>
                    <Plus aria-hidden="true" />
                    New template
                  </Link>
                ) : null
              }
            />
          </div>
        </>
      }
      problem={problem}
      problemHidesList
      list={list}
      noun="templates"
      empty={<ListEmptyCard testId="reply-templates-empty">No reply templates yet.</ListEmptyCard>}
      items={
        <ul className="mt-8 flex flex-col gap-3" data-testid="reply-templates-list">
          {list.items.map((template) => (
            <li
              key={template.id}
              className={cardSurface({
                className: 'grid gap-1 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6 md:px-6',
              })}
              data-testid="reply-template-row"
            >
              <div className="flex min-w-0 flex-col gap-1">
                {template.actions.includes('edit') ? (
                  <Link
                    to={`/admin/reply-templates/${template.id}`}
                    className="font-semibold break-words text-ink hover:text-beam"
                  >
                    {template.name}
                  </Link>
                ) : (
                  <span className="font-semibold break-words text-ink">{template.name}</span>
                )}
                <span className="line-clamp-2 text-sm break-words text-ink-muted">{template.body}</span>
              </div>
              <time className="text-xs text-ink-muted tabular-nums md:text-right" dateTime={template.updatedAt}>
                Updated {formatDate(template.updatedAt, 'd MMM yyyy, HH:mm')}
              </time>
            </li>
          ))}
        </ul>
      }
    />
  );
}
