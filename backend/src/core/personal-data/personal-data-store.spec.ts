import { describePeriod, retentionPeriods } from '@northbeam/common';
import { cutoffBefore, retentionRuleText, type PersonalDataStore } from './personal-data-store.js';

describe('cutoffBefore', () => {
  const now = new Date('2026-11-22T02:30:00Z');

  it('goes back whole calendar years, months and days', () => {
    expect(cutoffBefore(now, { years: 2 }).toISOString()).toBe('2024-11-22T02:30:00.000Z');
    expect(cutoffBefore(now, { months: 1 }).toISOString()).toBe('2026-10-22T02:30:00.000Z');
    expect(cutoffBefore(now, { days: 30 }).toISOString()).toBe('2026-10-23T02:30:00.000Z');
  });

  it('clamps to the last day of a shorter month (29 February less a year is 28 February)', () => {
    expect(cutoffBefore(new Date('2028-02-29T12:00:00Z'), { years: 1 }).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(cutoffBefore(new Date('2026-03-31T12:00:00Z'), { months: 1 }).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
  });
});

describe('retention rules in words', () => {
  it('say the period as the privacy page does', () => {
    expect(describePeriod({ years: 3 })).toBe('3 years');
    expect(describePeriod({ days: 1 })).toBe('a day');
    expect(describePeriod({ years: 1, months: 2 })).toBe('a year and 2 months');
  });

  it('follow the current period of the store', () => {
    const store: PersonalDataStore = {
      name: 'things',
      holds: 'things',
      retention: { key: 'sentMails', rule: (period) => `things older than ${period}` },
      count: () => Promise.resolve(0),
    };
    const saved = retentionPeriods.sentMails;
    expect(retentionRuleText(store)).toBe('things older than 90 days');
    retentionPeriods.sentMails = { days: 60 };
    expect(retentionRuleText(store)).toBe('things older than 60 days');
    retentionPeriods.sentMails = saved;
    expect(retentionRuleText({ ...store, retention: undefined })).toBeNull();
  });
});
