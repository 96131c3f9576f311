import { HttpException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { permissionsFor, staffMessages, type StaffUser } from '@northbeam/common';
import type { AppConfig } from '../../../core/config/config.js';
import type { ActivityInput, ActivityService } from '../../activity/activity.service.js';
import type { User } from '../../users/entities/user.entity.js';
import { hashPassword } from '../../users/password.js';
import type { UsersRepository } from '../../users/users.repository.js';
import type { LoginThrottleService } from '../login-throttle.service.js';
import type { SessionsRepository } from '../sessions.repository.js';
import { SecretBox } from '../../../core/crypto/secret-box.js';
import { newTotpSecret, totpCode } from './totp.js';
import type { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';
import type { Transactions } from '../../../database/transactions.js';

const sessionSecret = 'unit-test-session-secret-long-enough-0123';
const manager = {} as EntityManager;
const now = new Date('2026-11-25T10:00:00Z');

/** A fake whose every method fails unless the test gives it an answer. */
function strictFake<T extends object>(answers: Partial<T>, name: string): T {
  return new Proxy({} as T, {
    get: (_target, key: string) =>
      answers[key as keyof T] ??
      (() => {
        throw new Error(`unexpected call to ${name}.${key}`);
      }),
  });
}

function service(
  repository: Partial<TwoFactorRepository>,
  lines: ActivityInput[] = [],
  policy: AppConfig['staffTwoFactor'] = 'optional',
  users: Partial<UsersRepository> = {},
) {
  const activity = {
    record: (used: EntityManager, input: ActivityInput) => {
      if (used !== manager) throw new Error('activity recorded outside the transaction');
      lines.push(input);
      return Promise.resolve();
    },
  } as unknown as ActivityService;
  return new TwoFactorService(
    strictFake<TwoFactorRepository>(repository, 'TwoFactorRepository'),
    strictFake<UsersRepository>(users, 'UsersRepository'),
    activity,
    strictFake<LoginThrottleService>({}, 'LoginThrottleService'),
    strictFake<SessionsRepository>({}, 'SessionsRepository'),
    { run: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as Transactions,
    { sessionSecret, staffTwoFactor: policy } as AppConfig,
  );
}

function account(secret: string): User {
  return {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@x.example',
    role: 'admin',
    twoFactorSecret: new SecretBox(sessionSecret).seal(secret),
  } as User;
}

describe(TwoFactorService.name, () => {
  describe('consumeSignInCode', () => {
    it('accepts a TOTP code once: a step already claimed is a replay', async () => {
      const secret = newTotpSecret();
      const claimed = new Set<number>();
      const claimStep = (_m: EntityManager, _id: string, step: number) => {
        const fresh = !claimed.has(step);
        claimed.add(step);
        return Promise.resolve(fresh);
      };
      const twoFactor = service({}, [], 'optional', { claimTwoFactorStep: claimStep });
      const code = totpCode(secret, now);
      await expect(twoFactor.consumeSignInCode(manager, account(secret), code, now)).resolves.toBe('totp');
      await expect(twoFactor.consumeSignInCode(manager, account(secret), code, now)).resolves.toBeNull();
    });

    it('spends a matching recovery code and logs its use in the same transaction', async () => {
      const lines: ActivityInput[] = [];
      const used: string[] = [];
      const twoFactor = service(
        {
          unusedRecoveryCodes: async () => [
            {
              id: 'other',
              userId: 'user-1',
              codeHash: await hashPassword('zzzzz-zzzzz'),
              usedAt: null,
              createdAt: now,
            },
            {
              id: 'match',
              userId: 'user-1',
              codeHash: await hashPassword('abcde-fghjk'),
              usedAt: null,
              createdAt: now,
            },
          ],
          useRecoveryCode: (_m: EntityManager, id: string) => {
            used.push(id);
            return Promise.resolve(true);
          },
        },
        lines,
      );
      await expect(twoFactor.consumeSignInCode(manager, account(newTotpSecret()), 'ABCDE-FGHJK', now)).resolves.toBe(
        'recovery',
      );
      expect(used).toEqual(['match']);
      expect(lines.map((line) => line.action)).toEqual(['two_factor.recovery_code_used']);
    });

    it('refuses anything that is neither a 6-digit code nor a recovery code without a query', async () => {
      await expect(
        service({}).consumeSignInCode(manager, account(newTotpSecret()), 'letmein', now),
      ).resolves.toBeNull();
    });
  });

  it('refuses to turn two-factor off while the policy requires it for the role', async () => {
    const user: StaffUser = {
      id: 'user-1',
      name: 'Ada',
      email: 'ada@x.example',
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
      permissions: permissionsFor('admin'),
      teamMemberId: null,
    };
    const refusal = await service({}, [], 'admins')
      .disable('password', '10.0.0.1', user)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getResponse()).toEqual({
      statusCode: 403,
      error: staffMessages.twoFactorRequiredByPolicy,
    });
  });
});
