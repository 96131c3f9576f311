import { ArrowRight, BookOpen, Download, FileText, Inbox, ShieldCheck, Users } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  areaLabels,
  enquiryLimits,
  formatDate,
  permissionTable,
  roleLabels,
  site,
  staffAreas,
  staffRoles,
  type AreaPermission,
  type InboundMailboxStatus,
  type StaffRole,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ActivityFeed } from '@/components/admin/activity-feed';
import { ReviewQueueCard } from '@/components/admin/review-queue-card';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requireStaffUser } from '@/lib/staff';
import {
  authorList,
  DashboardData,
  publishedCount,
  recentDownloads,
  recentActivity,
  enquiryCounts,
  privacyCounts,
  workflowCounts,
  mailboxStatus,
} from './dashboard-data';

export const handle: RouteHandle = {
  head: () => ({ title: 'Admin dashboard', description: `${site.name} staff dashboard.`, noindex: true }),
};

/** How each level of the permission table reads in the guide. */
const levelPhrases: Record<Exclude<AreaPermission, 'none'>, string> = {
  all: 'manage',
  read: 'see',
  own: 'work on their own',
  assigned: 'handle what is assigned to them in',
  upload: 'upload to and use',
};

/** The roles, and what each may do, written from the permission table (common/src/staff.ts). */
function roleGuide(role: StaffRole): string {
  const parts = (Object.keys(levelPhrases) as (keyof typeof levelPhrases)[]).flatMap((level) => {
    const areas = staffAreas.filter((area) => permissionTable[role][area] === level).map((area) => areaLabels[area]);
    return areas.length ? [`${levelPhrases[level]} ${areas.join(', ')}`] : [];
  });
  return parts.length ? `${parts.join('; ')}.` : 'nothing in the admin yet.';
}

/** The roles that publish posts: every right over posts. */
const publishingRoles = staffRoles.filter((role) => permissionTable[role].posts === 'all');

