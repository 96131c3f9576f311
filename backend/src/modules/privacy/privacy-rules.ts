import { createHash, randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import {
  limits,
  openPrivacyRequestStatuses,
  ukTimeZone,
  type DeletionRequestStatus,
  type privacyRequestActions,
  type PrivacyRequestType,
} from '@northbeam/common';
import type { DeletionRequest } from './entities/deletion-request.entity.js';

const dayMs = 24 * 60 * 60 * 1000;
const base32Alphabet = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';

export const openStatuses: DeletionRequestStatus[] = [...openPrivacyRequestStatuses];

/**
 * `months` calendar months after `date` on the UK calendar (docs/product.md#privacy-requests): received
 * on 31 January, due on 28 (or 29) February at the same UK time.
 */
export function monthsAfter(date: Date, months: number): Date {
  return new Date(addMonths(new TZDate(date.getTime(), ukTimeZone), months).getTime());
}

/** One calendar month after `date`: the statutory deadline of a request. */
export function oneMonthAfter(date: Date): Date {
  return monthsAfter(date, 1);
}

/** A prefix and 16 characters of an unambiguous base32 alphabet: 80 random bits. */
export function newPublicId(prefix: 'DDR' | 'DAR' | 'CNS'): string {
  const bytes = randomBytes(16);
  let id = '';
  for (const byte of bytes) id += base32Alphabet[byte % 32];
  return `${prefix}-${id}`;
}

/** `DDR-…` for a deletion, `DAR-…` for an access request. */
export function newRequestId(type: PrivacyRequestType = 'full_deletion'): string {
  return newPublicId(type === 'access' ? 'DAR' : 'DDR');
}

export function deadlineFlags(status: DeletionRequestStatus, deadlineAt: Date, now: Date) {
  const open = openStatuses.includes(status);
  const remaining = deadlineAt.getTime() - now.getTime();
  return {
    overdue: open && remaining < 0,
    dueSoon: open && remaining >= 0 && remaining <= limits.deletionDueSoonDays * dayMs,
  };
}

export function dueSoonHorizon(now: Date): Date {
  return new Date(now.getTime() + limits.deletionDueSoonDays * dayMs);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What decides the actions a request offers (see `privacyRequestActions`). */
export function actionFacts(request: DeletionRequest): Parameters<typeof privacyRequestActions>[0] {
  return {
    status: request.status,
    requestType: request.requestType,
    extendedAt: request.extendedAt,
    hasEmail: Boolean(request.email),
  };
}
