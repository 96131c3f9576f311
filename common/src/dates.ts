/**
 * Dates and times. Every date the site shows (pages on the server and in the browser, mails) is in
 * UK time (Europe/London), whatever the time zone of the machine or the visitor, so server and
 * browser render the same text and hydration always matches.
 *
 * No date library, and no `Intl.DateTimeFormat` where the browser has Temporal: the first
 * `Intl.DateTimeFormat` a page creates loads ICU's formatting data (~50 ms of main thread, four
 * times that on the phone Lighthouse simulates; bench/HISTORY.md, fourth and fifth passes), and a
 * date library on the home page's cards or in the article's hydration paid exactly that. Temporal
 * answers which UK calendar day and time an instant is; the server and browsers without Temporal
 * ask one `Intl.DateTimeFormat`, created on first use. The patterns are a closed list (below), each
 * written as date-fns would write it (the unit test checks them against date-fns).
 */
export const ukTimeZone = 'Europe/London';

interface ZonedFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

interface TemporalApi {
  Now: { timeZoneId(): string };
  Instant: { fromEpochMilliseconds(milliseconds: number): { toZonedDateTimeISO(zone: string): ZonedFields } };
}

/** The browser's Temporal where it has one (Chrome, Firefox; not Node 20 nor every Safari), typed as far as the site uses it. */
export const temporal: TemporalApi | undefined = (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The patterns the site shows, in date-fns's notation: "Jul 01, 2025", "1 Jul 2025, 00:30", "01/07/2025 00:30:00", … */
export type DatePattern =
  | 'MMM dd, yyyy'
  | 'MMMM dd, yyyy'
  | 'd MMM yyyy'
  | 'd MMMM yyyy'
  | 'MMMM yyyy'
  | 'yyyy-MM-dd'
  | 'yyyy'
  | 'd MMM yyyy, HH:mm'
  | 'dd/MM/yyyy HH:mm:ss'
  | 'dd/MM/yyyy HH:mm'
  | 'HH:mm';

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

let ukFormat: Intl.DateTimeFormat | undefined;

/** UK wall-clock fields of an instant by Intl (slow: a `formatToParts` call, about 10 µs). */
function intlFields(epochMilliseconds: number): ZonedFields {
  ukFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: ukTimeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const fields: Record<string, number> = {};
  for (const part of ukFormat.formatToParts(epochMilliseconds)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields as unknown as ZonedFields;
}

const hourMilliseconds = 3_600_000;
/** UK offset from UTC in milliseconds by UTC hour (the clocks change on the hour), at most 4,096 hours kept. */
const offsetByHour = new Map<number, number>();

function ukOffset(epochMilliseconds: number): number {
  const hour = Math.floor(epochMilliseconds / hourMilliseconds);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const at = hour * hourMilliseconds;
    const fields = intlFields(at);
    offset = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) - at;
    if (offsetByHour.size >= 4096) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * An instant's UK wall-clock fields. Without Temporal (Node 20, some browsers) Intl gives the UK's
 * offset once per UTC hour and the fields come from plain arithmetic: a page lists dozens of dates,
 * and a `formatToParts` per date was a visible part of a server render.
 */
function ukFields(epochMilliseconds: number): ZonedFields {
  if (temporal) return temporal.Instant.fromEpochMilliseconds(epochMilliseconds).toZonedDateTimeISO(ukTimeZone);
  const wall = new Date(epochMilliseconds + ukOffset(epochMilliseconds));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

const tokens: Record<string, (fields: ZonedFields) => string> = {
  yyyy: (fields) => String(fields.year).padStart(4, '0'),
  MMMM: (fields) => monthNames[fields.month - 1],
  MMM: (fields) => monthNames[fields.month - 1].slice(0, 3),
  MM: (fields) => two(fields.month),
  dd: (fields) => two(fields.day),
  d: (fields) => String(fields.day),
  HH: (fields) => two(fields.hour),
  mm: (fields) => two(fields.minute),
  ss: (fields) => two(fields.second),
};
const tokenPattern = /yyyy|MMMM|MMM|MM|dd|d|HH|mm|ss/g;

/**
 * `value` (an ISO instant, a date-only ISO string, which reads as midnight UTC and so keeps its
 * calendar day in the UK, or a Date) in UK time by one of the site's patterns. Throws a RangeError
 * for a value that is not a date (see `isDate`).
 */
export function formatDate(value: string | Date, pattern: DatePattern): string {
  const epochMilliseconds = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(epochMilliseconds)) throw new RangeError('Invalid time value');
  const fields = ukFields(epochMilliseconds);
  return pattern.replace(tokenPattern, (token) => tokens[token](fields));
}

/** Whether `value` reads as a date (`formatDate` throws for anything else). */
export function isDate(value: string): boolean {
  return !Number.isNaN(Date.parse(value));
}

const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A UK wall-clock time as a `datetime-local` input holds it ("2026-03-29T09:30", seconds optional)
 * as the instant it names in Europe/London, whatever the zone of the machine. Null for text that is
 * not such a time, or for a time the clocks skip (the hour lost in spring). In the hour repeated in
 * autumn the earlier instant (BST) is meant.
 */
export function ukWallClockToInstant(local: string): Date | null {
  const match = wallClockPattern.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // UK time is UTC or UTC+1: one of the two readings names this wall-clock time, unless it is skipped.
  for (const offsetHours of [1, 0]) {
    const candidate = asUtc - offsetHours * 3_600_000;
    const fields = ukFields(candidate);
    if (
      fields.year === year &&
      fields.month === month &&
      fields.day === day &&
      fields.hour === hour &&
      fields.minute === minute
    )
      return new Date(candidate);
  }
  return null;
}

/** An instant as the UK wall-clock text of a `datetime-local` input, to the minute: "2026-03-29T09:30". */
export function ukWallClock(value: string | Date): string {
  const epochMilliseconds = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(epochMilliseconds)) throw new RangeError('Invalid time value');
  const fields = ukFields(epochMilliseconds);
  return `${String(fields.year).padStart(4, '0')}-${two(fields.month)}-${two(fields.day)}T${two(fields.hour)}:${two(fields.minute)}`;
}
