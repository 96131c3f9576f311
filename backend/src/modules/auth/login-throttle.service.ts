import { HttpStatus, Injectable } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';

/** Free failures before waits begin, per account and per client address. */
export const freeFailuresPerAccount = 5;
export const freeFailuresPerAddress = 20;
const firstWaitMs = 60 * 1000;
const longestWaitMs = 60 * 60 * 1000;
/** A counter forgets failures after this long without one. */
const resetAfterMs = 24 * 60 * 60 * 1000;

export class TooManySignInAttempts extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, messages.tooManyRequests);
  }
}

/**
 * Sign-in throttling in the manner of Ghost: a few free failures per account and per address,
 * then waits that double with each further failure (1 minute up to an hour). Counted in the
 * database so that every instance sees the same numbers.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly throttleRepository: LoginThrottleRepository) {}

  /** Throws TooManySignInAttempts while the account or the address must wait. */
  async assertAllowed(email: string, address: string, now = new Date()): Promise<void> {
    const attempts = await this.throttleRepository.findByKeys([accountKey(email), addressKey(address)]);
    const waits = attempts
      .map((attempt) => (attempt.blockedUntil ? attempt.blockedUntil.getTime() - now.getTime() : 0))
      .filter((wait) => wait > 0);
    if (waits.length > 0) throw new TooManySignInAttempts(Math.ceil(Math.max(...waits) / 1000));
  }

  async recordFailure(email: string, address: string, now = new Date()): Promise<void> {
    for (const [key, free] of [
      [accountKey(email), freeFailuresPerAccount],
      [addressKey(address), freeFailuresPerAddress],
    ] as const) {
      const failures = await this.throttleRepository.recordFailure(key, now, resetAfterMs);
      if (failures >= free) await this.throttleRepository.block(key, new Date(now.getTime() + waitAfter(failures - free)));
    }
  }

  /** A successful sign-in clears the account's counter (the address keeps its count). */
  async recordSuccess(email: string): Promise<void> {
    await this.throttleRepository.clear(accountKey(email));
  }
}

export function waitAfter(extraFailures: number): number {
  return Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(extraFailures, 16));
}

function accountKey(email: string): string {
  return `account:${email}`;
}

function addressKey(address: string): string {
  return `address:${address}`;
}
