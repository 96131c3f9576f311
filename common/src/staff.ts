/** Staff accounts, permissions, two-factor sign-in and the activity log: what the browser and the server share. */
import { limits } from './limits.js';
import type { StaffRole } from './types.js';

/** The back-office areas that the permission table speaks about. */
export const staffAreas = [
  'posts',
  'case-studies',
  'team',
  'media',
  'enquiries',
  'subscribers',
  'newsletter',
  'playbook',
  'analytics',
  'privacy',
  'staff',
  'settings',
  'webhooks',
  'activity',
  'api-tokens',
  'imports',
] as const;
export type StaffArea = (typeof staffAreas)[number];

/**
 * What a role may do in an area. `all`: everything; `read`: look only; `own`: only what they created
 * (posts: their own drafts; activity: their own actions; team: the member linked to their account); `assigned`: only records assigned to them;
 * `upload`: upload and use (media); `none`: the area is closed to them.
 */
export const areaPermissionLevels = ['none', 'read', 'own', 'assigned', 'upload', 'all'] as const;
export type AreaPermission = (typeof areaPermissionLevels)[number];

export type StaffPermissions = Record<StaffArea, AreaPermission>;

/** The one permission table: the server enforces it on every admin call, the browser only mirrors it. */
export const permissionTable: Record<StaffRole, StaffPermissions> = {
  super_admin: {
    posts: 'all',
    'case-studies': 'all',
    team: 'all',
    media: 'all',
    enquiries: 'all',
    subscribers: 'all',
    newsletter: 'all',
    playbook: 'all',
    analytics: 'all',
    privacy: 'all',
    staff: 'all',
    settings: 'all',
    webhooks: 'all',
    activity: 'all',
    'api-tokens': 'all',
    imports: 'all',
  },
  admin: {
    posts: 'all',
    'case-studies': 'all',
    team: 'all',
    media: 'all',
    enquiries: 'all',
    subscribers: 'all',
    newsletter: 'all',
    playbook: 'all',
    analytics: 'all',
    privacy: 'all',
    staff: 'read',
    settings: 'all',
    webhooks: 'all',
    activity: 'all',
    'api-tokens': 'none',
    imports: 'all',
  },
  consultant: {
    posts: 'own',
    'case-studies': 'none',
    team: 'own',
    media: 'upload',
    enquiries: 'assigned',
    subscribers: 'none',
    newsletter: 'none',
    playbook: 'none',
    analytics: 'read',
    privacy: 'none',
    staff: 'none',
    settings: 'none',
    webhooks: 'none',
    activity: 'own',
    'api-tokens': 'none',
    imports: 'none',
  },
  // The privacy area and nothing else (docs/product.md#privacy-officer).
  privacy_officer: {
    posts: 'none',
    'case-studies': 'none',
    team: 'none',
    media: 'none',
    enquiries: 'none',
    subscribers: 'none',
    newsletter: 'none',
    playbook: 'none',
    analytics: 'none',
    privacy: 'all',
    staff: 'none',
    settings: 'none',
    activity: 'none',
    'api-tokens': 'none',
    webhooks: 'none',
    imports: 'none',
  },
};

/**
 * Whether a granted permission meets what a call requires. `read` is met by any access (scoped
 * access reads its own scope); `all` only by `all`; `own`, `assigned` and `upload` by themselves or `all`.
 */
export function permissionSatisfies(granted: AreaPermission, required: Exclude<AreaPermission, 'none'>): boolean {
  if (granted === 'none') return false;
  if (granted === 'all' || required === 'read') return true;
  return granted === required;
}

export function permissionsFor(role: StaffRole): StaffPermissions {
  return { ...permissionTable[role] };
}

/** Navigation labels of the areas, in navigation order. */
export const areaLabels: Record<StaffArea, string> = {
  posts: 'Posts',
  'case-studies': 'Case studies',
  team: 'Team',
  media: 'Media',
  enquiries: 'Enquiries',
  subscribers: 'Subscribers',
  newsletter: 'Newsletter',
  playbook: 'Playbook',
  analytics: 'Analytics',
  privacy: 'Privacy',
  staff: 'Staff',
  settings: 'Settings',
  webhooks: 'Webhooks',
  activity: 'Activity',
  'api-tokens': 'API tokens',
  imports: 'Import',
};

export const roleLabels: Record<StaffRole, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  consultant: 'Consultant',
  privacy_officer: 'Privacy officer',
};

