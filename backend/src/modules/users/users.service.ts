import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { messages, site, staffRoles, type StaffRole } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { mapStaffAccountSummary, type StaffAccountSummary } from './dto/staff-account.dto.js';
import type { User } from './entities/user.entity.js';
import { generatePassword, hashPassword, passwordProblem } from './password.js';
import { UsersRepository, type NewAccount } from './users.repository.js';
import { isEmailAddress } from '../../core/validation/is-required-email.js';
import { isUniqueViolation } from '../../core/sql/unique-violation.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { Transactions } from '../../database/transactions.js';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface CreateStaffInput {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly usersRepository: UsersRepository,
    private readonly sessionsRepository: SessionsRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** First start: the staff account named by ADMIN_EMAIL/ADMIN_PASSWORD, or a development admin. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.adminEmail && this.config.adminPassword) {
      const email = normaliseEmail(this.config.adminEmail);
      if (await this.usersRepository.findByEmail(email)) return;
      try {
        await this.create({ email, name: 'Administrator', role: 'super_admin', password: this.config.adminPassword });
      } catch (error) {
        // Several instances (or cluster workers) starting on a new database: one of them creates it.
        if (error instanceof ApiError && error.getStatus() === 409) return;
        throw error;
      }
      this.logger.log(`Created the super admin ${email} from ADMIN_EMAIL`);
      return;
    }
    if (!this.config.developmentAdmin || (await this.usersRepository.count()) > 0) return;
    const email = `admin@${site.email.split('@')[1]}`;
    const password = generatePassword();
    await this.create({ email, name: 'Administrator', role: 'super_admin', password });
    // Printed once, on purpose: allowed in development on the embedded database only (docs/product.md#sessions).
    this.logger.warn(`Development: created the super admin ${email} with the password ${password} (shown once)`);
  }

  async create(input: CreateStaffInput): Promise<StaffAccountSummary> {
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    if (!isEmailAddress(email)) throw new ApiError(HttpStatus.BAD_REQUEST, messages.emailInvalid);
    if (!name) throw new ApiError(HttpStatus.BAD_REQUEST, messages.nameRequired);
    if (!staffRoles.includes(input.role))
      throw new ApiError(HttpStatus.BAD_REQUEST, `Role must be one of ${staffRoles.join(', ')}`);
    const problem = passwordProblem(input.password);
    if (problem) throw new ApiError(HttpStatus.BAD_REQUEST, problem);
    const user = await this.addAccount(
      { email, name, role: input.role, passwordHash: await hashPassword(input.password) },
      () => new ApiError(HttpStatus.CONFLICT, `A staff account with the e-mail ${email} already exists`),
    );
    return mapStaffAccountSummary(user);
  }

  /**
   * The one way an account comes to be (first start, the command line, an accepted invitation), in
   * the caller's transaction when given its `manager`: the address (already normalised) must be
   * free, and `taken` is the caller's refusal when it is not, also when the same address is created
   * at the same moment elsewhere.
   */
  async addAccount(account: NewAccount, taken: () => ApiError, manager?: EntityManager): Promise<User> {
    if (await this.usersRepository.findByEmail(account.email, manager)) throw taken();
    try {
      return await this.usersRepository.create(account, manager);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async list(): Promise<(StaffAccountSummary & { disabled: boolean })[]> {
    const users = await this.usersRepository.listAll();
    return users.map((user) => ({ ...mapStaffAccountSummary(user), disabled: user.disabledAt !== null }));
  }

  /** The command line's new password: like a reset, it ends every session of the account. */
  async setPassword(email: string, password: string, now = new Date()): Promise<void> {
    const user = await this.requireByEmail(email);
    const problem = passwordProblem(password);
    if (problem) throw new ApiError(HttpStatus.BAD_REQUEST, problem);
    const passwordHash = await hashPassword(password);
    await this.transactions.run(async (manager) => {
      await this.usersRepository.setPasswordHash(manager, user.id, passwordHash);
      await this.sessionsRepository.endAllSessions(manager, user.id, 'command-line set-password', now);
    });
  }

  /** Disabling from the command line ends every session of the account, as on the staff screen. */
  async disable(email: string, now = new Date()): Promise<void> {
    const user = await this.requireByEmail(email);
    await this.transactions.run(async (manager) => {
      await this.usersRepository.disable(manager, user.id, now);
      await this.sessionsRepository.endAllSessions(manager, user.id, 'command-line disable', now);
    });
  }

  private async requireByEmail(email: string): Promise<User> {
    const user = await this.usersRepository.findByEmail(normaliseEmail(email));
    if (!user) throw new ApiError(HttpStatus.NOT_FOUND, `No staff account has the e-mail ${normaliseEmail(email)}`);
    return user;
  }
}
