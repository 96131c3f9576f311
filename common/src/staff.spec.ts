import { permissionSatisfies, permissionsFor, twoFactorRequiredFor } from './staff.js';

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