/**
 * `STAFF_2FA`: who must enrol two-factor sign-in. `admins` means super_admin and admin, and the
 * privacy officer, who reads every requester's records (docs/product.md#privacy-officer).
 */
export const twoFactorPolicies = ['required', 'admins', 'optional'] as const;
export type TwoFactorPolicy = (typeof twoFactorPolicies)[number];

export function twoFactorRequiredFor(policy: TwoFactorPolicy, role: StaffRole): boolean {
  switch (policy) {
    case 'required':
      return true;
    case 'admins':
      return role === 'super_admin' || role === 'admin' || role === 'privacy_officer';
    case 'optional':
      return false;
  }
}

/**
 * The signed-in staff member: `GET /api/admin/user`, the answer of a completed sign-in, and the actor
 * every service method acts for (the one name of that concept).
 */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
  /** The policy requires two-factor sign-in for this account and it has not enrolled yet. */
  twoFactorSetupRequired: boolean;
  permissions: StaffPermissions;
  /** The team member this account writes as (the default author of its posts), or null. */
  teamMemberId: string | null;
  /** Present in the session of the account's first sign-in (the admin then says "Welcome", not "Welcome back"). */
  firstSignIn?: true;
}

/** `POST /api/staff-invitations/{token}`: the account is made and its owner signed in. */
export interface AcceptedInvitation {
  message: string;
  user: StaffUser;
}

/** `POST /api/admin/login`: either signed in or a code is needed next. */
export type LoginResponse = { user: StaffUser } | { twoFactorRequired: true };

/** One page of a server-paginated admin list (`?page=`, 1-based). */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const staffStatuses = ['active', 'disabled', 'invited'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** A row of `/admin/staff`. An invited person has an account only once they accept: until then `id` is the invitation's. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
  lastSignInAt: string | null;
  disabled: boolean;
  invitation: null | { expiresAt: string };
  /** The team member this account writes as (docs/product.md#team), or null. */
  teamMemberId: string | null;
  /** What the staff member who asked may do to this row now (`staffMemberActions`). */
  actions: StaffMemberAction[];
}

export const staffMemberActionNames = [
  'change_role',
  'send_password_reset',
  'sign_out_everywhere',
  'enable',
  'disable',
  'remove',
  'resend_invitation',
  'withdraw_invitation',
  'rename',
  'link_team_member',
] as const;
export type StaffMemberAction = (typeof staffMemberActionNames)[number];

/**
 * The actions a row of the staff screen offers: only to whoever may change staff accounts; on an
 * invitation not yet accepted, sending it again (a new link, the old one stops working) or withdrawing
 * it; none on your own row (your password, two-factor sign-in and sessions are managed on your account
 * page; a super admin still renames their own account and links it to a team member here). Enable or disable follows the account's state. The server computes this list with the rows;
 * the last-super-admin rule stays a refusal of the server's (409), since it depends on the other
 * accounts at the moment of the change.
 */
export function staffMemberActions(
  member: { id: string; disabled: boolean; invitation: unknown },
  user: { id: string; role: StaffRole },
): StaffMemberAction[] {
  if (permissionTable[user.role].staff !== 'all') return [];
  if (member.invitation) return member.id === user.id ? [] : ['resend_invitation', 'withdraw_invitation'];
  if (member.id === user.id) return ['rename', 'link_team_member'];
  return [
    'rename',
    'link_team_member',
    'change_role',
    'send_password_reset',
    'sign_out_everywhere',
    member.disabled ? 'enable' : 'disable',
    'remove',
  ];
}

export interface InviteStaffRequest {
  email: string;
  role: StaffRole;
}

export interface UpdateStaffRequest {
  role?: StaffRole;
  disabled?: boolean;
  name?: string;
  /** A team member's id, or null to unlink. */
  teamMemberId?: string | null;
}

/** `PATCH /api/admin/account`: what every member of staff changes about themselves. */
export interface UpdateAccountRequest {
  name: string;
}

export interface InvitationDetails {
  email: string;
  role: StaffRole;
}

