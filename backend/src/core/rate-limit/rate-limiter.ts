import { createHash } from 'node:crypto';
import { Global, HttpStatus, Injectable, Module } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { ApiError } from '../http/api-error.js';
import { RateLimitRepository } from './rate-limit.repository.js';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * 429 with the shared sentence (or the caller's, where a plainer one says what the limit is); the
 * error filter turns `retryAfterSeconds` into Retry-After.
 */
export class RateLimitedError extends ApiError {
  constructor(
    public readonly retryAfterSeconds: number,
    message: string = messages.tooManyRequests,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}

/**
 * The stored form of a limiter key: its SHA-256 in hex. A key holds client input (an address, an
 * e-mail), so storing it whole would let a long value overflow the column; the digest is always 64
 * characters and keeps the address or e-mail itself out of the table.
 */
export function limiterKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Fixed-window counter kept in PostgreSQL, so that every instance of the site sees the same count.
 * One statement counts and reads atomically, so concurrent requests are never under-counted.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly repository: RateLimitRepository) {}

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitDecision> {
    const { count, retryAfterSeconds } = await this.repository.hit(limiterKey(key), windowSeconds);
    return { allowed: count <= max, retryAfterSeconds };
  }

  /** Counts one hit and throws {@link RateLimitedError} once the window's allowance is spent. */
  async enforce(key: string, max: number, windowSeconds: number, message?: string): Promise<void> {
    const decision = await this.hit(key, max, windowSeconds);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, message);
  }

  /**
   * The limit of a form that sends a mail to the address typed into it: counted per client address
   * and per recipient, so the form can neither be hammered from one place nor used to flood one
   * inbox from many. Throws {@link RateLimitedError} before anything is stored or mailed.
   */
  async enforceMailingForm(
    form: string,
    client: string | undefined,
    recipient: string,
    limits: MailingFormLimits,
  ): Promise<void> {
    await this.enforce(`${form}:${client ?? 'unknown'}`, limits.perClient, limits.windowSeconds);
    await this.enforce(
      `${limits.recipientScope ?? form}-recipient:${recipient}`,
      limits.perRecipient,
      limits.windowSeconds,
    );
  }
}

export interface MailingFormLimits {
  perClient: number;
  perRecipient: number;
  windowSeconds: number;
  /**
   * Forms that mail one kind of thing share one allowance per inbox under this name (the deletion
   * and access forms both mail a verification link); by default each form counts its own.
   */
  recipientScope?: string;
}

@Global()
@Module({ providers: [RateLimiter, RateLimitRepository], exports: [RateLimiter] })
export class RateLimitModule {}
