import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository, type EntityManager } from 'typeorm';
import type { StaffRole } from '@northbeam/common';
import { User } from './entities/user.entity.js';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findActiveById(id: string, manager?: EntityManager): Promise<User | null> {
    return (manager?.getRepository(User) ?? this.users).findOneBy({ id, disabledAt: IsNull() });
  }

  findActiveByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    return (manager?.getRepository(User) ?? this.users).findOneBy({ email, disabledAt: IsNull() });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  /** The account with its password hash, for sign-in. */
  findActiveByEmailWithHash(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email AND user.disabledAt IS NULL', { email })
      .getOne();
  }

  listAll(): Promise<User[]> {
    return this.users.find({ order: { createdAt: 'ASC' } });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  create(input: { email: string; name: string; role: StaffRole; passwordHash: string }): Promise<User> {
    return this.users.save(this.users.create({ ...input, disabledAt: null, lastSignInAt: null }));
  }

  async setPasswordHash(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.getRepository(User).update({ id }, { passwordHash });
  }

  async disable(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.getRepository(User).update({ id }, { disabledAt: now });
  }

  async recordSignIn(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.getRepository(User).update({ id }, { lastSignInAt: now });
  }
}
