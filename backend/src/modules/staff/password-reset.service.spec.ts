import type { EntityManager } from 'typeorm';
import { staffMessages } from '@northbeam/common';
import type { AppConfig } from '../../core/config/config.js';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import type { ActivityInput, ActivityService } from '../activity/activity.service.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { User } from '../users/entities/user.entity.js';
import type { UsersRepository } from '../users/users.repository.js';
import { PasswordResetService } from './password-reset.service.js';
import type { StaffRepository } from './staff.repository.js';
import type { StaffService } from './staff.service.js';
import type { Transactions } from '../../database/transactions.js';

const manager = {} as EntityManager;
const known = { id: 'user-1', name: 'Ada', email: 'ada@x.example', role: 'admin' } as User;

function build(issued: string[], lines: ActivityInput[], limited: string[]) {
  return new PasswordResetService(
    {} as StaffRepository,
    {
      issuePasswordReset: (_m: EntityManager, user: { id: string | null; email: string }) => {
        issued.push(`${user.id ?? 'stand-in'} ${user.email}`);
        return Promise.resolve();
      },
    } as unknown as StaffService,
    {
      findActiveByEmail: (email: string) => Promise.resolve(email === known.email ? known : null),
    } as unknown as UsersRepository,
    {} as SessionsRepository,
    {
      record: (_m: EntityManager, input: ActivityInput) => {
        lines.push(input);
        return Promise.resolve();
      },
    } as unknown as ActivityService,
    {
      enforceMailingForm: (form: string, client: string, recipient: string) => {
        limited.push(`${form} ${client} ${recipient}`);
        return Promise.resolve();
      },
    } as unknown as RateLimiter,
    { run: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as Transactions,
    { passwordResetRateLimitMax: 5, passwordResetRateLimitWindowSeconds: 3600 } as AppConfig,
  );
}

describe(PasswordResetService.name, () => {
  it('answers the same sentence for a known and an unknown address, doing the same work for both (rolled back for the unknown one)', async () => {
    const issued: string[] = [];
    const lines: ActivityInput[] = [];
    const limited: string[] = [];
    const service = build(issued, lines, limited);
    const forKnown = await service.request(' ADA@x.example ', '10.0.0.1');
    const forUnknown = await service.request('nobody@x.example', '10.0.0.1');
    expect(forKnown).toEqual({ message: staffMessages.passwordResetRequested });
    expect(forUnknown).toEqual(forKnown);
    expect(issued).toEqual(['user-1 ada@x.example', 'stand-in nobody@x.example']);
    expect(lines.map((line) => line.action)).toEqual(['auth.password_reset_requested']);
    // Counted per client address and per account address, known or not.
    expect(limited).toEqual(['password-reset 10.0.0.1 ada@x.example', 'password-reset 10.0.0.1 nobody@x.example']);
  });
});