export async function loader({ context, request }: LoaderFunctionArgs): Promise<DashboardData> {
  const user = await requireStaffUser(context, request);
  const [labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow, authors, mailbox] =
    await Promise.all([
      publishedCount(context, 'labs'),
      publishedCount(context, 'consulting'),
      recentDownloads(context),
      recentActivity(context),
      enquiryCounts(context, user),
      privacyCounts(context, user),
      workflowCounts(context, user),
      authorList(context),
      mailboxStatus(context, user),
    ]);
  return { user, labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow, authors, mailbox };
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

/** The connected mailbox's state under the inbox counts: when it last answered, or why it does not, and Unmatched. */
function MailboxLine({ mailbox }: { mailbox: InboundMailboxStatus }) {
  const time = (value: string | null) => (value ? formatDate(value, 'd MMM yyyy, HH:mm') : 'never');
  return (
    <div
      className="mt-1 flex flex-col gap-1 text-xs text-ink-muted"
      data-testid="mailbox-status"
      data-state={mailbox.state}
    >
      {mailbox.state === 'off' ? (
        <p>No mailbox connected: answers to replies go to the replying staff member (INBOUND_IMAP_URL).</p>
      ) : mailbox.state === 'failing' ? (
        <p className="text-danger">
          Mailbox unreachable ({mailbox.failures} {mailbox.failures === 1 ? 'try' : 'tries'}): {mailbox.lastError}. Next
          try {time(mailbox.nextAttemptAt)}; nothing is lost meanwhile. Last checked {time(mailbox.lastSuccessAt)}.
        </p>
      ) : (
        <p>Mailbox checked {time(mailbox.lastSuccessAt)}.</p>
      )}
      {mailbox.configured ? (
        <Link
          to="/admin/enquiries/unmatched"
          className="font-semibold text-ink underline underline-offset-4"
          data-testid="mailbox-unmatched"
        >
          Unmatched mail: {mailbox.unmatched}
        </Link>
      ) : null}
    </div>
  );
}

export function Component() {
  const { user, labsCount, consultingCount, downloads, activity, enquiries, privacy, workflow, authors, mailbox } =
    useLoaderData<typeof loader>();
  const firstName = user.name.split(' ')[0];
  const writes = user.permissions.posts !== 'none';
  return (
    <>
      <section className="container-page py-10 sm:py-14">
        <div className="mb-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="eyebrow">{roleLabels[user.role]}</p>
            {/* "Welcome back" from the second sign-in on (the server marks the first session). */}
            <h1 className="heading-1 mt-2">
              {user.firstSignIn ? 'Welcome' : 'Welcome back'}, {firstName}
            </h1>
            <p className="lead mt-3 max-w-2xl">Signed in as {user.name}. Here is what is happening on the site.</p>
          </div>
        </div>

        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4 [&>*]:min-w-0">
          {/* A role without posts (the privacy officer) sees none of the post and playbook cards. */}
          {writes ? (
            <>
              <Card className="flex flex-col" data-testid="card-blog-posts">
                <CardHeader>
                  <FileText className="size-6 text-beam" aria-hidden="true" />
                  <CardTitle as="h2">Blog Posts</CardTitle>
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
                  <CardTitle as="h2">Quick Stats</CardTitle>
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
                  <CardTitle as="h2">Authors</CardTitle>
                  <CardDescription>
                    {authors.length === 1
                      ? '1 team member can be credited on a post.'
                      : `${authors.length} team members can be credited on a post.`}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <ul className="flex flex-col gap-2.5 text-sm">
                    {authors.map((member) => (
                      <li key={member.id} className="flex flex-col">
                        <span className="font-medium text-ink">{member.name}</span>
                        <span className="text-xs text-ink-muted">{member.role}</span>
                      </li>
                    ))}
                  </ul>
                  {user.permissions.team !== 'none' ? (
                    <Link to="/admin/team" className="text-sm font-medium text-beam hover:underline">
                      {user.permissions.team === 'all' ? 'Manage the team' : 'Your team profile'}
                    </Link>
                  ) : null}
                </CardContent>
              </Card>

              <Card data-testid="card-playbook-downloads">
                <CardHeader>
                  <Download className="size-6 text-beam" aria-hidden="true" />
                  <CardTitle as="h2">Playbook Downloads</CardTitle>
                  <CardDescription>Total requests for the SME AI adoption playbook.</CardDescription>
                </CardHeader>
                <CardContent>
                  <p className="font-display text-5xl font-semibold text-ink tabular-nums" data-testid="playbook-total">
                    {downloads.length}
                  </p>
                </CardContent>
              </Card>
            </>
          ) : null}

          {enquiries ? (
            <Card className="flex flex-col" data-testid="card-enquiries">
              <CardHeader>
                <Inbox className="size-6 text-beam" aria-hidden="true" />
                <CardTitle as="h2">Enquiries</CardTitle>
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
                <Link
                  to="/admin/enquiries?overdue=true"
                  className="rounded-xl hover:opacity-80"
                  data-testid="enquiries-unanswered"
                >
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
                {mailbox ? <MailboxLine mailbox={mailbox} /> : null}
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
                <CardTitle as="h2">Privacy requests</CardTitle>
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
              <CardTitle as="h2">How it works</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-sm leading-relaxed text-ink-muted">
              <div>
                <strong className="text-ink">Roles.</strong> What each role may do:
                <ul className="mt-2 flex flex-col gap-1.5" data-testid="guide-roles">
                  {staffRoles.map((role) => (
                    <li key={role}>
                      <span className="font-medium text-ink">{roleLabels[role]}s</span> {roleGuide(role)}
                    </li>
                  ))}
                </ul>
              </div>
              <p>
                <strong className="text-ink">Draft approval.</strong> Whoever may only work on their own posts submits a
                draft for review; it waits under &ldquo;Awaiting review&rdquo; until{' '}
                {publishingRoles
                  .map((role) => roleLabels[role].toLowerCase())
                  .map((label) => `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`)
                  .join(' or ')}{' '}
                publishes it, schedules it or sends it back with a note. Drafts, posts in review and scheduled posts are
                never shown to visitors; signed-in staff can preview them at their article address.
              </p>
              <p>
                <strong className="text-ink">Playbook.</strong> The playbook download widget appears on the Home, About,
                Consulting, Labs and Immersive pages; every request is listed here.
              </p>
            </CardContent>
          </Card>

          {writes ? (
            <Card className="lg:col-span-3" data-testid="card-recent-downloads">
              <CardHeader className="flex-row items-center justify-between gap-3">
                <CardTitle as="h2">Recent playbook downloads</CardTitle>
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
          ) : null}
        </div>
      </section>
    </>
  );
}
