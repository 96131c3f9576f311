import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, LessThanOrEqual, Not, type EntityManager, type Repository } from 'typeorm';
import type { ConsentProof, DeletionRequestStatus, PrivacyDueFilter, PrivacyRequestType } from '@northbeam/common';
import { DeletionAudit } from './entities/deletion-audit.entity.js';
import { DeletionRequest } from './entities/deletion-request.entity.js';
import { openStatuses } from './privacy-rules.js';
import { tableStatements } from '../../database/personal-data-rows.js';

/** The filters of the requests list (docs/product.md#privacy-requests). */
export interface RequestFilter {
  status?: DeletionRequestStatus;
  type?: PrivacyRequestType;
  due?: PrivacyDueFilter;
  /** An e-mail address or a request id, or part of one. */
  q?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

@Injectable()
export class PrivacyRepository {
  constructor(
    @InjectRepository(DeletionRequest) private readonly requests: Repository<DeletionRequest>,
    @InjectRepository(DeletionAudit) private readonly audit: Repository<DeletionAudit>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Stores a new request and answers its id. */
  async insertRequest(manager: EntityManager, request: Partial<DeletionRequest>): Promise<string> {
    const result = await manager.getRepository(DeletionRequest).insert(request);
    return (result.identifiers[0] as { id: string }).id;
  }

  async saveRequest(manager: EntityManager, request: DeletionRequest): Promise<void> {
    await manager.getRepository(DeletionRequest).save(request);
  }

  /** One page of requests, newest first, with the total that match. */
  findPage(filter: RequestFilter, now: Date, horizon: Date, offset: number, limit: number) {
    const query = this.requests.createQueryBuilder('r');
    if (filter.status) query.andWhere('r.status = :status', { status: filter.status });
    if (filter.type) query.andWhere('r.requestType = :type', { type: filter.type });
    if (filter.due) {
      query.andWhere('r.status IN (:...open)', { open: openStatuses });
      if (filter.due === 'overdue') query.andWhere('r.deadlineAt < :now', { now });
      else query.andWhere('r.deadlineAt >= :now AND r.deadlineAt <= :horizon', { now, horizon });
    }
    if (filter.q) {
      query.andWhere("(lower(r.email) LIKE :q ESCAPE '\\' OR upper(r.requestId) LIKE :id ESCAPE '\\')", {
        q: `%${escapeLike(filter.q.toLowerCase())}%`,
        id: `%${escapeLike(filter.q.toUpperCase())}%`,
      });
    }
    return query.orderBy('r.receivedAt', 'DESC').addOrderBy('r.id', 'ASC').skip(offset).take(limit).getManyAndCount();
  }

  /** Open requests, due within the horizon, and overdue (the dashboard). */
  async openCounts(now: Date, horizon: Date): Promise<{ open: number; dueSoon: number; overdue: number }> {
    const [row] = await this.dataSource.query<{ open: number; due_soon: number; overdue: number }[]>(
      `SELECT count(*)::int AS "open",
              count(*) FILTER (WHERE "deadline_at" >= $1 AND "deadline_at" <= $2)::int AS "due_soon",
              count(*) FILTER (WHERE "deadline_at" < $1)::int AS "overdue"
         FROM "deletion_requests" WHERE "status" IN ('received', 'verified', 'approved')`,
      [now, horizon],
    );
    return { open: row.open, dueSoon: row.due_soon, overdue: row.overdue };
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

  async addExport(
    manager: EntityManager,
    entry: { requestId: string; tokenHash: string; archive: Uint8Array; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "privacy_exports" ("request_id", "token_hash", "archive", "expires_at", "created_at") VALUES ($1, $2, $3, $4, $5)`,
      [entry.requestId, entry.tokenHash, Buffer.from(entry.archive), entry.expiresAt, entry.createdAt],
    );
  }

  /**
   * Takes the export behind a link, once: the file is dropped from the row (which stays, with the time
   * of the download, until its period ends) and answered. Null when used, unknown or expired. A unit
   * of its own: it opens its transaction, as the row's lock and its update belong together.
   */
  async takeExport(tokenHash: string, now: Date): Promise<{ requestId: string; archive: Buffer } | null> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<
        { request_id: string; archive: Buffer | Uint8Array | null; expires_at: Date }[]
      >(`SELECT "request_id", "archive", "expires_at" FROM "privacy_exports" WHERE "token_hash" = $1 FOR UPDATE`, [
        tokenHash,
      ]);
      if (!row || !row.archive || new Date(row.expires_at) <= now) return null;
      await manager.query(
        `UPDATE "privacy_exports" SET "archive" = NULL, "downloaded_at" = $2 WHERE "token_hash" = $1`,
        [tokenHash, now],
      );
      return { requestId: row.request_id, archive: Buffer.from(row.archive) };
    });
  }

  /** What a link's export is now: still there, downloaded (when), or nothing (expired, purged or unknown). */
  async exportState(tokenHash: string): Promise<{ expiresAt: Date; downloadedAt: Date | null; ready: boolean } | null> {
    const [row] = await this.dataSource.query<{ expires_at: Date; downloaded_at: Date | null; ready: boolean }[]>(
      `SELECT "expires_at", "downloaded_at", "archive" IS NOT NULL AS "ready" FROM "privacy_exports" WHERE "token_hash" = $1`,
      [tokenHash],
    );
    if (!row) return null;
    return {
      expiresAt: new Date(row.expires_at),
      downloadedAt: row.downloaded_at ? new Date(row.downloaded_at) : null,
      ready: row.ready,
    };
  }

  /** Every staff account's name and address: the people an access export's review looks for. */
  staffPeople(manager: EntityManager): Promise<{ name: string; email: string }[]> {
    return manager.query<{ name: string; email: string }[]>(`SELECT "name", "email" FROM "users" ORDER BY "name"`);
  }

  /** Staff names by address (lower-cased), for the names in a request's history. */
  async staffNamesByEmail(emails: string[]): Promise<Map<string, string>> {
    if (emails.length === 0) return new Map();
    const rows = await this.dataSource.query<{ email: string; name: string }[]>(
      `SELECT lower("email") AS "email", "name" FROM "users" WHERE lower("email") = ANY($1::text[])`,
      [emails.map((email) => email.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.email, row.name]));
  }

  /** The request behind an export, for its audit line. */
  findByRequestId(requestId: string): Promise<DeletionRequest | null> {
    return this.requests.findOne({ where: { requestId } });
  }

  async addConsent(proof: Omit<ConsentProof, 'recordedAt'>, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "consent_records" ("consent_id", "analytics", "marketing", "action", "banner_version", "created_at")
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [proof.consentId, proof.analytics, proof.marketing, proof.action, proof.bannerVersion, at],
    );
  }

  async findConsent(consentId: string): Promise<ConsentProof | null> {
    const [row] = await this.dataSource.query<
      {
        consent_id: string;
        analytics: boolean;
        marketing: boolean;
        action: string;
        banner_version: string;
        created_at: Date;
      }[]
    >(
      `SELECT "consent_id", "analytics", "marketing", "action", "banner_version", "created_at" FROM "consent_records" WHERE "consent_id" = $1`,
      [consentId],
    );
    if (!row) return null;
    return {
      consentId: row.consent_id,
      analytics: row.analytics,
      marketing: row.marketing,
      action: row.action,
      bannerVersion: row.banner_version,
      recordedAt: new Date(row.created_at).toISOString(),
    };
  }
}

/**
 * The privacy requests' statements for their personal-data declaration: never erased (the proof of
 * how they were handled), unverified ones expire.
 */
export const privacyRequestsPersonalData = tableStatements('deletion_requests', {
  collect: {
    where: `"email" = $1`,
    columns: `"request_id" AS "requestId", "request_type" AS "type", "status", "reason", "received_at" AS "receivedAt",
              "deadline_at" AS "dueAt", "verified_at" AS "verifiedAt", "approved_at" AS "approvedAt", "rejected_at" AS "rejectedAt",
              "rejection_reason" AS "rejectionReason", "completed_at" AS "completedAt", "extended_at" AS "extendedAt",
              "extension_reason" AS "extensionReason"`,
    orderBy: `"received_at"`,
  },
  expired: `"status" = 'received' AND "received_at" < $1`,
});

/** The ready exports' statements for their personal-data declaration. */
export const accessExportsPersonalData = tableStatements('privacy_exports', { expired: `"created_at" < $1` });

/** The cookie choices' statements for their personal-data declaration. */
export const consentRecordsPersonalData = tableStatements('consent_records', { expired: `"created_at" < $1` });
