/**
 * API tokens (docs/product.md#api-tokens): what the admin screen and the server share. A token is
 * `nbt_` and 43 base64url characters (32 random bytes), shown once; the server keeps its SHA-256.
 */
import type { StaffRole } from './types.js';

export const apiTokenLimits = {
  /** Sentences name the token with its creator in the activity log's 200 characters. */
  nameMax: 60,
  listPageSize: 15,
  /** The expiry choices of the form, in days; a chosen date may be at most `maxDays` ahead. */
  expiryDays: [30, 90, 365] as const,
  maxDays: 365,
  /** Requests each token may make in a minute (every request counts, reads too). */
  requestsPerMinute: 600,
} as const;

export type ApiTokenExpiryDays = (typeof apiTokenLimits.expiryDays)[number];

/** What secret scanners look for: the prefix, then 43 base64url characters. */
export const apiTokenPrefix = 'nbt_';
export const apiTokenPattern = /^nbt_[A-Za-z0-9_-]{43}$/;

/**
 * `active`: it works. `revoked` and `expired`: it never works again. `inactive`: its creator is no
 * longer an active super admin (disabled, removed or given another role), so it does not work; it
 * works again if they become one again before it expires.
 */
export const apiTokenStatuses = ['active', 'expired', 'revoked', 'inactive'] as const;
export type ApiTokenStatus = (typeof apiTokenStatuses)[number];

export const apiTokenStatusLabels: Record<ApiTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  inactive: 'Stopped: its creator is no longer an active super admin',
};

export type ApiTokenAction = 'revoke';

/** A row of `/admin/api-tokens` (`GET /api/admin/api-tokens?page=`). */
export interface ApiToken {
  id: string;
  name: string;
  role: StaffRole;
  /** The first characters of the token (`nbt_AbCd`), to tell tokens apart; never enough to use one. */
  hint: string;
  /** Who made it; `id` null once their account is removed. */
  createdBy: { id: string | null; name: string };
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
  actions: ApiTokenAction[];
}

/** `POST /api/admin/api-tokens`: `expiresInDays` or `expiresOn` (YYYY-MM-DD, the token works until that day ends, UTC). */
export interface CreateApiTokenRequest {
  name: string;
  role: StaffRole;
  expiresInDays?: ApiTokenExpiryDays;
  expiresOn?: string;
}

/** The answer of a creation: the only time the token itself is ever sent. */
export interface CreatedApiToken {
  message: string;
  token: string;
  apiToken: ApiToken;
}

/** Revoking is offered on every token that is not revoked yet (an expired one too, to say it plainly). */
export function apiTokenActions(token: { revokedAt: string | null }): ApiTokenAction[] {
  return token.revokedAt ? [] : ['revoke'];
}

/** The activity log keeps an actor's name in 200 characters. */
const actorNameMax = 200;

/** The actor of a token's actions in the activity log (a very long creator's name is cut to fit). */
export function apiTokenActorName(tokenName: string, creatorName: string): string {
  const frame = `API token “${tokenName}” (created by )`;
  return `API token “${tokenName}” (created by ${creatorName.slice(0, actorNameMax - frame.length)})`;
}

export const apiTokenMessages = {
  nameRequired: 'Give the token a name',
  nameTooLong: `Name must be ${apiTokenLimits.nameMax} characters or less`,
  roleInvalid: 'Please choose a role',
  expiryRequired: 'Choose when the token expires',
  expiryInvalid: `Choose 30, 90 or 365 days, or a date`,
  expiryDateInvalid: `Choose a date after today and at most ${apiTokenLimits.maxDays} days ahead`,
  created: 'Copy the token now: it is shown only once.',
  notFound: 'API token not found',
  alreadyRevoked: 'This API token is already revoked',
  revoked: 'The token is revoked: it no longer works.',
  /** 401 for a bearer token that is unknown, revoked, expired or stopped. */
  invalid: 'This API token is not valid: it is unknown, revoked or expired, or its creator can no longer use it.',
  /** 400 when a request carries both a session cookie and a bearer token. */
  cookieAndToken: 'Send an API token or a session cookie, not both.',
  /** 403 on what only a person does (their account, sessions, two-factor sign-in, API tokens). */
  personOnly: 'An API token cannot do this: it needs a staff member signed in.',
  /** 429 when a token has used its minute's allowance. */
  tooManyRequests: `This API token has made more than ${apiTokenLimits.requestsPerMinute} requests this minute. Wait a moment and try again.`,
} as const;
