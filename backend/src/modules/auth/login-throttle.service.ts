import { HttpStatus, Injectable } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { limiterKey } from '../../core/rate-limit/rate-limiter.js';
import { LoginThrottleRepository, type ThrottleCounter } from './login-throttle.repository.js';

/** Free failures before waits begin, per account and per client address. */
export const freeFailuresPerAccount = 5;
export const freeFailuresPerAddress = 20;
const firstWaitMs = 60 * 1000;
const longestWaitMs = 60 * 60 * 1000;
/** Doublings after which the wait has reached its longest. */
const longestWaitAfterExtraFailures = 16;
/** A counter forgets failures after this long without one. */
const resetAfterMs = 24 * 60 * 60 * 1000;
const waitsMs = Array.from({ length: longestWaitAfterExtraFailures + 1 }, (_, extra) => waitAfter(extra));

export class TooManySignInAttempts extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, messages.tooManyRequests);
  }
}

/**
 * Sign-in throttling in the manner of Ghost: a few free failures per account and per address,
 * then waits that double with each further failure (1 minute up to an hour). Counted in the
 * database so that every instance sees the same numbers, and counted before the password is
 * checked, so that attempts sent together cannot all be checked before the first one is counted.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly throttleRepository: LoginThrottleRepository) {}

  /**
   * Reserves one attempt on the account's and the address's counters, or throws
   * TooManySignInAttempts while either must wait. A reserved attempt counts as a failure until
   * {@link recordSuccess} says otherwise.
   */
  async reserveAttempt(email: string, address: string, now = new Date()): Promise<void> {
    const counters: [ThrottleCounter, ThrottleCounter] = [accountCounter(email), addressCounter(address)];
    const counted = await this.throttleRepository.reserve(counters, {
      now,
      staleBefore: new Date(now.getTime() - resetAfterMs),
      waitsMs,
    });
    if (counted.length === counters.length) return;
    // Refused on one counter: the other one did not see a failure either.
    for (const counter of counters)
      if (counted.includes(counter.key)) await this.throttleRepository.refund(counter.key);
    const attempts = await this.throttleRepository.findByKeys(counters.map((counter) => counter.key));
    const waits = attempts.map((attempt) =>
      attempt.blockedUntil ? attempt.blockedUntil.getTime() - now.getTime() : 0,
    );
    throw new TooManySignInAttempts(Math.max(1, Math.ceil(Math.max(0, ...waits) / 1000)));
  }

  /** A successful sign-in clears the account's counter; the address gets its reserved attempt back. */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.throttleRepository.clear(accountCounter(email).key);
    await this.throttleRepository.refund(addressThrottleKey(address));
  }

  /**
   * A step that was right but does not finish the sign-in (a correct password before the code):
   * its reserved attempt is given back on both counters with the wait it set, so that repeating a
   * right step never makes the owner wait; earlier failures still count, and so does a wrong code.
   */
  async releaseAttempt(email: string, address: string): Promise<void> {
    await this.throttleRepository.refund(accountThrottleKey(email));
    await this.throttleRepository.refund(addressThrottleKey(address));
  }
}

export function waitAfter(extraFailures: number): number {
  return Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(extraFailures, longestWaitAfterExtraFailures));
}

/** The stored key of an account's counter (a digest: see limiterKey). */
export function accountThrottleKey(email: string): string {
  return limiterKey(`account:${email}`);
}

export function addressThrottleKey(address: string): string {
  return limiterKey(`address:${address}`);
}

function accountCounter(email: string): ThrottleCounter {
  return { key: accountThrottleKey(email), freeFailures: freeFailuresPerAccount };
}

function addressCounter(address: string): ThrottleCounter {
  return { key: addressThrottleKey(address), freeFailures: freeFailuresPerAddress };
}
