import { apiTokenActions, apiTokenActorName } from './api-tokens.js';

describe('API tokens', () => {
  it('names a token with its creator in the activity log, within the log’s 200 characters', () => {
    expect(apiTokenActorName('CRM sync', 'Helena Marsh')).toBe('API token “CRM sync” (created by Helena Marsh)');
    const long = apiTokenActorName('x'.repeat(60), 'y'.repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith('y)')).toBe(true);
  });

  it('offers revoking until the token is revoked', () => {
    expect(apiTokenActions({ revokedAt: null })).toEqual(['revoke']);
    expect(apiTokenActions({ revokedAt: '2026-01-01T00:00:00.000Z' })).toEqual([]);
  });
});
