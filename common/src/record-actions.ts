/**
 * What a staff member may do with each kind of record, for the admin and the server only: the admin
 * shows what these allow, the server refuses through the same functions. Kept apart from the modules
 * public pages import (post, case study, team, enquiry, settings types and rules), so that the
 * permission table and the staff words of `staff.ts` never reach a public page's JavaScript.
 */
import type { CaseStudyAction } from './case-studies.js';
import type { EnquiryAction, ReplyTemplateAction } from './enquiries.js';
import type { PostAction } from './publishing.js';
import type { RedirectAction } from './site-settings.js';
import { permissionTable } from './staff.js';
import type { SubscriberAction } from './subscribers.js';
import type { TeamMemberAction } from './team.js';
import type { PostStatus, StaffRole } from './types.js';
import type { WebhookDeliveryAction, WebhookEndpointAction, WebhookEndpointStatus } from './webhooks.js';

/**
 * What a staff member may do with a case study: the area is all or nothing, so those with every case
 * study (`case-studies: all`) edit (and restore a revision), publish, unpublish and delete any of them,
 * and nobody else does anything. Which of publish and unpublish a screen offers follows the status.
 * `caseStudy` null: a new one (`edit` means they may add it, `publish` add it published). The server
 * refuses every change this list does not hold.
 */
export function caseStudyActions(caseStudy: { id: string } | null, user: { role: StaffRole }): CaseStudyAction[] {
  if (permissionTable[user.role]['case-studies'] !== 'all') return [];
  return caseStudy ? ['edit', 'publish', 'unpublish', 'delete'] : ['edit', 'publish'];
}

/**
 * What a staff member may do with an enquiry. Those with every enquiry (`enquiries: all`) change its
 * status, write notes, reply and assign it to anyone; a consultant (`enquiries: assigned`), only on an
 * enquiry assigned to them, changes its status, writes notes and replies, but does not reassign it.
 * Nobody else may do anything. The server refuses every change this list does not hold.
 */
export function enquiryActions(
  enquiry: { assigneeId: string | null },
  user: { id: string; role: StaffRole },
): EnquiryAction[] {
  const permission = permissionTable[user.role].enquiries;
  if (permission === 'all') return ['change_status', 'add_note', 'reply', 'assign'];
  if (permission === 'assigned' && enquiry.assigneeId === user.id) return ['change_status', 'add_note', 'reply'];
  return [];
}

/**
 * What a staff member may do with a saved reply: everyone in the inbox reads them to start a reply;
 * only those with every enquiry (`enquiries: all`) change (`edit`) or delete one. `template` null: a
 * new template (`edit` means they may add one). The server refuses every change this list does not hold.
 */
export function replyTemplateActions(
  template: { id: string } | null,
  user: { role: StaffRole },
): ReplyTemplateAction[] {
  if (permissionTable[user.role].enquiries !== 'all') return [];
  return template ? ['edit', 'delete'] : ['edit'];
}

export function postActions(
  post: { status: PostStatus; createdById: string | null } | null,
  user: { id: string; role: StaffRole },
): PostAction[] {
  const all = permissionTable[user.role].posts === 'all';
  const status = post?.status ?? 'draft';
  const own = !post || post.createdById === user.id;
  const actions: PostAction[] = [];
  if (all || (own && status === 'draft')) actions.push('edit');
  if (!all && own && status === 'draft') actions.push('submit_for_review');
  if (all) actions.push('publish');
  if (all && status !== 'published') actions.push('schedule');
  if (all && status === 'in_review') actions.push('send_back');
  return actions;
}

/**
 * What a staff member may do with a hand-made redirect: those who manage the settings
 * (`settings: all`) add one (`redirect` null) and remove any; nobody else does anything. The server
 * refuses every change this list does not hold.
 */
export function redirectActions(redirect: { id: string } | null, user: { role: StaffRole }): RedirectAction[] {
  if (permissionTable[user.role].settings !== 'all') return [];
  return redirect ? ['remove'] : ['add'];
}

/**
 * What a staff member may do with a subscriber: those with every subscriber (`subscribers: all`)
 * remove one; nobody else does anything (reading the list is not an action). The server refuses
 * every change this list does not hold.
 */
export function subscriberActions(_subscriber: { id: string }, user: { role: StaffRole }): SubscriberAction[] {
  return permissionTable[user.role].subscribers === 'all' ? ['remove'] : [];
}

/**
 * What a staff member may do with a team member. Those who manage the team (`team: all`) edit every
 * member, show or hide them and take them out of the strips, move them in the order and remove them;
 * a staff member with `team: own` only edits the member linked to their account (its words and photo,
 * not whether it is shown). `member` null: a new member (only those who manage the team add one).
 * The server refuses every change this list does not hold.
 */
export function teamMemberActions(
  member: { id: string } | null,
  user: { role: StaffRole; teamMemberId: string | null },
): TeamMemberAction[] {
  const permission = permissionTable[user.role].team;
  if (permission === 'all') return member ? ['edit', 'show_or_hide', 'reorder', 'remove'] : ['edit', 'show_or_hide'];
  if (permission === 'own' && member && member.id === user.teamMemberId) return ['edit'];
  return [];
}

/**
 * What a staff member may do with a webhook endpoint: the area is all or nothing (admins and super
 * admins). Pause or resume follows its status, and a test goes only to an active one; `endpoint` null: a new one (`edit` means they may add it).
 */
export function webhookEndpointActions(
  endpoint: { status: WebhookEndpointStatus } | null,
  user: { role: StaffRole },
): WebhookEndpointAction[] {
  if (permissionTable[user.role].webhooks !== 'all') return [];
  if (!endpoint) return ['edit'];
  return endpoint.status === 'active'
    ? ['edit', 'rotate_secret', 'pause', 'delete', 'send_test']
    : ['edit', 'rotate_secret', 'resume', 'delete'];
}

/** A delivery of the log is sent again (a new line, the same `webhook-id`) once it is no longer being tried. */
export function webhookDeliveryActions(
  delivery: { status: 'pending' | 'delivered' | 'failed' },
  user: { role: StaffRole },
): WebhookDeliveryAction[] {
  if (permissionTable[user.role].webhooks !== 'all' || delivery.status === 'pending') return [];
  return ['redeliver'];
}
