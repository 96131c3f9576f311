import { permissionSatisfies, permissionsFor, staffMemberActions, twoFactorRequiredFor } from './staff.js';

describe('staff permissions', () => {
  it('meets a read requirement with any access, and all only with all', () => {
    expect(permissionSatisfies('own', 'read')).toBe(true);
    expect(permissionSatisfies('assigned', 'read')).toBe(true);
    expect(permissionSatisfies('none', 'read')).toBe(false);
    expect(permissionSatisfies('read', 'all')).toBe(false);
    expect(permissionSatisfies('all', 'own')).toBe(true);
    expect(permissionSatisfies('own', 'own')).toBe(true);
    expect(permissionSatisfies('read', 'own')).toBe(false);
    expect(permissionSatisfies('upload', 'assigned')).toBe(false);
  });

  it('gives admins read-only staff access and consultants their own activity', () => {
    expect(permissionsFor('admin').staff).toBe('read');
    expect(permissionsFor('super_admin').staff).toBe('all');
    expect(permissionsFor('consultant')).toMatchObject({
      staff: 'none',
      privacy: 'none',
      activity: 'own',
      posts: 'own',
      analytics: 'read',
    });
  });

  it('requires two-factor sign-in by policy and role', () => {
    expect(twoFactorRequiredFor('required', 'consultant')).toBe(true);
    expect(twoFactorRequiredFor('admins', 'admin')).toBe(true);
    expect(twoFactorRequiredFor('admins', 'consultant')).toBe(false);
    expect(twoFactorRequiredFor('optional', 'super_admin')).toBe(false);
  });
});

describe('staff row actions', () => {
  const superAdmin = { id: 'me', role: 'super_admin' as const };
  const colleague = { id: 'them', disabled: false, invitation: null };

  it('offers a super admin every change on a colleague, enable or disable by state', () => {
    expect(staffMemberActions(colleague, superAdmin)).toEqual([
      'rename',
      'link_team_member',
      'change_role',
      'send_password_reset',
      'sign_out_everywhere',
      'disable',
      'remove',
    ]);
    expect(staffMemberActions({ ...colleague, disabled: true }, superAdmin)).toContain('enable');
    expect(staffMemberActions({ ...colleague, disabled: true }, superAdmin)).not.toContain('disable');
  });

  it('offers an open invitation to be sent again or withdrawn', () => {
    expect(staffMemberActions({ ...colleague, invitation: { expiresAt: '2026-12-01T00:00:00Z' } }, superAdmin)).toEqual(
      ['resend_invitation', 'withdraw_invitation'],
    );
  });

  it('offers only renaming and the team link on your own row, and nothing to a role that only reads staff', () => {
    expect(staffMemberActions({ ...colleague, id: 'me' }, superAdmin)).toEqual(['rename', 'link_team_member']);
    expect(
      staffMemberActions(
        { ...colleague, invitation: { expiresAt: '2026-12-01T00:00:00Z' } },
        { id: 'me', role: 'admin' },
      ),
    ).toEqual([]);
    expect(staffMemberActions(colleague, { id: 'me', role: 'admin' })).toEqual([]);
  });
});
