import { Controller, Get, HttpException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { messages, permissionsFor, staffMessages, type StaffRole, type StaffUser } from '@northbeam/common';
import type { ApiTokensService } from '../../api-tokens/api-tokens.service.js';
import type { AuthService } from '../auth.service.js';
import { Access, Public, SignedIn } from '../decorators/access.decorator.js';
import { AccessGuard, type StaffRequest } from './access.guard.js';

@Controller()
class RoutesUnderTest {
  @Get() @Public() open() {}
  @Get() @SignedIn() anyStaff() {}
  @Get() @SignedIn({ duringTwoFactorSetup: true }) enrolment() {}
  @Get() @Access('staff', 'all') changeStaff() {}
  @Get() @Access('activity', 'read') readActivity() {}
  @Get() forgotten() {}
}

function staffUser(role: StaffRole, twoFactorSetupRequired = false): StaffUser {
  return {
    id: 'u1',
    name: 'N',
    email: 'n@x.example',
    role,
    twoFactorEnabled: false,
    twoFactorSetupRequired,
    permissions: permissionsFor(role),
    teamMemberId: null,
  };
}

/** An AuthService fake that answers one user (or none) and counts how often it is asked. */
function fakeAuth(user: StaffUser | null) {
  const calls = { currentUser: 0 };
  const service = {
    currentUser: () => {
      calls.currentUser += 1;
      return Promise.resolve(user);
    },
  } as unknown as AuthService;
  return { service, calls };
}

function contextFor(
  handler: keyof RoutesUnderTest,
  request: StaffRequest = { headers: {} } as StaffRequest,
): ExecutionContext {
  const response = { setHeader: () => undefined };
  return {
    getHandler: () => RoutesUnderTest.prototype[handler],
    getClass: () => RoutesUnderTest,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return [error.getStatus(), (error.getResponse() as { error: string }).error];
    throw error;
  }
  throw new Error('expected a refusal');
}

/** No request in these tests carries a bearer token, so the token service is never asked. */
const noTokens = {
  authenticate: () => Promise.reject(new Error('no token expected')),
} as unknown as ApiTokensService;

describe(AccessGuard.name, () => {
  const reflector = new Reflector();

  it('lets a public route through without reading the session', async () => {
    const auth = fakeAuth(null);
    await expect(new AccessGuard(auth.service, reflector, noTokens).canActivate(contextFor('open'))).resolves.toBe(
      true,
    );
    expect(auth.calls.currentUser).toBe(0);
  });

  it('refuses a route without a rule: 401 signed out, 403 signed in, even for a super admin', async () => {
    expect(
      await refusal(new AccessGuard(fakeAuth(null).service, reflector, noTokens).canActivate(contextFor('forgotten'))),
    ).toEqual([401, messages.notSignedIn]);
    expect(
      await refusal(
        new AccessGuard(fakeAuth(staffUser('super_admin')).service, reflector, noTokens).canActivate(
          contextFor('forgotten'),
        ),
      ),
    ).toEqual([403, messages.forbidden]);
  });

  it('applies the area rule from the permission table and hands the user to the handler', async () => {
    expect(
      await refusal(
        new AccessGuard(fakeAuth(staffUser('admin')).service, reflector, noTokens).canActivate(
          contextFor('changeStaff'),
        ),
      ),
    ).toEqual([403, messages.forbidden]);
    const request = { headers: {} } as StaffRequest;
    await expect(
      new AccessGuard(fakeAuth(staffUser('consultant')).service, reflector, noTokens).canActivate(
        contextFor('readActivity', request),
      ),
    ).resolves.toBe(true);
    expect(request.staffUser?.role).toBe('consultant');
  });

  it('keeps only enrolment routes open while two-factor setup is owed', async () => {
    const owing = staffUser('admin', true);
    expect(
      await refusal(new AccessGuard(fakeAuth(owing).service, reflector, noTokens).canActivate(contextFor('anyStaff'))),
    ).toEqual([403, staffMessages.setUpTwoFactor]);
    await expect(
      new AccessGuard(fakeAuth(owing).service, reflector, noTokens).canActivate(contextFor('enrolment')),
    ).resolves.toBe(true);
  });
});
