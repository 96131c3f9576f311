import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { passwordProblem, staffMessages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { ActivityService } from '../activity/activity.service.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { staffTarget } from '../auth/two-factor/two-factor.service.js';
import { hashPassword } from '../users/password.js';
import { UsersRepository } from '../users/users.repository.js';
import { normaliseEmail } from '../users/users.service.js';
import { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';
import { hashLinkToken, isLinkTokenShaped } from './staff-token.js';
import { Transactions } from '../../database/transactions.js';

/** Rolls back the stand-in work done for an address that has no account. */
class UnknownAddress extends Error {}

/** "Forgot password?": a one-use link valid 1 hour, the same answer whether or not the address is known. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly staffRepository: StaffRepository,
    private readonly staffService: StaffService,
    private readonly usersRepository: UsersRepository,
    private readonly sessionsRepository: SessionsRepository,
    private readonly activity: ActivityService,
    private readonly rateLimiter: RateLimiter,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Mails a link when the address belongs to an enabled account. For any other address the same
   * statements run and are rolled back, and the answer is the same sentence, so neither the answer
   * nor its timing tells whether the address is known.
   */
  async request(rawEmail: string, address: string, now = new Date()): Promise<{ message: string }> {
    const email = normaliseEmail(rawEmail);
    // Each request may send a mail: limited per client address and per account address.
    await this.rateLimiter.enforceMailingForm('password-reset', address, email, {
      perClient: this.config.passwordResetRateLimitMax,
      perRecipient: this.config.passwordResetRateLimitMax,
      windowSeconds: this.config.passwordResetRateLimitWindowSeconds,
    });
    await this.transactions
      .run(async (manager) => {
        const user = await this.usersRepository.findActiveByEmail(email, manager);
        await this.staffService.issuePasswordReset(manager, user ?? { id: null, email }, null, now);
        if (!user) throw new UnknownAddress();
        await this.activity.record(manager, {
          actor: null,
          action: 'auth.password_reset_requested',
          target: staffTarget(user),
        });
      })
      .catch((error: unknown) => {
        if (!(error instanceof UnknownAddress)) throw error;
      });
    return { message: staffMessages.passwordResetRequested };
  }

  async details(token: string, now = new Date()): Promise<{ email: string }> {
    const reset = isLinkTokenShaped(token)
      ? await this.staffRepository.findToken('password_reset', hashLinkToken(token))
      : null;
    if (!reset || reset.usedAt || reset.expiresAt <= now)
      throw new ApiError(HttpStatus.GONE, staffMessages.passwordResetLinkInvalid);
    return { email: reset.email };
  }

  /** Sets the new password, spends the link and ends every other session of the account. */
  async reset(request: Request, token: string, password: string, now = new Date()): Promise<{ message: string }> {
    const problem = passwordProblem(password);
    if (problem) throw new ApiError(HttpStatus.BAD_REQUEST, problem, { password: [problem] });
    if (!isLinkTokenShaped(token)) throw new ApiError(HttpStatus.GONE, staffMessages.passwordResetLinkInvalid);
    const passwordHash = await hashPassword(password);
    await this.transactions.run(async (manager) => {
      const reset = await this.staffRepository.findTokenForUpdate(manager, 'password_reset', hashLinkToken(token));
      const user = reset?.userId ? await this.usersRepository.findActiveById(reset.userId, manager) : null;
      if (!reset || !user || reset.usedAt || reset.expiresAt <= now)
        throw new ApiError(HttpStatus.GONE, staffMessages.passwordResetLinkInvalid);
      await this.usersRepository.setPasswordHash(manager, user.id, passwordHash);
      await this.staffRepository.closePasswordResets(manager, user.id, now);
      const ownSession = request.session?.userId === user.id ? request.sessionID : undefined;
      await this.sessionsRepository.endAllSessions(manager, user.id, 'password reset', now, ownSession);
      // The session that made the reset stays: it counts from the reset, not from its sign-in.
      if (ownSession) request.session.signedInAt = now.getTime() + 1;
      await this.activity.record(manager, { actor: user, action: 'auth.password_reset', target: staffTarget(user) });
    });
    return { message: staffMessages.passwordChanged };
  }
}
