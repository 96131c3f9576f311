import { temporal } from './temporal';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let intlFormat: Intl.DateTimeFormat | undefined;

/**
 * "Nov 03, 2026" in UK time, as formatDate(iso, 'MMM dd, yyyy') shows it, without a date library:
 * the home page's cards load while the visitor scrolls. Temporal where the browser has it (see
 * lib/temporal), else the browser's own Intl, created on first use. Both give the server's bytes.
 */
export function formatCardDate(iso: string): string {
  if (temporal) {
    const { year, month, day } = temporal.Instant.from(iso).toZonedDateTimeISO('Europe/London');
    return `${months[month - 1]} ${String(day).padStart(2, '0')}, ${year}`;
  }
  intlFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', month: 'short', day: '2-digit', year: 'numeric' });
  return intlFormat.format(new Date(iso));
}
