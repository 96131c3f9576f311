import {
  staffLimits,
  type ActivityEntry,
  type EnquiryCounts,
  type InboundMailboxStatus,
  type ListPage,
  type PostSummary,
  type PrivacyRequestCounts,
  type PostWorkflowCounts,
  type StaffUser,
  type TeamMember,
} from '@northbeam/common';
import { loadJson } from '@/lib/api';

// What the dashboard shows, each part loaded on its own: one that fails or is not the user's leaves its card empty.

/** A download of the playbook, on the dashboard's card. */
export interface PlaybookDownload {
  id: string;
  email: string;
  createdAt: string;
}

export interface DashboardData {
  user: StaffUser;
  labsCount: number;
  consultingCount: number;
  downloads: PlaybookDownload[];
  activity: ActivityEntry[];
  /** Null for a role without the inbox. */
  enquiries: EnquiryCounts | null;
  /** The connected mailbox's state: admins only (null otherwise). */
  mailbox: InboundMailboxStatus | null;
  /** Null for a role without privacy requests. */
  privacy: PrivacyRequestCounts | null;
  /** The review queue and the schedule: admins only (null otherwise). */
  workflow: PostWorkflowCounts | null;
  /** Who a post may be credited to. */
  authors: TeamMember[];
}

/** The team members a post may be credited to; none when the list cannot be read. */
export async function authorList(context: unknown): Promise<TeamMember[]> {
  return loadJson<TeamMember[]>(context, '/api/admin/team/authors')
    .then((list) => list ?? [])
    .catch(() => []);
}

export async function publishedCount(context: unknown, section: 'labs' | 'consulting'): Promise<number> {
  try {
    return (await loadJson<PostSummary[]>(context, `/api/posts/${section}`))?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Downloads come from the playbook module; until it exists (404) or for a role without access (403) the card is empty. */
export async function recentDownloads(context: unknown): Promise<PlaybookDownload[]> {
  try {
    return (await loadJson<PlaybookDownload[]>(context, '/api/admin/playbook-downloads')) ?? [];
  } catch {
    return [];
  }
}

/** The latest entries of the activity log this staff member may read (their own for a consultant). */
export async function recentActivity(context: unknown): Promise<ActivityEntry[]> {
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
export async function enquiryCounts(context: unknown, user: StaffUser): Promise<EnquiryCounts | null> {
  if (user.permissions.enquiries === 'none') return null;
  try {
    return await loadJson<EnquiryCounts>(context, '/api/admin/enquiries/counts');
  } catch {
    return null;
  }
}

/** Open privacy requests, those due within 7 days and those overdue (the privacy team only). */
export async function privacyCounts(context: unknown, user: StaffUser): Promise<PrivacyRequestCounts | null> {
  if (user.permissions.privacy !== 'all') return null;
  try {
    return await loadJson<PrivacyRequestCounts>(context, '/api/admin/deletion-requests/counts');
  } catch {
    return null;
  }
}

/** The "Awaiting review" card's counts (docs/product.md#publishing), for those who can publish. */
export async function workflowCounts(context: unknown, user: StaffUser): Promise<PostWorkflowCounts | null> {
  if (user.permissions.posts !== 'all') return null;
  try {
    return await loadJson<PostWorkflowCounts>(context, '/api/admin/posts/workflow-counts');
  } catch {
    return null;
  }
}

/** The connected mailbox's state and its Unmatched count (docs/inbound-mail.md), for admins. */
export async function mailboxStatus(context: unknown, user: StaffUser): Promise<InboundMailboxStatus | null> {
  if (user.permissions.enquiries !== 'all') return null;
  try {
    return await loadJson<InboundMailboxStatus>(context, '/api/admin/inbound-mail/status');
  } catch {
    return null;
  }
}
