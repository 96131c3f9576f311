import { HttpException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { permissionsFor, staffMessages, type StaffRole, type StaffUser } from '@northbeam/common';
import type { AppConfig } from '../../core/config/config.js';
import type { ActivityInput, ActivityService } from '../activity/activity.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionRevocation, SessionsRepository } from '../auth/sessions.repository.js';
import type { MailService } from '../mail/mail.service.js';
import type { User } from '../users/entities/user.entity.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';
import type { Transactions } from '../../database/transactions.js';

const manager = {} as EntityManager;
const actor: StaffUser = {
  id: '99999999-9999-4999-8999-999999999999',
  name: 'Sam',
  email: 'sam@x.example',
  role: 'super_admin',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  permissions: permissionsFor('super_admin'),
  teamMemberId: null,
};
const targetId = '11111111-1111-4111-8111-111111111111';

function account(overrides: Partial<User> = {}): User {
  return {
    id: targetId,
    email: 'ada@x.example',
    name: 'Ada',
    role: 'super_admin',
    passwordHash: '',
    disabledAt: null,
    lastSignInAt: null,
    twoFactorSecret: null,
    twoFactorPendingSecret: null,
    twoFactorEnabledAt: null,
    twoFactorLastStep: null,
    sessionsRevokedAt: null,
    teamMemberId: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

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
  users: Partial<UsersRepository>,
  sessions: Partial<SessionsRepository> = {},
  lines: ActivityInput[] = [],
  staff: Partial<StaffRepository> = {},
) {
  const transactions = {
    run: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
  } as unknown as Transactions;
  const activity = {
    record: (_manager: EntityManager, input: ActivityInput) => {
      lines.push(input);
      return Promise.resolve();
    },
  } as unknown as ActivityService;
  return new StaffService(
    strictFake<StaffRepository>(staff, 'StaffRepository'),
    strictFake<UsersRepository>(users, 'UsersRepository'),
    strictFake<UsersService>({}, 'UsersService'),
    strictFake<SessionsRepository>(sessions, 'SessionsRepository'),
    strictFake<AuthService>({}, 'AuthService'),
    activity,
    strictFake<MailService>({}, 'MailService'),
    transactions,
    { publicUrl: 'http://localhost:3000' } as AppConfig,
  );
}

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return [error.getStatus(), (error.getResponse() as { error: string }).error];
    throw error;
  }
  throw new Error('expected a refusal');
}

describe(StaffService.name, () => {
  describe('the last active super admin', () => {
    const alone = {
      lockActiveSuperAdmins: () => Promise.resolve([targetId]),
      findForUpdate: () => Promise.resolve(account()),
    };

    it.each([
      ['demoted', { role: 'admin' as const }],
      ['disabled', { disabled: true }],
    ])('cannot be %s (409)', async (_label, change) => {
      expect(await refusal(service(alone).update(targetId, change, actor))).toEqual([
        409,
        staffMessages.lastSuperAdmin,
      ]);
    });

    it('cannot be removed (409)', async () => {
      expect(
        await refusal(
          service(alone, {}, [], { findOpenInvitation: () => Promise.resolve(null) }).remove(targetId, actor),
        ),
      ).toEqual([409, staffMessages.lastSuperAdmin]);
    });

    it('can be demoted when another active super admin exists, and the change is logged once', async () => {
      const updates: unknown[] = [];
      const lines: ActivityInput[] = [];
      const staff = service(
        {
          lockActiveSuperAdmins: () => Promise.resolve([targetId, actor.id]),
          findForUpdate: () => Promise.resolve(account()),
          setRole: (_m: EntityManager, _id: string, role: StaffRole) => {
            updates.push({ role });
            return Promise.resolve();
          },
          findById: () => Promise.resolve(account({ role: 'admin' })),
        },
        {},
        lines,
      );
      await expect(staff.update(targetId, { role: 'admin' }, actor)).resolves.toMatchObject({ role: 'admin' });
      expect(updates).toEqual([{ role: 'admin' }]);
      expect(lines.map((line) => line.action)).toEqual(['staff.role_changed']);
    });
  });

  it('ends the sessions of an account it disables, in the same transaction', async () => {
    const ended: [EntityManager, string, SessionRevocation][] = [];
    const staff = service(
      {
        lockActiveSuperAdmins: () => Promise.resolve([actor.id]),
        findForUpdate: () => Promise.resolve(account({ role: 'consultant' })),
        disable: () => Promise.resolve(),
        findById: () => Promise.resolve(account({ role: 'consultant', disabledAt: new Date() })),
      },
      {
        endAllSessions: (m: EntityManager, userId: string, way: SessionRevocation) => {
          ended.push([m, userId, way]);
          return Promise.resolve(2);
        },
      },
    );
    await staff.update(targetId, { disabled: true }, actor);
    expect(ended).toEqual([[manager, targetId, 'staff disable']]);
  });
});
