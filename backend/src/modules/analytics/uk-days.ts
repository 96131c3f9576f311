import { formatDate } from '@northbeam/common';

/** The UK calendar day (Europe/London) of an instant, as YYYY-MM-DD. */
export function ukDay(instant: Date): string {
  return formatDate(instant, 'yyyy-MM-dd');
}

/** The UK wall-clock time of an instant, read as if it were UTC (its offset from UTC is the UK's). */
function ukWallClock(instant: number): number {
  const [date, time] = formatDate(new Date(instant), 'dd/MM/yyyy HH:mm:ss').split(' ');
  const [day, month, year] = date.split('/');
  return Date.parse(`${year}-${month}-${day}T${time}Z`);
}

/** Midnight UK time at the start of `day` (YYYY-MM-DD). UK clocks change at 01:00 UTC, never at midnight. */
export function ukDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  return new Date(utcMidnight - (ukWallClock(utcMidnight) - utcMidnight));
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
