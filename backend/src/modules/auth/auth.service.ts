import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import {
  messages,
  permissionsFor,
  staffLimits,
  staffMessages,
  twoFactorRequiredFor,
  type LoginResponse,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import type { User } from '../users/entities/user.entity.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import { UsersRepository } from '../users/users.repository.js';
import { normaliseEmail } from '../users/users.service.js';
import { browserLabel } from './browser-label.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { sessionAbsoluteTimeoutMs } from './session.js';
import { staffTarget, TwoFactorService } from './two-factor/two-factor.service.js';
import { Transactions } from '../../database/transactions.js';

/** "Last seen" is written back to the session at most this often, so that most requests do not rewrite it. */
const lastSeenResolutionMs = 60 * 1000;
const pendingTwoFactorMs = staffLimits.pendingTwoFactorMinutes * 60 * 1000;

@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so that both failures take the same time. */
  private readonly dummyHash: Promise<string> = hashPassword('not-a-real-password-only-for-timing');

  constructor(
    private readonly usersRepository: UsersRepository,
    private readonly throttle: LoginThrottleService,
    private readonly activity: ActivityService,
    private readonly twoFactor: TwoFactorService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The account for these credentials; 401 with one sentence for any mismatch, 429 while throttled.
   * The attempt is counted before the password is checked (and given back by a complete sign-in),
   * so an unknown and a known e-mail take the same path and the same time.
   */
  async validateCredentials(rawEmail: string, password: string, address: string): Promise<User> {
    const email = normaliseEmail(rawEmail);
    await this.throttle.reserveAttempt(email, address);
    const user = await this.usersRepository.findActiveByEmailWithHash(email);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) {
      if (user) await this.recordFailedSignIn(user);
      throw new ApiError(HttpStatus.UNAUTHORIZED, messages.invalidCredentials);
    }
    return user;
  }

  /**
   * After a correct password: signed in, or, with two-factor sign-in enrolled, a code is owed. The
   * pending account is held in a fresh session for five minutes and is not signed in. The sign-in
   * throttle is cleared only by a complete sign-in, so a known password does not reset the count of wrong codes.
   */
  async beginSignIn(request: Request, user: User, address: string, now = new Date()): Promise<LoginResponse> {
    if (user.twoFactorEnabledAt) {
      await this.throttle.releaseAttempt(user.email, address);
      await regenerate(request);
      request.session.pendingTwoFactor = { userId: user.id, startedAt: now.getTime() };
      await save(request);
      return { twoFactorRequired: true };
    }
    const firstSignIn = user.lastSignInAt === null;
    await this.transactions.run((manager) => this.recordSignIn(manager, user, now));
    await this.throttle.recordSuccess(user.email, address);
    await this.startSession(request, user, now, firstSignIn);
    return { user: this.toStaffUser(user, firstSignIn) };
  }

  /**
   * The owner of an invitation that has just been accepted (the mailed link proved the address, the
   * password was set with it) is signed in at once; two-factor enrolment, where the policy asks for
   * it, follows as after any password sign-in.
   */
  async signInInvitee(request: Request, user: User, now = new Date()): Promise<StaffUser> {
    await this.transactions.run((manager) => this.recordSignIn(manager, user, now));
    await this.startSession(request, user, now, true);
    return this.toStaffUser(user, true);
  }

  /** The code step: a TOTP code or a recovery code for the pending account. */
  async completeTwoFactorSignIn(
    request: Request,
    code: string,
    address: string,
    now = new Date(),
  ): Promise<{ user: StaffUser }> {
    const pending = (request.session as Request['session'] | undefined)?.pendingTwoFactor;
    const fresh = pending && now.getTime() - pending.startedAt <= pendingTwoFactorMs;
    const account = fresh ? await this.usersRepository.findActiveWithTwoFactorSecrets(pending.userId) : null;
    // Sessions ended since the password step (written back by a request in flight) stay ended.
    const revoked = fresh && account?.sessionsRevokedAt && pending.startedAt <= account.sessionsRevokedAt.getTime();
    if (!account?.twoFactorEnabledAt || revoked) {
      if (pending) delete request.session.pendingTwoFactor;
      throw new ApiError(HttpStatus.UNAUTHORIZED, staffMessages.signInAgain);
    }
    await this.throttle.reserveAttempt(account.email, address);
    const accepted = await this.transactions.run(async (manager) => {
      const kind = await this.twoFactor.consumeSignInCode(manager, account, code, now);
      if (kind) await this.recordSignIn(manager, account, now);
      return kind !== null;
    });
    if (!accepted) {
      await this.recordFailedSignIn(account);
      throw new ApiError(HttpStatus.UNAUTHORIZED, staffMessages.invalidCode);
    }
    await this.throttle.recordSuccess(account.email, address);
    const firstSignIn = account.lastSignInAt === null;
    await this.startSession(request, account, now, firstSignIn);
    return { user: this.toStaffUser(account, firstSignIn) };
  }

  async endSession(request: Request): Promise<void> {
    if (!request.session) return;
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => settle(error, resolve, reject)));
  }

  /**
   * The signed-in staff member of this request, or null (signed out, expired, or disabled or removed
   * since): the account is read on every request, so every instance refuses it at once.
   */
  async currentUser(request: Request, now = new Date()): Promise<StaffUser | null> {
    const session = request.session as Request['session'] | undefined;
    if (!session?.userId || !session.signedInAt) return null;
    if (now.getTime() - session.signedInAt > sessionAbsoluteTimeoutMs) {
      await this.endSession(request);
      return null;
    }
    const user = await this.usersRepository.findActiveById(session.userId);
    if (!user || (user.sessionsRevokedAt && session.signedInAt <= user.sessionsRevokedAt.getTime())) {
      await this.endSession(request);
      return null;
    }
    if (!session.lastSeenAt || now.getTime() - session.lastSeenAt >= lastSeenResolutionMs)
      session.lastSeenAt = now.getTime();
    return this.toStaffUser(user, session.firstSignIn === true);
  }

  /** Renames the signed-in account (/admin/account); the same name is kept, and logged, once. */
  async rename(name: string, user: StaffUser): Promise<StaffUser> {
    if (name !== user.name) {
      await this.transactions.run(async (manager) => {
        await this.usersRepository.setName(manager, user.id, name);
        await this.activity.record(manager, {
          actor: user,
          action: 'account.renamed',
          target: { type: 'staff', id: user.id, label: `${user.name || user.email} → ${name}` },
        });
      });
    }
    return { ...user, name };
  }

  toStaffUser(user: User, firstSignIn = false): StaffUser {
    const twoFactorEnabled = user.twoFactorEnabledAt !== null;
    return {
      ...(firstSignIn ? { firstSignIn: true as const } : {}),
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      twoFactorEnabled,
      twoFactorSetupRequired: !twoFactorEnabled && twoFactorRequiredFor(this.config.staffTwoFactor, user.role),
      permissions: permissionsFor(user.role),
      teamMemberId: user.teamMemberId ?? null,
    };
  }

  private async recordSignIn(manager: EntityManager, user: User, now: Date): Promise<void> {
    await this.usersRepository.recordSignIn(manager, user.id, now);
    await this.activity.record(manager, { actor: user, action: 'auth.sign_in', target: staffTarget(user) });
  }

  /** A wrong password or code for a known account; the person is unknown, so there is no actor. */
  private async recordFailedSignIn(user: User): Promise<void> {
    await this.transactions.run((manager) =>
      this.activity.record(manager, { actor: null, action: 'auth.sign_in_failed', target: staffTarget(user) }),
    );
  }

  /** Starts a fresh session (new id, so that a planted id is worthless) for the signed-in account. */
  private async startSession(request: Request, user: User, now: Date, firstSignIn: boolean): Promise<void> {
    await regenerate(request);
    request.session.userId = user.id;
    if (firstSignIn) request.session.firstSignIn = true;
    request.session.signedInAt = now.getTime();
    request.session.lastSeenAt = now.getTime();
    request.session.browser = browserLabel(request.headers['user-agent']);
    await save(request);
  }
}

function regenerate(request: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => request.session.regenerate((error) => settle(error, resolve, reject)));
}

function save(request: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => request.session.save((error) => settle(error, resolve, reject)));
}

/** Callback-style session operations as promises. */
function settle(error: unknown, resolve: () => void, reject: (reason: Error) => void): void {
  if (!error) resolve();
  else reject(error instanceof Error ? error : new Error('The session store failed'));
}
