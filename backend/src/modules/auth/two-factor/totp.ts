import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { site, staffLimits } from '@northbeam/common';

/** RFC 6238 as the authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const totpOptions = {
  algorithm: 'SHA1',
  digits: staffLimits.totpDigits,
  period: staffLimits.totpPeriodSeconds,
} as const;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, email: string): string {
  return new TOTP({ ...totpOptions, issuer: site.name, label: email, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time-step of the code if it is valid now or one step either side (clock drift), else null.
 * Callers refuse a step at or before the last one used, so that a code cannot be replayed.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({ ...totpOptions, token: code, secret: Secret.fromBase32(secret), timestamp, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: totpOptions.period, timestamp }) + delta;
}

/** For tests and tools: the code of a secret at a moment. */
export function totpCode(secret: string, now: Date): string {
  return TOTP.generate({ ...totpOptions, secret: Secret.fromBase32(secret), timestamp: now.getTime() });
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alike characters (no i, l, o, 0, 1): about 50 random bits. */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What the person typed, without spaces; recovery codes lower-cased. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toLowerCase();
}
