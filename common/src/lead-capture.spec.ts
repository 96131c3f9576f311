import { looksLikeEmailAddress } from './lead-capture.js';

describe(looksLikeEmailAddress.name, () => {
  it('accepts an address with one @ and a dotted domain', () => {
    expect(looksLikeEmailAddress('helena.marsh@harbourline-logistics.co.uk')).toBe(true);
  });

  it('refuses what every form refuses before sending: no @, no dotted domain, blanks, two @', () => {
    for (const value of [
      'helena',
      'helena@localhost',
      'helena marsh@example.com',
      'a@b@example.com',
      '@example.com',
      '',
    ]) {
      expect(looksLikeEmailAddress(value)).toBe(false);
    }
  });
});
