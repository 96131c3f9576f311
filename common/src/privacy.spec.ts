import { privacyRequestActions } from './privacy.js';

const base = { requestType: 'full_deletion', extendedAt: null, hasEmail: true } as const;

describe('privacyRequestActions', () => {
  it('lets a received request be rejected or extended only', () => {
    expect(privacyRequestActions({ ...base, status: 'received' })).toEqual(['reject', 'extend']);
  });

  it('lets a verified request be approved, rejected or extended', () => {
    expect(privacyRequestActions({ ...base, status: 'verified' })).toEqual(['approve', 'reject', 'extend']);
  });

  it('completes by hand only an approved partial deletion, and rejects nothing once approved', () => {
    expect(privacyRequestActions({ ...base, status: 'approved' })).toEqual([]);
    expect(privacyRequestActions({ ...base, status: 'approved', requestType: 'partial_deletion' })).toEqual([
      'complete',
      'extend',
    ]);
    expect(privacyRequestActions({ ...base, status: 'approved', requestType: 'access' })).toEqual([]);
  });

  it('extends a request once', () => {
    expect(privacyRequestActions({ ...base, status: 'verified', extendedAt: '2026-01-01T00:00:00.000Z' })).toEqual([
      'approve',
      'reject',
    ]);
  });

  it('allows nothing on a closed request or one whose address is erased', () => {
    expect(privacyRequestActions({ ...base, status: 'rejected' })).toEqual([]);
    expect(privacyRequestActions({ ...base, status: 'completed' })).toEqual([]);
    expect(privacyRequestActions({ ...base, status: 'verified', hasEmail: false })).toEqual([]);
  });
});
