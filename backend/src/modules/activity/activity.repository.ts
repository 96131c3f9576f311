import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { ActivityAction } from '@northbeam/common';
import { User } from '../users/entities/user.entity.js';
import { StaffActivity } from './entities/staff-activity.entity.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface ActivityFilter {
  actorId?: string;
  action?: ActivityAction;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  offset: number;
  limit: number;
}

@Injectable()
export class ActivityRepository {
  constructor(
    @InjectRepository(StaffActivity) private readonly activity: Repository<StaffActivity>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** Writes through the caller's transaction, so that the line and the action commit together. */
  async add(manager: EntityManager, row: Omit<StaffActivity, 'id' | 'at'>): Promise<void> {
    await manager.getRepository(StaffActivity).insert(row);
  }

  /** Newest first. */
  findPage(filter: ActivityFilter): Promise<[StaffActivity[], number]> {
    const query = this.activity.createQueryBuilder('entry');
    if (filter.actorId) query.andWhere('entry.actorId = :actorId', { actorId: filter.actorId });
    if (filter.action) query.andWhere('entry.action = :action', { action: filter.action });
    if (filter.from) query.andWhere('entry.at >= :from', { from: filter.from });
    if (filter.before) query.andWhere('entry.at < :before', { before: filter.before });
    return query
      .orderBy('entry.at', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .skip(filter.offset)
      .take(filter.limit)
      .getManyAndCount();
  }

  /** The current e-mail address of each actor that still has an account (a removed account has none). */
  async actorEmails(actorIds: readonly string[]): Promise<Map<string, string>> {
    if (actorIds.length === 0) return new Map();
    const users = await this.users.find({
      where: { id: In([...new Set(actorIds)]) },
      select: { id: true, email: true },
    });
    return new Map(users.map((user) => [user.id, user.email]));
  }
}

/** The staff activity log's statements for its personal-data declaration. */
export const staffActivityPersonalData = tableStatements('staff_activity', { expired: `"at" < $1` });
