import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  limits,
  messages,
  type DeletionRequestDetail,
  type DeletionRequestStatus,
  type DeletionRequestSummary,
  type StaffIdentity,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { claimTaskRun } from '../../core/scheduling/advisory-lock.js';
import { emailHash } from '../../core/crypto/email-hash.js';
import { ActivityService } from '../activity/activity.service.js';
import type { CreateDeletionRequestDto } from './dto/create-deletion-request.dto.js';
import { DeletionRequest } from './entities/deletion-request.entity.js';
import { PERSONAL_DATA_ERASERS } from './erasure/erasers.js';
import type { PersonalDataEraser } from './erasure/personal-data-eraser.js';
import { retentionRules } from './erasure/retention.js';
import { PrivacyMailer } from './privacy.mailer.js';
import { PrivacyRepository } from './privacy.repository.js';

const dayMs = 24 * 60 * 60 * 1000;
const verificationValidityMs = 14 * dayMs;
const base32Alphabet = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';
const systemActor = 'system';

export type VerifyOutcome = 'ok' | 'invalid';

/** One calendar month after `date` (clamped to the month's last day), the statutory deadline. */
export function oneMonthAfter(date: Date): Date {
  const deadline = new Date(date.getTime());
  const day = deadline.getUTCDate();
  deadline.setUTCDate(1);
  deadline.setUTCMonth(deadline.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth() + 1, 0)).getUTCDate();
  deadline.setUTCDate(Math.min(day, lastDay));
  return deadline;
}

/** `DDR-` and 16 characters of an unambiguous base32 alphabet: 80 random bits. */
export function newRequestId(): string {
  const bytes = randomBytes(16);
  let id = '';
  for (const byte of bytes) id += base32Alphabet[byte % 32];
  return `DDR-${id}`;
}

export function deadlineFlags(status: DeletionRequestStatus, deadlineAt: Date, now: Date) {
  const open = status === 'received' || status === 'verified' || status === 'approved';
  const remaining = deadlineAt.getTime() - now.getTime();
  return {
    overdue: open && remaining < 0,
    dueSoon: open && remaining >= 0 && remaining <= limits.deletionDueSoonDays * dayMs,
  };
}

