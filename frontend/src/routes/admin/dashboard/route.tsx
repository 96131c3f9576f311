import { ArrowRight, BookOpen, Download, FileText, Inbox, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  enquiryLimits,
  formatDate,
  roleLabels,
  site,
  staffLimits,
  team,
  type ActivityEntry,
  type EnquiryCounts,
  type ListPage,
  type PostSummary,
  type PrivacyRequestCounts,
  type PostWorkflowCounts,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ActivityFeed } from '@/components/admin/activity-feed';
import { ReviewQueueCard } from '@/components/admin/review-queue-card';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { loadJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Admin dashboard', description: `${site.name} staff dashboard.`, noindex: true }),
};

interface PlaybookDownload {
  id: string;
  email: string;
  createdAt: string;
}

interface DashboardData {
  user: StaffUser;
  labsCount: number;
  consultingCount: number;
  downloads: PlaybookDownload[];
  activity: ActivityEntry[];
  /** Null for a role without the inbox. */
  enquiries: EnquiryCounts | null;
  /** Null for a role without privacy requests. */
  privacy: PrivacyRequestCounts | null;
  /** The review queue and the schedule: admins only (null otherwise). */
  workflow: PostWorkflowCounts | null;
}

async function publishedCount(context: unknown, section: 'labs' | 'consulting'): Promise<number> {
  try {
    return (await loadJson<PostSummary[]>(context, `/api/posts/${section}`))?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Downloads come from the playbook module; until it exists (404) or for a role without access (403) the card is empty. */
async function recentDownloads(context: unknown): Promise<PlaybookDownload[]> {
  try {
    return (await loadJson<PlaybookDownload[]>(context, '/api/admin/playbook-downloads')) ?? [];
  } catch {
    return [];
  }
}

/** The latest entries of the activity log this staff member may read (their own for a consultant). */
async function recentActivity(context: unknown): Promise<ActivityEntry[]> {
  try {
    const page = await loadJson<ListPage<ActivityEntry>>(
      context,
      `/api/admin/activity?limit=${staffLimits.recentActivity}`,
    );
    return page?.items.slice(0, staffLimits.recentActivity) ?? [];
  } catch {
    return [];
  }
}

/** The inbox card's counts, within what this staff member may see (their own assignments for a consultant). */
async function enquiryCounts(context: unknown, user: StaffUser): Promise<EnquiryCounts | null> {
  if (user.permissions.enquiries === 'none') return null;
  try {
    return await loadJson<EnquiryCounts>(context, '/api/admin/enquiries/counts');
  } catch {
    return null;
  }
}

/** Open privacy requests, those due within 7 days and those overdue (the privacy team only). */
async function privacyCounts(context: unknown, user: StaffUser): Promise<PrivacyRequestCounts | null> {
  if (user.permissions.privacy !== 'all') return null;
  try {
    return await loadJson<PrivacyRequestCounts>(context, '/api/admin/deletion-requests/counts');
  } catch {
    return null;
  }
}

/** The "Awaiting review" card's counts (docs/product.md#publishing), for those who can publish. */
async function workflowCounts(context: unknown, user: StaffUser): Promise<PostWorkflowCounts | null> {
  if (user.permissions.posts !== 'all') return null;
  try {
    return await loadJson<PostWorkflowCounts>(context, '/api/admin/posts/workflow-counts');
  } catch {
    return null;
  }
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<DashboardData> {
  const user = await requireStaffUser(context, request);
  const [labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow] = await Promise.all([
    publishedCount(context, 'labs'),
    publishedCount(context, 'consulting'),
    recentDownloads(context),
    recentActivity(context),
    enquiryCounts(context, user),
    privacyCounts(context, user),
    workflowCounts(context, user),
  ]);
  return { user, labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow };
}

function Stat({
  label,
  value,
  accent,
}: {
  label: string;
  value: number;
  accent: 'bg-labs' | 'bg-consulting' | 'bg-line';
}) {
  return (
    <div className="flex items-center justify-between rounded-xl bg-mist px-4 py-3">
      <span className="flex items-center gap-2 text-sm text-ink-muted">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${accent}`} />
        {label}
      </span>
      <span className="font-display text-2xl font-semibold text-ink tabular-nums">{value}</span>
    </div>
  );
}

export function Component() {
  const { user, labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow } =
    useLoaderData<typeof loader>();
  const firstName = user.name.split(' ')[0];
  return (
    <>
      <section className="container-page py-10 sm:py-14">
        <div className="mb-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="eyebrow">{roleLabels[user.role]}</p>
            <h1 className="heading-1 mt-2">Welcome back, {firstName}</h1>
            <p className="lead mt-3 max-w-2xl">Signed in as {user.name}. Here is what is happening on the site.</p>
          </div>
        </div>

        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4 [&>*]:min-w-0">
          <Card className="flex flex-col" data-testid="card-blog-posts">
            <CardHeader>
              <FileText className="size-6 text-beam" aria-hidden="true" />
              <CardTitle>Blog Posts</CardTitle>
              <CardDescription>Write, edit and publish Labs and Consulting articles.</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <Link to="/admin/posts" className={buttonVariants({ className: 'w-full' })}>
                Manage posts
                <ArrowRight aria-hidden="true" />
              </Link>
            </CardContent>
          </Card>

          {workflow ? <ReviewQueueCard counts={workflow} /> : null}

          <Card data-testid="card-quick-stats">
            <CardHeader>
              <CardTitle>Quick Stats</CardTitle>
              <CardDescription>Published articles by section.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Stat label="Labs Posts" value={labsCount} accent="bg-labs" />
              <Stat label="Consulting Posts" value={consultingCount} accent="bg-consulting" />
              <Stat label="Draft Posts" value={0} accent="bg-line" />
            </CardContent>
          </Card>

          <Card data-testid="card-authors">
            <CardHeader>
              <Users className="size-6 text-beam" aria-hidden="true" />
              <CardTitle>Authors</CardTitle>
              <CardDescription>{team.length} team members can be credited on a post.</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2.5 text-sm">
                {team.map((member) => (
                  <li key={member.id} className="flex flex-col">
                    <span className="font-medium text-ink">{member.name}</span>
                    <span className="text-xs text-ink-muted">{member.role}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card data-testid="card-playbook-downloads">
            <CardHeader>
              <Download className="size-6 text-beam" aria-hidden="true" />
              <CardTitle>Playbook Downloads</CardTitle>
              <CardDescription>Total requests for the SME AI adoption playbook.</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="font-display text-5xl font-semibold text-ink tabular-nums" data-testid="playbook-total">
                {downloads.length}
              </p>
            </CardContent>
          </Card>

          {enquiries ? (
            <Card className="flex flex-col" data-testid="card-enquiries">
              <CardHeader>
                <Inbox className="size-6 text-beam" aria-hidden="true" />
                <CardTitle>Enquiries</CardTitle>
                <CardDescription>We promise a reply within {enquiryLimits.replyPromiseHours} hours.</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto flex flex-col gap-2">
                <Link
                  to="/admin/enquiries?status=new"
                  className="rounded-xl hover:opacity-80"
                  data-testid="enquiries-new"
                >
                  <Stat label="New" value={enquiries.new} accent="bg-consulting" />
                </Link>
                <Link to="/admin/enquiries" className="rounded-xl hover:opacity-80" data-testid="enquiries-unanswered">
                  <Stat
                    label={`Unanswered > ${enquiryLimits.replyPromiseHours} h`}
                    value={enquiries.unanswered}
                    accent="bg-labs"
                  />
                </Link>
                <Link
                  to="/admin/enquiries?status=spam"
                  className="rounded-xl hover:opacity-80"
                  data-testid="enquiries-spam"
                >
                  <Stat label="Suspected spam" value={enquiries.spam} accent="bg-line" />
                </Link>
              </CardContent>
            </Card>
          ) : null}
        </div>

        {user.permissions.privacy === 'all' ? (
          <Card
            className="mt-6 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between"
            data-testid="card-privacy"
          >
            <div className="flex items-start gap-4">
              <ShieldCheck className="mt-1 size-6 shrink-0 text-beam" aria-hidden="true" />
              <div>
                <CardTitle>Privacy requests</CardTitle>
                <CardDescription>
                  Data deletion and access requests, their statutory deadlines and decisions.
                </CardDescription>
                {privacy ? (
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="privacy-counts">
                    <span>{privacy.open} open</span>
                    <Link
                      to="/admin/privacy?due=soon"
                      className="font-semibold text-immersive-deep underline underline-offset-4"
                    >
                      {privacy.dueSoon} due within 7 days
                    </Link>
                    <Link
                      to="/admin/privacy?due=overdue"
                      className="font-semibold text-danger underline underline-offset-4"
                    >
                      {privacy.overdue} overdue
                    </Link>
                  </p>
                ) : null}
              </div>
            </div>
            <Link
              to="/admin/privacy"
              className={buttonVariants({ variant: 'outline', className: 'self-start sm:self-auto' })}
            >
              Open privacy requests
              <ArrowRight aria-hidden="true" />
            </Link>
          </Card>
        ) : null}

        <div className="mt-6 grid gap-6 lg:grid-cols-5 [&>*]:min-w-0">
          <Card className="lg:col-span-2" data-testid="card-guide">
            <CardHeader>
              <BookOpen className="size-6 text-beam" aria-hidden="true" />
              <CardTitle>How it works</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-sm leading-relaxed text-ink-muted">
              <p>
                <strong className="text-ink">Roles.</strong> The super admin (our CTO) and the admin (our Strategy
                Director) can create, edit, publish and delete any post. Consultants can create posts and save them as
                drafts only.
              </p>
              <p>
                <strong className="text-ink">Draft approval.</strong> A consultant submits a draft for review; it waits
                under &ldquo;Awaiting review&rdquo; until one of the two admins publishes it, schedules it or sends it
                back with a note. Drafts, posts in review and scheduled posts are never shown to visitors; signed-in
                staff can preview them at their article address.
              </p>
              <p>
                <strong className="text-ink">Playbook.</strong> The playbook download widget appears on the Home, About,
                Consulting, Labs and Immersive pages; every request is listed here.
              </p>
            </CardContent>
          </Card>

          <Card className="lg:col-span-3" data-testid="card-recent-downloads">
            <CardHeader className="flex-row items-center justify-between gap-3">
              <CardTitle>Recent playbook downloads</CardTitle>
              {user.permissions.playbook !== 'none' ? (
                <Link to="/admin/playbook" className="text-sm font-medium text-beam hover:underline">
                  All requests
                </Link>
              ) : null}
            </CardHeader>
            <CardContent>
              {downloads.length === 0 ? (
                <p className="rounded-xl bg-mist px-4 py-6 text-center text-sm text-ink-muted">
                  No playbook downloads yet.
                </p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead>
                      <tr className="border-b border-line text-ink-muted">
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Email
                        </th>
                        <th scope="col" className="py-2 font-medium">
                          Date
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {downloads.slice(0, 10).map((download) => (
                        <tr key={download.id} className="border-b border-line/60 last:border-0">
                          <td className="py-2 pr-4 break-all text-ink">{download.email}</td>
                          <td className="py-2 whitespace-nowrap text-ink-muted">
                            {formatDate(download.createdAt, 'd MMM yyyy, HH:mm')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <div className="mt-6 border-t border-line pt-4">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-ink">Recent activity</h3>
                  {user.permissions.activity !== 'none' ? (
                    <Link to="/admin/activity" className="text-sm font-medium text-beam hover:underline">
                      All activity
                    </Link>
                  ) : null}
                </div>
                <ActivityFeed entries={activity} compact className="mt-3" data-testid="recent-activity" />
              </div>
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}
