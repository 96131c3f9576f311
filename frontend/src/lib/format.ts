import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/** Dates are shown in UK time on the server and in every browser alike, so hydration always matches. */
const london = tz('Europe/London');

export function formatDate(iso: string | Date, pattern: 'MMM dd, yyyy' | 'MMMM dd, yyyy' | 'd MMM yyyy' | 'MMMM yyyy'): string {
  return format(typeof iso === 'string' ? new Date(iso) : iso, pattern, { in: london });
}

/** 12,345 */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-GB');
}
