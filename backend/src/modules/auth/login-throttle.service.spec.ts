import { HttpStatus } from '@nestjs/common';
import type { LoginAttempt } from './entities/login-attempt.entity.js';
import type { LoginThrottleRepository, ReservationRule, ThrottleCounter } from './login-throttle.repository.js';
import {
  accountThrottleKey,
  addressThrottleKey,
  freeFailuresPerAccount,
  freeFailuresPerAddress,
  LoginThrottleService,
  TooManySignInAttempts,
  waitAfter,
} from './login-throttle.service.js';

interface FakeRepository {
  repository: LoginThrottleRepository;
  calls: string[];
  rules: ReservationRule[];
}

/** A repository whose reservation counts the keys listed in `counted`; any other call fails the test. */
function fakeRepository(counted: (keys: string[]) => string[], attempts: LoginAttempt[] = []): FakeRepository {
  const calls: string[] = [];
  const rules: ReservationRule[] = [];
  const repository = {
    reserve: (counters: ThrottleCounter[], rule: ReservationRule) => {
      calls.push(`reserve ${counters.map((counter) => `${counter.key}/${counter.freeFailures}`).join(' ')}`);
      rules.push(rule);
      return Promise.resolve(counted(counters.map((counter) => counter.key)));
    },
    refund: (key: string) => {
      calls.push(`refund ${key}`);
      return Promise.resolve();
    },
    clear: (key: string) => {
      calls.push(`clear ${key}`);
      return Promise.resolve();
    },
    findByKeys: (keys: string[]) => {
      calls.push(`find ${keys.join(' ')}`);
      return Promise.resolve(attempts.filter((attempt) => keys.includes(attempt.key)));
    },
  };
  return { repository: repository as unknown as LoginThrottleRepository, calls, rules };
}

describe(LoginThrottleService.name, () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const account = accountThrottleKey('a@x.example');
  const address = addressThrottleKey('10.0.0.1');

  describe('reserveAttempt', () => {
    it('counts the attempt on the account and the address in one reservation, and lets it through when both counted it', async () => {
      const fake = fakeRepository((keys) => keys);
      await expect(
        new LoginThrottleService(fake.repository).reserveAttempt('a@x.example', '10.0.0.1', now),
      ).resolves.toBeUndefined();
      expect(fake.calls).toEqual([`reserve ${account}/${freeFailuresPerAccount} ${address}/${freeFailuresPerAddress}`]);
    });

    it('gives the reservation the doubling waits and forgets counters idle for a day', async () => {
      const fake = fakeRepository((keys) => keys);
      await new LoginThrottleService(fake.repository).reserveAttempt('a@x.example', '10.0.0.1', now);
      const [rule] = fake.rules;
      expect(rule.now).toBe(now);
      expect(now.getTime() - rule.staleBefore.getTime()).toBe(24 * 60 * 60 * 1000);
      expect(rule.waitsMs.slice(0, 4).map((wait) => wait / 60000)).toEqual([1, 2, 4, 8]);
      expect(rule.waitsMs.at(-1)).toBe(60 * 60 * 1000);
    });

    it('refuses with 429 and the longest remaining wait when a counter must wait, giving back what the other counted', async () => {
      const attempts = [
        { key: account, failures: 6, lastFailureAt: now, blockedUntil: new Date(now.getTime() + 90_500) },
        { key: address, failures: 2, lastFailureAt: now, blockedUntil: null },
      ];
      const fake = fakeRepository((keys) => keys.filter((key) => key === address), attempts);
      const refusal = await new LoginThrottleService(fake.repository)
        .reserveAttempt('a@x.example', '10.0.0.1', now)
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TooManySignInAttempts);
      expect((refusal as TooManySignInAttempts).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
      expect((refusal as TooManySignInAttempts).retryAfterSeconds).toBe(91);
      expect(fake.calls.slice(1)).toEqual([`refund ${address}`, `find ${account} ${address}`]);
    });

    it('still says to wait at least a second when the wait ended meanwhile', async () => {
      const fake = fakeRepository(() => []);
      const refusal = await new LoginThrottleService(fake.repository)
        .reserveAttempt('a@x.example', '10.0.0.1', now)
        .catch((error: unknown) => error);
      expect((refusal as TooManySignInAttempts).retryAfterSeconds).toBe(1);
      expect(fake.calls.filter((call) => call.startsWith('refund'))).toEqual([]);
    });
  });

  describe('recordSuccess', () => {
    it("clears the account's counter and gives the address its attempt back", async () => {
      const fake = fakeRepository((keys) => keys);
      await new LoginThrottleService(fake.repository).recordSuccess('a@x.example', '10.0.0.1');
      expect(fake.calls).toEqual([`clear ${account}`, `refund ${address}`]);
    });
  });

  it('doubles the wait with each further failure, up to an hour', () => {
    expect([0, 1, 2, 3, 6, 20].map((extra) => waitAfter(extra) / 60000)).toEqual([1, 2, 4, 8, 60, 60]);
  });

  it('stores keys at a fixed length whatever the client sent', () => {
    expect(addressThrottleKey('x'.repeat(5000))).toMatch(/^[0-9a-f]{64}$/);
    expect(accountThrottleKey('a@x.example')).not.toBe(addressThrottleKey('a@x.example'));
  });
});
