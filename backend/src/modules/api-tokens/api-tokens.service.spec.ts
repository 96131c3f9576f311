import { HttpException } from '@nestjs/common';
import { apiTokenMessages, apiTokenPattern } from '@northbeam/common';
import { bearerToken } from './bearer.js';
import { apiTokenExpiry, hashApiToken, newApiToken } from './api-tokens.service.js';

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpException) return (error.getResponse() as { error: string }).error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('API token values', () => {
  it('makes nbt_ tokens of 32 random bytes and keeps only their SHA-256', () => {
    const first = newApiToken();
    const second = newApiToken();
    expect(first.token).toMatch(apiTokenPattern);
    expect(first.token).not.toBe(second.token);
    expect(first.tokenHash).toBe(hashApiToken(first.token));
    expect(first.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hint).toBe(first.token.slice(0, 8));
  });

  it('expires after the chosen days, or at the end of the chosen day within the next year', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    expect(apiTokenExpiry({ expiresInDays: 30 }, now).toISOString()).toBe('2026-04-09T15:00:00.000Z');
    expect(apiTokenExpiry({ expiresOn: '2026-03-11' }, now).toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(apiTokenExpiry({ expiresOn: '2027-03-10' }, now).toISOString()).toBe('2027-03-11T00:00:00.000Z');
    expect(refusal(() => apiTokenExpiry({ expiresOn: '2026-03-10' }, now))).toBe(apiTokenMessages.expiryDateInvalid);
    expect(refusal(() => apiTokenExpiry({ expiresOn: '2027-03-11' }, now))).toBe(apiTokenMessages.expiryDateInvalid);
    expect(refusal(() => apiTokenExpiry({ expiresOn: '2026-02-30' }, now))).toBe(apiTokenMessages.expiryDateInvalid);
    expect(refusal(() => apiTokenExpiry({}, now))).toBe(apiTokenMessages.expiryRequired);
    expect(refusal(() => apiTokenExpiry({ expiresInDays: 30, expiresOn: '2026-04-01' }, now))).toBe(
      apiTokenMessages.expiryInvalid,
    );
  });

  it('reads a bearer token from the Authorization header, in any case of the scheme', () => {
    expect(bearerToken({ headers: { authorization: 'Bearer nbt_abc' } })).toBe('nbt_abc');
    expect(bearerToken({ headers: { authorization: 'bearer   nbt_abc ' } })).toBe('nbt_abc');
    expect(bearerToken({ headers: { authorization: 'Bearer' } })).toBe('');
    expect(bearerToken({ headers: { authorization: 'Basic dXNlcjpwYXNz' } })).toBeUndefined();
    expect(bearerToken({ headers: {} })).toBeUndefined();
  });
});
