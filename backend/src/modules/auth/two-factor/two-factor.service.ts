import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import type { EntityManager } from 'typeorm';
import {
  recoveryCodePattern,
  staffLimits,
  staffMessages,
  totpCodePattern,
  twoFactorRequiredFor,
  type RecoveryCodes,
  type StaffUser,
  type TwoFactorSetup,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import { ApiError } from '../../../core/http/api-error.js';
import { ActivityService } from '../../activity/activity.service.js';
import type { User } from '../../users/entities/user.entity.js';
import { hashPassword, verifyPassword } from '../../users/password.js';
import { UsersRepository } from '../../users/users.repository.js';
import { LoginThrottleService } from '../login-throttle.service.js';
import { SessionsRepository } from '../sessions.repository.js';
import { SecretBox } from '../../../core/crypto/secret-box.js';
import { newRecoveryCode, newTotpSecret, normaliseCode, otpauthUrl, totpStep } from './totp.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { Transactions } from '../../../database/transactions.js';

export type SignInCodeKind = 'totp' | 'recovery';

/** TOTP enrolment, recovery codes and the code step of sign-in. */
@Injectable()
export class TwoFactorService {
  private readonly secretBox: SecretBox;

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly usersRepository: UsersRepository,
    private readonly activity: ActivityService,
    private readonly throttle: LoginThrottleService,
    private readonly sessionsRepository: SessionsRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secretBox = new SecretBox(config.sessionSecret);
  }

  /**
   * The secret to scan; it takes effect only once a code from it is confirmed. The one waiting for
   * confirmation is shown again (a reload of the setup page must not change the secret a phone has
   * already scanned); a new one is made only when none waits.
   */
  async setup(user: StaffUser): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabled) throw new ApiError(HttpStatus.CONFLICT, staffMessages.twoFactorAlreadyEnabled);
    const account = await this.requireAccount(user.id);
    const waiting = account.twoFactorPendingSecret ? this.secretBox.open(account.twoFactorPendingSecret) : null;
    const secret = waiting ?? newTotpSecret();
    if (!waiting) await this.usersRepository.setPendingTwoFactorSecret(user.id, this.secretBox.seal(secret));
    const url = otpauthUrl(secret, user.email);
    const qrCodeSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { secret, otpauthUrl: url, qrCodeSvg };
  }

  /** Confirms the pending secret with a code from it; answers the ten recovery codes (shown once). */
  async enable(code: string, user: StaffUser, now = new Date()): Promise<RecoveryCodes> {
    const account = await this.requireAccount(user.id);
    if (account.twoFactorEnabledAt) throw new ApiError(HttpStatus.CONFLICT, staffMessages.twoFactorAlreadyEnabled);
    const secret = account.twoFactorPendingSecret ? this.secretBox.open(account.twoFactorPendingSecret) : null;
    if (!secret) throw new ApiError(HttpStatus.BAD_REQUEST, staffMessages.twoFactorNotSetUp);
    const typed = normaliseCode(code);
    const step = totpCodePattern.test(typed) ? totpStep(secret, typed, now) : null;
    if (step === null) throw new ApiError(HttpStatus.BAD_REQUEST, staffMessages.invalidCode);
    const recoveryCodes = Array.from({ length: staffLimits.recoveryCodeCount }, newRecoveryCode);
    const hashes = await Promise.all(recoveryCodes.map((recoveryCode) => hashPassword(recoveryCode)));
    await this.transactions.run(async (manager) => {
      await this.usersRepository.enableTwoFactor(manager, user.id, this.secretBox.seal(secret), step, now);
      await this.repository.replaceRecoveryCodes(manager, user.id, hashes);
      await this.activity.record(manager, { actor: user, action: 'two_factor.enabled', target: staffTarget(user) });
    });
    return { recoveryCodes };
  }

  /** Turns two-factor sign-in off (password confirmed); refused while the policy requires it for the role. */
  async disable(password: string, address: string, user: StaffUser): Promise<void> {
    if (twoFactorRequiredFor(this.config.staffTwoFactor, user.role))
      throw new ApiError(HttpStatus.FORBIDDEN, staffMessages.twoFactorRequiredByPolicy);
    const account = await this.confirmPassword(user, password, address);
    if (!account.twoFactorEnabledAt) throw new ApiError(HttpStatus.CONFLICT, staffMessages.twoFactorNotEnabled);
    await this.transactions.run(async (manager) => {
      await this.turnOff(manager, user.id);
      await this.activity.record(manager, { actor: user, action: 'two_factor.disabled', target: staffTarget(user) });
    });
  }

  /** A new set of ten recovery codes (password confirmed); the old set stops working. */
  async regenerateRecoveryCodes(password: string, address: string, user: StaffUser): Promise<RecoveryCodes> {
    const account = await this.confirmPassword(user, password, address);
    if (!account.twoFactorEnabledAt) throw new ApiError(HttpStatus.CONFLICT, staffMessages.twoFactorNotEnabled);
    const recoveryCodes = Array.from({ length: staffLimits.recoveryCodeCount }, newRecoveryCode);
    const hashes = await Promise.all(recoveryCodes.map((recoveryCode) => hashPassword(recoveryCode)));
    await this.transactions.run(async (manager) => {
      await this.repository.replaceRecoveryCodes(manager, user.id, hashes);
      await this.activity.record(manager, {
        actor: user,
        action: 'two_factor.recovery_codes_regenerated',
        target: staffTarget(user),
      });
    });
    return { recoveryCodes };
  }

  /**
   * The sign-in code step, inside the sign-in's transaction: a TOTP code of a time-step not used
   * before, or an unused recovery code (then spent). Null when the code is not accepted.
   */
  async consumeSignInCode(
    manager: EntityManager,
    account: User,
    code: string,
    now: Date,
  ): Promise<SignInCodeKind | null> {
    const typed = normaliseCode(code);
    if (totpCodePattern.test(typed)) {
      const secret = account.twoFactorSecret ? this.secretBox.open(account.twoFactorSecret) : null;
      const step = secret ? totpStep(secret, typed, now) : null;
      if (step === null) return null;
      return (await this.usersRepository.claimTwoFactorStep(manager, account.id, step)) ? 'totp' : null;
    }
    if (!recoveryCodePattern.test(typed)) return null;
    for (const stored of await this.repository.unusedRecoveryCodes(manager, account.id)) {
      if (!(await verifyPassword(stored.codeHash, typed))) continue;
      if (!(await this.repository.useRecoveryCode(manager, stored.id, now))) return null;
      await this.activity.record(manager, {
        actor: account,
        action: 'two_factor.recovery_code_used',
        target: staffTarget(account),
      });
      return 'recovery';
    }
    return null;
  }

  /**
   * Recovery from the command line: the account signs in with its password alone and may enrol
   * again. The lost device may be in other hands, so every session of the account ends.
   */
  async reset(account: User, now = new Date()): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.turnOff(manager, account.id);
      await this.sessionsRepository.endAllSessions(manager, account.id, 'command-line reset-2fa', now);
      await this.activity.record(manager, { actor: null, action: 'two_factor.reset', target: staffTarget(account) });
    });
  }

  /** Two-factor sign-in off: the secrets and the recovery codes go. */
  private async turnOff(manager: EntityManager, userId: string): Promise<void> {
    await this.usersRepository.clearTwoFactor(manager, userId);
    await this.repository.deleteRecoveryCodes(manager, userId);
  }

  private async requireAccount(userId: string): Promise<User> {
    const account = await this.usersRepository.findActiveWithTwoFactorSecrets(userId);
    if (!account) throw new ApiError(HttpStatus.UNAUTHORIZED, staffMessages.signInAgain);
    return account;
  }

  /** Wrong passwords here count towards the same sign-in throttle. */
  private async confirmPassword(user: StaffUser, password: string, address: string): Promise<User> {
    await this.throttle.reserveAttempt(user.email, address);
    const account = await this.requireAccount(user.id);
    if (!(await verifyPassword(account.passwordHash, password))) {
      throw new ApiError(HttpStatus.BAD_REQUEST, staffMessages.passwordIncorrect, {
        password: [staffMessages.passwordIncorrect],
      });
    }
    await this.throttle.recordSuccess(user.email, address);
    return account;
  }
}

export function staffTarget(user: { id: string; name: string; email: string }) {
  return { type: 'staff' as const, id: user.id, label: `${user.name} <${user.email}>` };
}
