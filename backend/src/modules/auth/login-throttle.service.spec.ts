import { HttpStatus } from '@nestjs/common';
import type { LoginThrottleRepository } from './login-throttle.repository.js';
import { freeFailuresPerAccount, LoginThrottleService, TooManySignInAttempts, waitAfter } from './login-throttle.service.js';

function fakeRepository(counts: Map<string, number>, blocks: Map<string, Date>): LoginThrottleRepository {
  return {
    findByKeys: (keys: string[]) =>
      Promise.resolve(
        keys.filter((key) => blocks.has(key)).map((key) => ({ key, failures: counts.get(key) ?? 0, lastFailureAt: new Date(), blockedUntil: blocks.get(key)! })),
      ),
    recordFailure: (key: string) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return Promise.resolve(counts.get(key)!);
    },
    block: (key: string, until: Date) => {
      blocks.set(key, until);
      return Promise.resolve();
    },
    clear: (key: string) => {
      counts.delete(key);
      blocks.delete(key);
      return Promise.resolve();
    },
  } as unknown as LoginThrottleRepository;
}

describe(LoginThrottleService.name, () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it(`allows ${freeFailuresPerAccount - 1} failures, then makes the account wait a minute`, async () => {
    const service = new LoginThrottleService(fakeRepository(new Map(), new Map()));
    for (let failure = 1; failure < freeFailuresPerAccount; failure += 1) {
      await service.recordFailure('a@x.example', '10.0.0.1', now);
      await expect(service.assertAllowed('a@x.example', '10.0.0.1', now)).resolves.toBeUndefined();
    }
    await service.recordFailure('a@x.example', '10.0.0.1', now);
    const refusal = await service.assertAllowed('a@x.example', '10.0.0.2', now).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManySignInAttempts);
    expect((refusal as TooManySignInAttempts).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect((refusal as TooManySignInAttempts).retryAfterSeconds).toBe(60);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const blocks = new Map<string, Date>();
    const service = new LoginThrottleService(fakeRepository(new Map(), blocks));
    for (let failure = 0; failure < freeFailuresPerAccount; failure += 1) await service.recordFailure('b@x.example', '10.0.0.3', now);
    await service.recordSuccess('b@x.example');
    expect(blocks.has('account:b@x.example')).toBe(false);
  });

  it('doubles the wait with each further failure, up to an hour', () => {
    expect([0, 1, 2, 3, 6, 20].map((extra) => waitAfter(extra) / 60000)).toEqual([1, 2, 4, 8, 60, 60]);
  });
});
