import { QueryFailedError } from 'typeorm';
import type { AppConfig } from '../../core/config/config.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { User } from './entities/user.entity.js';
import type { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import type { Transactions } from '../../database/transactions.js';

/** A unique violation as the driver reports it when another instance inserted the row first. */
function duplicateEmail(): QueryFailedError {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
  });
  return new QueryFailedError('INSERT INTO "users" …', [], driverError);
}

describe(UsersService.name, () => {
  const config = { adminEmail: 'owner@example.com', adminPassword: 'owner-password-0123' } as AppConfig;
  const usersService = (repository: UsersRepository) =>
    new UsersService(repository, {} as SessionsRepository, {} as Transactions, config);

  /** Both instances looked the address up before either inserted it; this one inserts second. */
  function serviceLosingTheRace() {
    const repository = {
      findByEmail: () => Promise.resolve(null),
      create: () => Promise.reject(duplicateEmail()),
    } as unknown as UsersRepository;
    return usersService(repository);
  }

  describe('onApplicationBootstrap', () => {
    it('starts when another instance created the ADMIN_EMAIL account at the same moment', async () => {
      await expect(serviceLosingTheRace().onApplicationBootstrap()).resolves.toBeUndefined();
    });

    it('still fails on any other error', async () => {
      const repository = {
        findByEmail: () => Promise.resolve(null),
        create: () => Promise.reject(new Error('connection refused')),
      } as unknown as UsersRepository;
      await expect(usersService(repository).onApplicationBootstrap()).rejects.toThrow('connection refused');
    });
  });

  describe('create', () => {
    it('answers 409 with the usual sentence when the same address is created at the same moment elsewhere', async () => {
      const created = serviceLosingTheRace().create({
        email: 'Helena@Example.com',
        name: 'Helena Marsh',
        role: 'admin',
        password: 'a-long-enough-password',
      });
      await expect(created).rejects.toMatchObject({
        response: { statusCode: 409, error: 'A staff account with the e-mail helena@example.com already exists' },
      });
    });

    it('creates the account otherwise', async () => {
      const repository = {
        findByEmail: () => Promise.resolve(null),
        create: (values: Partial<User>) => Promise.resolve({ id: 'u1', ...values } as User),
      } as unknown as UsersRepository;
      await expect(
        usersService(repository).create({
          email: 'helena@example.com',
          name: 'Helena Marsh',
          role: 'admin',
          password: 'a-long-enough-password',
        }),
      ).resolves.toEqual({ id: 'u1', name: 'Helena Marsh', email: 'helena@example.com', role: 'admin' });
    });
  });
});