@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly mailer: PrivacyMailer,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PERSONAL_DATA_ERASERS) private readonly erasers: PersonalDataEraser[],
    private readonly rateLimiter: RateLimiter,
    private readonly activity: ActivityService,
  ) {}

  /** Keyed SHA-256 of a normalised address: proof in the audit without keeping the address. */
  hashEmail(email: string): string {
    return emailHash(this.config.sessionSecret, email);
  }

  async createRequest(
    input: CreateDeletionRequestDto,
    clientIp: string | undefined,
    now = new Date(),
  ): Promise<{ requestId: string; message: string }> {
    // Each request sends a mail: a per-address limit keeps the form from being used to spam inboxes.
    await this.rateLimiter.enforce(
      `deletion:${clientIp ?? 'unknown'}`,
      this.config.deletionRateLimitMax,
      this.config.deletionRateLimitWindowSeconds,
    );
    const token = randomBytes(32).toString('base64url');
    const requestId = newRequestId();
    const emailHash = this.hashEmail(input.email);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(DeletionRequest).insert({
        requestId,
        email: input.email,
        emailHash,
        requestType: input.requestType,
        reason: input.reason ? input.reason : null,
        visitorId: input.visitorId ?? null,
        status: 'received',
        verificationTokenHash: sha256(token),
        verificationExpiresAt: new Date(now.getTime() + verificationValidityMs),
        receivedAt: now,
        deadlineAt: oneMonthAfter(now),
      });
      await this.repository.addAudit(manager, {
        requestId,
        emailHash,
        action: 'received',
        actor: null,
        details: { requestType: input.requestType },
      });
      await this.mailer.verification(manager, input.email, requestId, input.requestType, token);
    });
    return { requestId, message: messages.deletionSubmitted };
  }

  /** The confirm button behind the link in the verification mail. Valid once, within 14 days. */
  async verify(token: string | undefined, now = new Date()): Promise<VerifyOutcome> {
    if (!token || token.length > 100) return 'invalid';
    return this.dataSource.transaction(async (manager) => {
      const request = await this.repository.findByTokenHashForUpdate(manager, sha256(token));
      if (
        !request ||
        request.status !== 'received' ||
        !request.verificationExpiresAt ||
        request.verificationExpiresAt < now
      )
        return 'invalid';
      request.status = 'verified';
      request.verifiedAt = now;
      request.verificationTokenHash = null;
      await this.saveWithAudit(manager, request, 'verified', null, {});
      return 'ok';
    });
  }

  async list(now = new Date()): Promise<DeletionRequestSummary[]> {
    const requests = await this.repository.listNewestFirst();
    return requests.map((request) => toSummary(request, now));
  }

  async detail(id: string, now = new Date()): Promise<DeletionRequestDetail> {
    const request = isUuid(id) ? await this.repository.findById(id) : null;
    if (!request) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
    const history = await this.repository.historyOf(request.requestId);
    return {
      ...toSummary(request, now),
      reason: request.reason,
      verifiedAt: iso(request.verifiedAt),
      approvedAt: iso(request.approvedAt),
      rejectedAt: iso(request.rejectedAt),
      rejectionReason: request.rejectionReason,
      completedAt: iso(request.completedAt),
      completionNote: request.completionNote,
      history: history.map((entry) => ({
        action: entry.action,
        actor: entry.actor,
        createdAt: entry.createdAt.toISOString(),
      })),
    };
  }

  /** Verified → approved. A full deletion is then carried out by the scheduled task. */
  async approve(id: string, actor: StaffIdentity, now = new Date()): Promise<DeletionRequestDetail> {
    await this.transition(id, ['verified'], async (manager, request) => {
      request.status = 'approved';
      request.approvedAt = now;
      await this.saveWithAudit(manager, request, 'approved', actor.email, {});
      await this.recordDecision(manager, actor, 'privacy.request_approved', request);
      await this.mailer.approved(manager, request.email!, request.requestId, request.requestType);
    });
    return this.detail(id, now);
  }

  async reject(id: string, actor: StaffIdentity, reason: string, now = new Date()): Promise<DeletionRequestDetail> {
    await this.transition(id, ['received', 'verified', 'approved'], async (manager, request) => {
      request.status = 'rejected';
      request.rejectedAt = now;
      request.rejectionReason = reason;
      request.verificationTokenHash = null;
      await this.saveWithAudit(manager, request, 'rejected', actor.email, { reason });
      await this.recordDecision(manager, actor, 'privacy.request_rejected', request);
      await this.mailer.rejected(manager, request.email!, request.requestId, reason);
    });
    return this.detail(id, now);
  }

  /** An approved partial deletion, carried out by hand, is closed with a note saying what was deleted. */
  async completePartial(
    id: string,
    actor: StaffIdentity,
    note: string,
    now = new Date(),
  ): Promise<DeletionRequestDetail> {
    await this.transition(id, ['approved'], async (manager, request) => {
      if (request.requestType !== 'partial_deletion')
        throw new ApiError(HttpStatus.CONFLICT, messages.deletionRequestWrongState);
      await this.recordDecision(manager, actor, 'privacy.request_completed', request);
      await this.finish(manager, request, actor.email, now, { note }, note);
    });
    return this.detail(id, now);
  }

  /**
   * Scheduled task body: carries out every approved full deletion, one transaction each. Safe with
   * several instances (rows are claimed with SKIP LOCKED) and safe to repeat.
   */
  async processApprovedDeletions(now = new Date()): Promise<number> {
    let completed = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (manager) => {
        const request = await this.repository.claimApprovedFullDeletion(manager);
        if (!request) return false;
        const counts = await this.eraseAddress(manager, request.email!);
        await this.repository.addSuppression(manager, request.emailHash, 'deletion_request');
        const erased = Object.values(counts).reduce((sum, count) => sum + count, 0);
        await this.finish(
          manager,
          request,
          systemActor,
          now,
          { counts },
          `We deleted ${erased} record(s) tied to this address.`,
        );
        return true;
      });
      if (!done) return completed;
      completed += 1;
    }
  }

  /** Runs every eraser for the address. Idempotent: a second run returns zeros. */
  async eraseAddress(manager: EntityManager, email: string): Promise<Record<string, number>> {
    const normalised = email.trim().toLowerCase();
    const counts: Record<string, number> = {};
    for (const eraser of this.erasers) counts[eraser.tableName] = await eraser.erase(manager, normalised);
    return counts;
  }

  /** Scheduled task body: deletes what is past its retention period. */
  async runRetention(now = new Date()): Promise<Record<string, number>> {
    return this.dataSource.transaction(async (manager) => {
      const purged: Record<string, number> = {};
      for (const rule of retentionRules) purged[rule.name] = await rule.purge(manager, now);
      this.logger.log(`retention: ${JSON.stringify(purged)}`);
      return purged;
    });
  }

  /** Scheduled task body: one mail a day to the privacy inbox when requests are due within 7 days or overdue. */
  async sendDigest(now = new Date()): Promise<number> {
    const horizon = new Date(now.getTime() + limits.deletionDueSoonDays * dayMs);
    const due = await this.repository.openDueBy(horizon);
    if (due.length === 0) return 0;
    if (!(await claimTaskRun(this.dataSource, 'privacy-digest', now.toISOString().slice(0, 10)))) return 0;
    await this.dataSource.transaction((manager) =>
      this.mailer.digest(
        manager,
        due.map((request) => ({
          requestId: request.requestId,
          status: request.status,
          deadlineAt: request.deadlineAt,
          overdue: request.deadlineAt < now,
        })),
      ),
    );
    return due.length;
  }

  private async finish(
    manager: EntityManager,
    request: DeletionRequest,
    actor: string,
    now: Date,
    details: Record<string, unknown>,
    summary: string,
  ): Promise<void> {
    const email = request.email!;
    request.status = 'completed';
    request.completedAt = now;
    request.completionNote = typeof details.note === 'string' ? details.note : null;
    await this.saveWithAudit(manager, request, 'completed', actor, details);
    await this.mailer.completed(manager, email, request.requestId, summary);
    await this.repository.clearPersonalFields(manager, email);
  }

  /** The staff decision in the activity log, by request id only (the log holds no requester's address). */
  private recordDecision(
    manager: EntityManager,
    actor: StaffIdentity,
    action: 'privacy.request_approved' | 'privacy.request_rejected' | 'privacy.request_completed',
    request: DeletionRequest,
  ): Promise<void> {
    return this.activity.record(manager, {
      actor,
      action,
      target: { type: 'deletion_request', id: request.id, label: request.requestId },
    });
  }

  /** Saves a request's new state together with its audit entry (same transaction). */
  private async saveWithAudit(
    manager: EntityManager,
    request: DeletionRequest,
    action: string,
    actor: string | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    await manager.save(request);
    await this.repository.addAudit(manager, {
      requestId: request.requestId,
      emailHash: request.emailHash,
      action,
      actor,
      details,
    });
  }

  private async transition(
    id: string,
    allowed: DeletionRequestStatus[],
    change: (manager: EntityManager, request: DeletionRequest) => Promise<void>,
  ): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
    await this.dataSource.transaction(async (manager) => {
      const request = await this.repository.findByIdForUpdate(manager, id);
      if (!request) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
      if (!allowed.includes(request.status) || !request.email)
        throw new ApiError(HttpStatus.CONFLICT, messages.deletionRequestWrongState);
      await change(manager, request);
    });
  }
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function toSummary(request: DeletionRequest, now: Date): DeletionRequestSummary {
  return {
    id: request.id,
    requestId: request.requestId,
    email: request.email,
    requestType: request.requestType,
    status: request.status,
    receivedAt: request.receivedAt.toISOString(),
    deadlineAt: request.deadlineAt.toISOString(),
    ...deadlineFlags(request.status, request.deadlineAt, now),
  };
}
