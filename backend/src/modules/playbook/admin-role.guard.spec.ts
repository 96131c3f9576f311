import type { ExecutionContext } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { PlaybookAdminGuard } from './admin-role.guard.js';

function contextWith(user: unknown): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => ({ user }) }) } as unknown as ExecutionContext;
}

describe(PlaybookAdminGuard.name, () => {
  const guard = new PlaybookAdminGuard();

  it('refuses a request without a signed-in user with 401', () => {
    expect(() => guard.canActivate(contextWith(undefined))).toThrow(
      expect.objectContaining({ status: 401, response: { statusCode: 401, error: messages.notSignedIn } }),
    );
  });

  it('refuses a consultant with 403', () => {
    expect(() => guard.canActivate(contextWith({ role: 'consultant' }))).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('lets admins and super admins through', () => {
    expect(guard.canActivate(contextWith({ role: 'admin' }))).toBe(true);
    expect(guard.canActivate(contextWith({ role: 'super_admin' }))).toBe(true);
  });
});
