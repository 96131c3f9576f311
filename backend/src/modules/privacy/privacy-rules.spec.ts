import { deadlineFlags, monthsAfter, newRequestId, oneMonthAfter } from './privacy-rules.js';
import { nextPurgeAt } from './retention.service.js';

describe('oneMonthAfter', () => {
  it('adds one calendar month', () => {
    expect(oneMonthAfter(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-12-22T10:00:00.000Z');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(oneMonthAfter(new Date('2026-01-31T09:00:00Z')).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(oneMonthAfter(new Date('2028-01-31T09:00:00Z')).toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });

  it('keeps the UK time of day across a clock change', () => {
    // 10:00 in London on 15 March (GMT) is due at 10:00 in London on 15 April (BST), 09:00 UTC.
    expect(oneMonthAfter(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-04-15T09:00:00.000Z');
  });

  it('extends by two more calendar months', () => {
    expect(monthsAfter(new Date('2026-02-28T10:00:00Z'), 2).toISOString()).toBe('2026-04-28T09:00:00.000Z');
  });

  it('rolls over the year', () => {
    expect(oneMonthAfter(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('deadlineFlags', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

  it('flags an open request due within 7 days as due soon', () => {
    expect(deadlineFlags('verified', inDays(7), now)).toEqual({ dueSoon: true, overdue: false });
    expect(deadlineFlags('received', inDays(0.5), now)).toEqual({ dueSoon: true, overdue: false });
  });

  it('flags an open request past its deadline as overdue', () => {
    expect(deadlineFlags('approved', inDays(-0.01), now)).toEqual({ dueSoon: false, overdue: true });
  });

  it('flags neither for a request further away or already closed', () => {
    expect(deadlineFlags('verified', inDays(7.1), now)).toEqual({ dueSoon: false, overdue: false });
    expect(deadlineFlags('completed', inDays(-3), now)).toEqual({ dueSoon: false, overdue: false });
    expect(deadlineFlags('rejected', inDays(2), now)).toEqual({ dueSoon: false, overdue: false });
  });
});

describe('newRequestId', () => {
  it('is DDR- and 16 base32 characters, different every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newRequestId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^DDR-[A-Z0-9]{16}$/);
  });
});

describe('newRequestId for an access request', () => {
  it('is DAR- and 16 base32 characters', () => {
    expect(newRequestId('access')).toMatch(/^DAR-[A-Z0-9]{16}$/);
  });
});

describe('nextPurgeAt', () => {
  it('is the next 02:30 in London, in winter and in summer time', () => {
    expect(nextPurgeAt(new Date('2026-11-22T01:00:00Z')).toISOString()).toBe('2026-11-22T02:30:00.000Z');
    expect(nextPurgeAt(new Date('2026-11-22T02:30:00Z')).toISOString()).toBe('2026-11-23T02:30:00.000Z');
    expect(nextPurgeAt(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T01:30:00.000Z');
  });
});
