import { HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { messages, type StaffUser } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import { UsersRepository } from '../users/users.repository.js';
import { mapStaffUser, normaliseEmail } from '../users/users.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { sessionAbsoluteTimeoutMs } from './session.js';

@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so that both failures take the same time. */
  private readonly dummyHash: Promise<string> = hashPassword('not-a-real-password-only-for-timing');

  constructor(
    private readonly usersRepository: UsersRepository,
    private readonly throttle: LoginThrottleService,
  ) {}

  /**
   * The account for these credentials; 401 with one sentence for any mismatch, 429 while throttled.
   * The attempt is counted before the password is checked (and given back on success), so an
   * unknown and a known e-mail take the same path and the same time.
   */
  async validateCredentials(rawEmail: string, password: string, address: string): Promise<StaffUser> {
    const email = normaliseEmail(rawEmail);
    await this.throttle.reserveAttempt(email, address);
    const user = await this.usersRepository.findActiveByEmailWithHash(email);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.invalidCredentials);
    await this.throttle.recordSuccess(email, address);
    await this.usersRepository.recordSignIn(user.id);
    return mapStaffUser(user);
  }

  /** Starts a fresh session (new id, so that a planted id is worthless) for the signed-in account. */
  async startSession(request: Request, user: StaffUser): Promise<void> {
    await new Promise<void>((resolve, reject) => request.session.regenerate((error) => settle(error, resolve, reject)));
    request.session.userId = user.id;
    request.session.signedInAt = Date.now();
    await new Promise<void>((resolve, reject) => request.session.save((error) => settle(error, resolve, reject)));
  }

  async endSession(request: Request): Promise<void> {
    if (!request.session) return;
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => settle(error, resolve, reject)));
  }

  /** The signed-in staff member of this request, or null (signed out, expired, or disabled since). */
  async currentUser(request: Request): Promise<StaffUser | null> {
    const session = request.session as Request['session'] | undefined;
    if (!session?.userId || !session.signedInAt) return null;
    if (Date.now() - session.signedInAt > sessionAbsoluteTimeoutMs) {
      await this.endSession(request);
      return null;
    }
    const user = await this.usersRepository.findActiveById(session.userId);
    if (!user) {
      await this.endSession(request);
      return null;
    }
    return mapStaffUser(user);
  }
}

/** Callback-style session operations as promises. */
function settle(error: unknown, resolve: () => void, reject: (reason: Error) => void): void {
  if (!error) resolve();
  else reject(error instanceof Error ? error : new Error('The session store failed'));
}
