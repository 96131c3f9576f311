import { describe, expect, it } from '@jest/globals';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatDate, isDate, type DatePattern } from './dates.js';

// `npm run test:unit` runs this in New York time (TZ=America/New_York); in any zone but the UK's
// these instants fall on another calendar day on the machine than in London.
const summerNight = '2025-06-30T23:30:00.000Z'; // 00:30 on 1 July in London (BST)
const winterNight = '2026-01-01T04:30:00.000Z'; // 04:30 on 1 January in London, 23:30 on 31 December in New York
const springForward = '2026-03-29T00:59:59.000Z'; // the last second of GMT that year in London

const patterns: DatePattern[] = [
  'MMM dd, yyyy',
  'MMMM dd, yyyy',
  'd MMM yyyy',
  'd MMMM yyyy',
  'MMMM yyyy',
  'yyyy-MM-dd',
  'yyyy',
  'd MMM yyyy, HH:mm',
  'dd/MM/yyyy HH:mm:ss',
  'dd/MM/yyyy HH:mm',
];

describe('formatDate (UK time)', () => {
  it('runs where the calendar day of these instants is not the UK one', () => {
    expect([summerNight, winterNight].map((iso) => new Date(iso).getDate())).not.toEqual([1, 1]);
  });

  it('formats every pattern by the UK calendar day and clock', () => {
    expect(patterns.map((pattern) => formatDate(summerNight, pattern))).toEqual([
      'Jul 01, 2025',
      'July 01, 2025',
      '1 Jul 2025',
      '1 July 2025',
      'July 2025',
      '2025-07-01',
      '2025',
      '1 Jul 2025, 00:30',
      '01/07/2025 00:30:00',
      '01/07/2025 00:30',
    ]);
    expect(formatDate(new Date(winterNight), 'd MMM yyyy, HH:mm')).toBe('1 Jan 2026, 04:30');
  });

  it('follows the clock changes', () => {
    expect(formatDate(springForward, 'dd/MM/yyyy HH:mm:ss')).toBe('29/03/2026 00:59:59');
    expect(formatDate('2026-03-29T01:00:00.000Z', 'd MMM yyyy, HH:mm')).toBe('29 Mar 2026, 02:00');
    expect(formatDate('2026-10-25T00:30:00.000Z', 'd MMM yyyy, HH:mm')).toBe('25 Oct 2026, 01:30');
    expect(formatDate('2026-10-25T01:30:00.000Z', 'd MMM yyyy, HH:mm')).toBe('25 Oct 2026, 01:30');
  });

  it('keeps the calendar day of a date-only string', () => {
    expect(formatDate('2025-08-14', 'MMMM yyyy')).toBe('August 2025');
    expect(formatDate('2025-01-01', 'd MMM yyyy')).toBe('1 Jan 2025');
  });

  it('writes what date-fns writes in Europe/London, for instants across two years', () => {
    const london = tz('Europe/London');
    const start = Date.parse('2025-01-01T00:00:00Z');
    // Every 25 h 13 min 17 s for two years: every hour of the day, and both clock changes twice.
    for (let at = start; at < start + 2 * 366 * 86_400_000; at += 90_797_000) {
      for (const pattern of patterns)
        expect(formatDate(new Date(at), pattern)).toBe(format(at, pattern, { in: london }));
    }
  });

  it('writes what date-fns writes minute by minute around both clock changes, and over fifty years of them', () => {
    const london = tz('Europe/London');
    const pattern = 'dd/MM/yyyy HH:mm:ss';
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '1971-10-31T02:00:00Z']) {
      const at = Date.parse(change);
      for (let step = at - 7_200_000; step <= at + 7_200_000; step += 59_999)
        expect(formatDate(new Date(step), pattern)).toBe(format(step, pattern, { in: london }));
    }
    // Every 7 days 1 h 1 min 1 s from 1970 to 2030: the same UTC hour is read again and again.
    for (let at = Date.parse('1970-01-01T00:00:00Z'); at < Date.parse('2030-01-01T00:00:00Z'); at += 608_461_000)
      expect(formatDate(new Date(at), pattern)).toBe(format(at, pattern, { in: london }));
  });

  it('refuses what is not a date', () => {
    expect(isDate('not a date')).toBe(false);
    expect(isDate(summerNight)).toBe(true);
    expect(() => formatDate('not a date', 'd MMM yyyy')).toThrow(RangeError);
  });
});
