import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, Not, type EntityManager, type Repository } from 'typeorm';
import { DeletionAudit } from './entities/deletion-audit.entity.js';
import { DeletionRequest } from './entities/deletion-request.entity.js';

const openStatuses = ['received', 'verified', 'approved'] as const;

@Injectable()
export class PrivacyRepository {
  constructor(
    @InjectRepository(DeletionRequest) private readonly requests: Repository<DeletionRequest>,
    @InjectRepository(DeletionAudit) private readonly audit: Repository<DeletionAudit>,
  ) {}

  listNewestFirst(): Promise<DeletionRequest[]> {
    return this.requests.find({ order: { receivedAt: 'DESC' }, take: 500 });
  }

  findById(id: string): Promise<DeletionRequest | null> {
    return this.requests.findOne({ where: { id } });
  }

  /** Locks the row for the rest of the transaction so that two staff actions cannot interleave. */
  findByIdForUpdate(manager: EntityManager, id: string): Promise<DeletionRequest | null> {
    return manager.getRepository(DeletionRequest).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByTokenHashForUpdate(manager: EntityManager, tokenHash: string): Promise<DeletionRequest | null> {
    return manager
      .getRepository(DeletionRequest)
      .findOne({ where: { verificationTokenHash: tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  /** Approved full deletions not yet carried out, each locked; rows another instance holds are skipped. */
  async claimApprovedFullDeletion(manager: EntityManager): Promise<DeletionRequest | null> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT "id" FROM "deletion_requests" WHERE "status" = 'approved' AND "request_type" = 'full_deletion'
        ORDER BY "approved_at" LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (rows.length === 0) return null;
    return manager.getRepository(DeletionRequest).findOneBy({ id: rows[0].id });
  }

  /** Open requests whose deadline falls on or before `horizon`. */
  openDueBy(horizon: Date, manager: EntityManager = this.requests.manager): Promise<DeletionRequest[]> {
    return manager.getRepository(DeletionRequest).find({
      where: { status: In([...openStatuses]), deadlineAt: LessThanOrEqual(horizon) },
      order: { deadlineAt: 'ASC' },
    });
  }

  historyOf(requestId: string): Promise<DeletionAudit[]> {
    return this.audit.find({ where: { requestId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Clears the address, reason and visitor id from every request of that address (the completed one included). */
  async clearPersonalFields(manager: EntityManager, email: string): Promise<number> {
    const result = await manager
      .getRepository(DeletionRequest)
      .update(
        { email, status: Not('received') },
        { email: null, reason: null, visitorId: null, verificationTokenHash: null },
      );
    const pending = await manager.getRepository(DeletionRequest).delete({ email, status: 'received' });
    return (result.affected ?? 0) + (pending.affected ?? 0);
  }

  async addAudit(
    manager: EntityManager,
    entry: { requestId: string; emailHash: string; action: string; actor: string | null; details: object },
  ) {
    await manager.query(
      `INSERT INTO "deletion_audit" ("request_id", "email_hash", "action", "actor", "details") VALUES ($1, $2, $3, $4, $5)`,
      [entry.requestId, entry.emailHash, entry.action, entry.actor, JSON.stringify(entry.details)],
    );
  }

  async addSuppression(manager: EntityManager, emailHash: string, reason: string): Promise<void> {
    await manager.query(
      `INSERT INTO "email_suppressions" ("email_hash", "reason") VALUES ($1, $2) ON CONFLICT ("email_hash") DO NOTHING`,
      [emailHash, reason],
    );
  }
}