export interface AcceptInvitationRequest {
  name: string;
  password: string;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** A row of "My sessions". */
export interface StaffSession {
  id: string;
  /** "Chrome on macOS"; "Unknown browser" when the user agent says nothing useful. */
  browser: string;
  firstSeenAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** Activity log actions and their labels. Areas added later append their actions here. */
export const activityActionLabels = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.password_reset_requested': 'Requested a password reset link',
  'auth.password_reset': 'Reset their password',
  'two_factor.enabled': 'Turned on two-factor sign-in',
  'two_factor.disabled': 'Turned off two-factor sign-in',
  'two_factor.recovery_code_used': 'Signed in with a recovery code',
  'two_factor.recovery_codes_regenerated': 'Made new recovery codes',
  'two_factor.reset': 'Two-factor sign-in reset from the command line',
  'session.ended': 'Ended a session',
  'staff.invited': 'Invited a staff member',
  'staff.invitation_accepted': 'Accepted an invitation',
  'staff.role_changed': 'Changed a role',
  'staff.disabled': 'Disabled a staff account',
  'staff.enabled': 'Enabled a staff account',
  'staff.password_reset_sent': 'Sent a password reset link',
  'staff.signed_out_everywhere': 'Signed a staff member out everywhere',
  'staff.removed': 'Removed a staff account',
  'post.created': 'Created a post',
  'post.updated': 'Updated a post',
  'post.published': 'Published a post',
  'post.unpublished': 'Unpublished a post',
  'post.deleted': 'Deleted a post',
  'privacy.request_approved': 'Approved a privacy request',
  'privacy.request_rejected': 'Rejected a privacy request',
  'privacy.request_completed': 'Completed a privacy request',
  'enquiry.status_changed': 'Changed the status of an enquiry',
  'enquiry.assigned': 'Changed who an enquiry is assigned to',
  'enquiry.exported': 'Exported enquiries as CSV',
  'inbound_mail.attached': 'Attached an unmatched mail to an enquiry',
  'inbound_mail.dismissed': 'Dismissed an unmatched mail',
  'site.exported': 'Exported the whole site',
  'subscriber.removed': 'Removed a newsletter subscriber',
  'subscriber.exported': 'Exported subscribers as CSV',
  'playbook.exported': 'Exported playbook requests as CSV',
  'newsletter.draft_created': 'Created a newsletter draft',
  'newsletter.draft_updated': 'Updated a newsletter draft',
  'newsletter.draft_deleted': 'Deleted a newsletter draft',
  'newsletter.test_sent': 'Sent a newsletter test to themselves',
  'newsletter.sent': 'Sent a newsletter issue',
  'newsletter.scheduled': 'Scheduled a newsletter issue',
  'newsletter.unscheduled': 'Cancelled the schedule of a newsletter issue',
  // Revisions (docs/product.md#revisions): a restore is a save of an earlier revision's fields.
  'post.restored': 'Restored an earlier revision of a post',
  // Media library
  'media.uploaded': 'Uploaded an image',
  'media.alt_changed': 'Changed the alt text of an image',
  'media.deleted': 'Deleted an image',
  // Privacy operations (docs/product.md#privacy-requests, #consent-records).
  'privacy.request_extended': 'Extended the deadline of a privacy request',
  'privacy.consent_exported': 'Exported a consent record',
  'privacy.export_reviewed': 'Reviewed the records of an access request before disclosure',
  // Scheduling and review (docs/product.md#publishing); the scheduler's publications are logged as 'post.published' without an actor.
  'post.scheduled': 'Scheduled a post',
  'post.unscheduled': 'Cancelled the schedule of a post',
  'post.submitted_for_review': 'Submitted a post for review',
  'post.sent_back': 'Sent a post back to its author',
  // Case studies in the admin.
  'case_study.created': 'Created a case study',
  'case_study.updated': 'Updated a case study',
  'case_study.published': 'Published a case study',
  'case_study.unpublished': 'Unpublished a case study',
  'case_study.deleted': 'Deleted a case study',
  'case_study.restored': 'Restored an earlier revision of a case study',
  // The team (docs/product.md#team) and account names.
  'team.member_created': 'Added a team member',
  'team.member_updated': 'Updated a team member',
  'team.member_deleted': 'Removed a team member',
  'team.reordered': 'Reordered the team',
  'staff.team_member_linked': 'Changed the team member of a staff account',
  'staff.renamed': 'Renamed a staff account',
  'account.renamed': 'Changed their name',
  'settings.updated': 'Changed the site settings',
  'settings.mailbox_changed': 'Moved a mailbox of the site',
  'settings.playbook_uploaded': 'Uploaded the playbook document',
  'settings.playbook_reset': 'Went back to the shipped playbook',
  'redirect.created': 'Added a redirect',
  'redirect.deleted': 'Removed a redirect',
  // Replies from the inbox and their saved templates.
  'enquiry.replied': 'Replied to an enquiry',
  'reply_template.created': 'Created a reply template',
  'reply_template.updated': 'Updated a reply template',
  'reply_template.deleted': 'Deleted a reply template',
  'notifications.preferences_changed': 'Changed which notifications they receive',
  // API tokens (docs/product.md#api-tokens).
  'api_token.created': 'Created an API token',
  'api_token.revoked': 'Revoked an API token',
  // Webhooks (docs/webhooks.md); the automatic pause of a failing endpoint is logged without an actor.
  'webhook.created': 'Added a webhook endpoint',
  'webhook.updated': 'Changed a webhook endpoint',
  'webhook.secret_rotated': 'Made a new signing secret for a webhook endpoint',
  'webhook.paused': 'Paused a webhook endpoint',
  'webhook.resumed': 'Resumed a webhook endpoint',
  'webhook.deleted': 'Deleted a webhook endpoint',
  'webhook.test_sent': 'Sent a test event to a webhook endpoint',
  'webhook.redelivered': 'Redelivered a webhook event',
  // Imports of a WordPress or Ghost site (docs/import.md): one line per run, with its file and counts.
  'import.completed': 'Imported a site export',
  'import.failed': 'Ran an import that failed',
} as const;
export type ActivityAction = keyof typeof activityActionLabels;
export const activityActions = Object.keys(activityActionLabels) as ActivityAction[];

export function isActivityAction(value: string): value is ActivityAction {
  return Object.prototype.hasOwnProperty.call(activityActionLabels, value);
}

export const activityTargetTypes = [
  'staff',
  'invitation',
  'post',
  'deletion_request',
  'session',
  'enquiry',
  'export',
  'subscriber',
  'newsletter_issue',
  'media',
  'case_study',
  'team_member',
  'settings',
  'redirect',
  'reply_template',
  'api_token',
  'webhook_endpoint',
  'import',
  'inbound_mail',
] as const;
export type ActivityTargetType = (typeof activityTargetTypes)[number];

/** A row of `/admin/activity` (`GET /api/admin/activity?page=&actor=&action=&from=&to=`). */
export interface ActivityEntry {
  id: string;
  at: string;
  /** Who acted, by the name they had then; `email` is their current address, null once the account is removed. */
  actor: { id: string; name: string; email: string | null } | null;
  action: ActivityAction;
  targetType: ActivityTargetType | null;
  targetId: string | null;
  targetLabel: string | null;
}

/** Sizes and windows of staff accounts. */
export const staffLimits = {
  listPageSize: 15,
  recentActivity: 10,
  invitationHours: 72,
  passwordResetMinutes: 60,
  pendingTwoFactorMinutes: 5,
  recoveryCodeCount: 10,
  totpDigits: 6,
  totpPeriodSeconds: 30,
  activityRetentionYears: 2,
  nameMax: 100,
  emailMax: 254,
} as const;

/** A TOTP code as typed (spaces allowed between groups) and a recovery code `xxxxx-xxxxx`. */
export const totpCodePattern = /^\d{6}$/;
export const recoveryCodePattern = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** User-facing sentences of staff accounts (exact). */
export const staffMessages = {
  twoFactorRequired: 'Enter the code from your authenticator app',
  invalidCode: 'Invalid code',
  signInAgain: 'Sign in again',
  setUpTwoFactor: 'Set up two-factor sign-in to continue',
  twoFactorRequiredByPolicy: 'Two-factor sign-in is required for your role',
  passwordIncorrect: 'Password is incorrect',
  passwordResetRequested: 'If that address belongs to a staff account, we have sent a link to reset its password.',
  passwordResetLinkInvalid: 'This link has expired or has already been used.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  invitationInvalid: 'This invitation has expired or has already been used.',
  invitationAccepted: 'Your account is ready. You are signed in.',
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  staffEmailTaken: 'A staff account with that email already exists',
  lastSuperAdmin: 'The last active super admin cannot be demoted, disabled or removed',
  staffNotFound: 'Staff member not found',
  sessionNotFound: 'Session not found',
  roleInvalid: 'Please choose a role',
  nameTooLong: 'Name must be 100 characters or less',
  twoFactorNotSetUp: 'Start two-factor setup first',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on',
  twoFactorNotEnabled: 'Two-factor sign-in is not on',
  dateInvalid: 'Use a date as YYYY-MM-DD',
  actionInvalid: 'Unknown action',
} as const;

/** The problem with a proposed password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < limits.passwordMin) return `Password must be at least ${limits.passwordMin} characters`;
  if (password.length > limits.passwordMax) return `Password must be at most ${limits.passwordMax} characters`;
  return undefined;
}
