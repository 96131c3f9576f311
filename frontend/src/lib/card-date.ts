/**
 * "Nov 03, 2026" in UK time, as formatDate(iso, 'MMM dd, yyyy') shows it, through the browser's
 * own Intl: the home page's cards need no date library on a first visit.
 */
const cardDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/London',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
});

export function formatCardDate(iso: string): string {
  return cardDate.format(new Date(iso));
}
