import { newRecoveryCode, newTotpSecret, normaliseCode, totpCode, totpStep } from './totp.js';
import { SecretBox } from '../../../core/crypto/secret-box.js';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-25T10:00:10Z');
  const step = Math.floor(now.getTime() / 30_000);

  it('accepts the current code and one step either side, with the step it belongs to', () => {
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
  });

  it('refuses a code two steps away', () => {
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 60_000)), now)).toBeNull();
  });

  it('makes recovery codes of ten unambiguous characters and reads typed codes loosely', () => {
    expect(newRecoveryCode()).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(normaliseCode(' ABCDE-FGHJK ')).toBe('abcde-fghjk');
    expect(normaliseCode('123 456')).toBe('123456');
  });
});

describe(SecretBox.name, () => {
  it('opens what it sealed, and nothing sealed with another key or altered', () => {
    const box = new SecretBox('a-session-secret-that-is-long-enough-000');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('another-session-secret-that-is-long-000').open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });
});
