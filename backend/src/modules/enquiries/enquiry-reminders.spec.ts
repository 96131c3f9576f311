import { ageInWords, promiseLeft } from './enquiry-reminders.js';

const hourMs = 60 * 60 * 1000;
const now = new Date('2026-11-28T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * hourMs);

describe('the reminder’s words for an enquiry’s age', () => {
  it('gives the real age: hours under two days, then days', () => {
    expect(ageInWords(ago(0.5), now)).toBe('less than an hour ago');
    expect(ageInWords(ago(1), now)).toBe('1 hour ago');
    expect(ageInWords(ago(24), now)).toBe('24 hours ago');
    expect(ageInWords(ago(47.9), now)).toBe('47 hours ago');
    expect(ageInWords(ago(50), now)).toBe('2 days ago');
    expect(ageInWords(ago(75), now)).toBe('3 days ago');
  });

  it('counts the 48-hour promise from the clock it is given', () => {
    expect(promiseLeft(ago(30), now)).toBe('18 hours left');
    expect(promiseLeft(ago(50), now)).toBe('2 hours late');
  });
});
