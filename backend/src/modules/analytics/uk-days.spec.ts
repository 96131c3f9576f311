import { storedProperties } from './analytics.service.js';
import { addDays, daysBetween, ukDay, ukDayStart } from './uk-days.js';
import { parseUserAgent } from './user-agent.js';

describe('UK days', () => {
  it('starts a summer day at 23:00 UTC the day before and a winter day at midnight UTC', () => {
    expect(ukDayStart('2026-06-11').toISOString()).toBe('2026-06-10T23:00:00.000Z');
    expect(ukDayStart('2026-01-14').toISOString()).toBe('2026-01-14T00:00:00.000Z');
    // The clocks go forward on 29 March 2026 at 01:00 UTC: that day still starts at midnight UTC.
    expect(ukDayStart('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(ukDayStart('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('reads the UK day of an instant, not the UTC one', () => {
    expect(ukDay(new Date('2026-06-10T23:10:00Z'))).toBe('2026-06-11');
    expect(ukDay(new Date('2026-01-10T23:10:00Z'))).toBe('2026-01-10');
  });

  it('moves and counts calendar days across month ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(4);
  });
});

describe('what an event keeps', () => {
  it('drops the raw user agent and keeps only the host of a referring address', () => {
    expect(
      storedProperties(
        {
          user_agent: 'Mozilla/5.0',
          referrer: 'https://www.google.com/search?q=someone',
          previous_page: 'https://northbeam.example/labs',
          page_url: '/labs',
        },
        ['northbeam.example'],
      ),
    ).toEqual({ referrer: 'www.google.com', previous_page: 'direct', page_url: '/labs' });
  });

  it('parses browser, system and device type from the user agent', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS', device: 'mobile' });
  });
});
