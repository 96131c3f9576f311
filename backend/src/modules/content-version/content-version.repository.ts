import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntitySubscriberInterface } from 'typeorm';

/** The `content_version` counter (one row) and the transaction events the service follows. */
@Injectable()
export class ContentVersionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds one to the version, through `manager` (a transaction's) or on its own. */
  async increment(manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE content_version SET version = version + 1 WHERE id = 1`);
  }

  /** The stored version, through `manager` (a transaction's) or on its own. */
  async read(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row] = await manager.query<{ version: string }[]>(`SELECT version FROM content_version WHERE id = 1`);
    return Number(row?.version ?? 0);
  }

  /** Registers `subscriber` for the data source's transaction events (commit, rollback). */
  followTransactions(subscriber: EntitySubscriberInterface): void {
    this.dataSource.subscribers.push(subscriber);
  }
}
