import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  accessReviewMessages,
  messages,
  privacyRequestActions,
  type AccessFindings,
  type AccessReviewDecisions,
  staffLimits,
  type DeletionRequestDetail,
  type PrivacyRequestAction,
  type DeletionRequestSummary,
  type ListPage,
  type PrivacyRequestCounts,
  type PrivacyRequestType,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { emailHash } from '../../core/crypto/email-hash.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { ActivityService } from '../activity/activity.service.js';
import { AccessExportService } from './access-export.service.js';
import { applyDecisions, findingsDigest, mapFindings } from './access-review.js';
import { mapPrivacyRequestDetail, mapPrivacyRequestSummary } from './dto/privacy-request.dto.js';
import type { DeletionRequest } from './entities/deletion-request.entity.js';
import {
  actionFacts,
  dueSoonHorizon,
  monthsAfter,
  newRequestId,
  newToken,
  oneMonthAfter,
  sha256,
} from './privacy-rules.js';
import { PrivacyNotifications } from './privacy-notifications.js';
import { PrivacyMailer } from './privacy.mails.js';
import { PrivacyRepository, type RequestFilter } from './privacy.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { Transactions } from '../../database/transactions.js';

const dayMs = 24 * 60 * 60 * 1000;
const verificationValidityMs = 14 * dayMs;

type VerifyOutcome = 'ok' | 'invalid';

type DecisionAction =
  | 'privacy.request_approved'
  | 'privacy.request_rejected'
  | 'privacy.request_completed'
  | 'privacy.request_extended'
  | 'privacy.export_reviewed';

/**
 * The life cycle of a privacy request (docs/product.md#data-deletion, #privacy-requests): received →
 * (the requester's link) verified → (the privacy team) approved or rejected → completed. A full
 * deletion is completed by the scheduled erasure, a partial one by hand with a note, an access request
 * at approval, when its export is mailed.
 */
@Injectable()
export class PrivacyRequestsService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly mailer: PrivacyMailer,
    private readonly exports: AccessExportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly activity: ActivityService,
    private readonly notifications: PrivacyNotifications,
    private readonly webhookEvents: WebhookEvents,
    private readonly transactions: Transactions,
  ) {}

  /** Keyed SHA-256 of a normalised address: proof in the audit without keeping the address. */
  hashEmail(email: string): string {
    return emailHash(this.config.sessionSecret, email);
  }

  async createRequest(
    input: { email: string; requestType: PrivacyRequestType; reason?: string; visitorId?: string },
    clientIp: string | undefined,
    now = new Date(),
  ): Promise<{ requestId: string; message: string }> {
    // Each request mails a verification link: limits per client (each form its own) and per inbox
    // (both forms together, from any client) keep the forms from being used to flood a mailbox
    // (docs/product.md#privacy-requests). Past either, 429 before anything is stored or mailed.
    await this.rateLimiter.enforceMailingForm(
      input.requestType === 'access' ? 'access' : 'deletion',
      clientIp,
      input.email,
      {
        perClient: this.config.deletionRateLimitMax,
        perRecipient: this.config.privacyRecipientRateLimitMax,
        windowSeconds: this.config.deletionRateLimitWindowSeconds,
        recipientScope: 'privacy-request',
      },
    );
    const token = newToken();
    const requestId = newRequestId(input.requestType);
    const emailHash = this.hashEmail(input.email);
    await this.transactions.run(async (manager) => {
      const id = await this.repository.insertRequest(manager, {
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
      // Only the request's id and type leave the site: never the address or the reason.
      await this.webhookEvents.emit(manager, 'privacy_request.created', {
        request: { id, type: input.requestType },
      });
    });
    return {
      requestId,
      message: input.requestType === 'access' ? messages.accessSubmitted : messages.deletionSubmitted,
    };
  }

  /**
   * The confirm button behind the link in the verification mail (deletion and access alike). Valid
   * once, within 14 days; otherwise 400 with the one sentence for every kind of bad link.
   */
  async verify(token: string | undefined, now = new Date()): Promise<{ message: string }> {
    const outcome = await this.verifyToken(token, now);
    if (outcome !== 'ok') throw new ApiError(HttpStatus.BAD_REQUEST, messages.deletionLinkInvalid);
    return { message: messages.deletionVerified };
  }

  private async verifyToken(token: string | undefined, now: Date): Promise<VerifyOutcome> {
    if (!token || token.length > 100) return 'invalid';
    return this.transactions.run(async (manager) => {
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
      // Its one-month clock runs: the privacy team is told (bell and mail).
      await this.notifications.confirmed(manager, request);
      return 'ok';
    });
  }

  async list(filter: RequestFilter, page = 1, now = new Date()): Promise<ListPage<DeletionRequestSummary>> {
    const pageSize = staffLimits.listPageSize;
    const [rows, total] = await this.repository.findPage(
      filter,
      now,
      dueSoonHorizon(now),
      (page - 1) * pageSize,
      pageSize,
    );
    return { items: rows.map((request) => mapPrivacyRequestSummary(request, now)), total, page, pageSize };
  }

  /** Open requests, those due within 7 days and those overdue (the dashboard). */
  counts(now = new Date()): Promise<PrivacyRequestCounts> {
    return this.repository.openCounts(now, dueSoonHorizon(now));
  }

  async detail(id: string, now = new Date()): Promise<DeletionRequestDetail> {
    const request = isUuid(id) ? await this.repository.findById(id) : null;
    if (!request) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
    const history = await this.repository.historyOf(request.requestId);
    const names = await this.repository.staffNamesByEmail(
      history.flatMap((entry) => (entry.actor && entry.actor.includes('@') ? [entry.actor] : [])),
    );
    return mapPrivacyRequestDetail(request, history, now, names);
  }

  /**
   * What an access request found, kind by kind, for the review before disclosure
   * (docs/product.md#privacy-review). Read in a transaction of its own, as the approval will read it.
   */
  async findings(id: string): Promise<AccessFindings> {
    const request = isUuid(id) ? await this.repository.findById(id) : null;
    if (!request) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
    if (request.requestType !== 'access') throw new ApiError(HttpStatus.CONFLICT, accessReviewMessages.notAccess);
    if (!request.email) throw new ApiError(HttpStatus.CONFLICT, messages.deletionRequestWrongState);
    return this.transactions.run(async (manager) => mapFindings(await this.exports.findings(manager, request)));
  }

  /**
   * Verified → approved. A full deletion is then carried out by the scheduled task; an access request
   * must carry the review of its findings (`decisions`): its export is built from the records the review
   * kept, the history says what was left out and why, its one-use link is mailed, and it is complete.
   */
  async approve(
    id: string,
    actor: StaffUser,
    decisions?: AccessReviewDecisions,
    now = new Date(),
  ): Promise<DeletionRequestDetail> {
    await this.transition(id, 'approve', async (manager, request) => {
      if (request.requestType === 'access' && !decisions)
        throw new ApiError(HttpStatus.BAD_REQUEST, accessReviewMessages.reviewRequired);
      request.status = 'approved';
      request.approvedAt = now;
      await this.saveWithAudit(manager, request, 'approved', actor.email, { actorName: actor.name });
      await this.recordDecision(manager, actor, 'privacy.request_approved', request);
      if (request.requestType !== 'access') {
        await this.mailer.approved(manager, request.email!, request.requestId, request.requestType);
        return;
      }
      const kinds = await this.exports.findings(manager, request);
      if (findingsDigest(kinds) !== decisions!.digest)
        throw new ApiError(HttpStatus.CONFLICT, accessReviewMessages.findingsChanged);
      const outcome = applyDecisions(kinds, decisions!);
      if ('unknown' in outcome) throw new ApiError(HttpStatus.BAD_REQUEST, accessReviewMessages.unknownRecord);
      await this.saveWithAudit(manager, request, 'export_reviewed', actor.email, {
        actorName: actor.name,
        found: outcome.included.length + outcome.excluded.length,
        included: outcome.included.length,
        includedAfterReview: outcome.includedFlagged.map((finding) => finding.label),
        excluded: outcome.excluded.map(({ finding, reason }) => ({ record: finding.label, reason })),
      });
      await this.recordDecision(manager, actor, 'privacy.export_reviewed', request, [
        `${outcome.included.length} disclosed`,
        `${outcome.excluded.length} left out`,
      ]);
      request.status = 'completed';
      request.completedAt = now;
      await this.saveWithAudit(manager, request, 'export_sent', actor.email, { actorName: actor.name });
      const ready = await this.exports.build(manager, request, now, kinds, outcome.included);
      await this.mailer.exportReady(manager, request.email!, request.requestId, ready.token, ready.expiresAt);
      await this.webhookEvents.emit(manager, 'privacy_request.completed', {
        request: { id: request.id, type: request.requestType },
      });
    });
    return this.detail(id, now);
  }

  async reject(id: string, actor: StaffUser, reason: string, now = new Date()): Promise<DeletionRequestDetail> {
    await this.transition(id, 'reject', async (manager, request) => {
      request.status = 'rejected';
      request.rejectedAt = now;
      request.rejectionReason = reason;
      request.verificationTokenHash = null;
      await this.saveWithAudit(manager, request, 'rejected', actor.email, { reason, actorName: actor.name });
      await this.recordDecision(manager, actor, 'privacy.request_rejected', request);
      await this.mailer.rejected(manager, request.email!, request.requestId, request.requestType, reason);
    });
    return this.detail(id, now);
  }

  /** An approved partial deletion, carried out by hand, is closed with a note saying what was deleted. */
  async completePartial(id: string, actor: StaffUser, note: string, now = new Date()): Promise<DeletionRequestDetail> {
    await this.transition(id, 'complete', async (manager, request) => {
      await this.recordDecision(manager, actor, 'privacy.request_completed', request);
      await this.complete(manager, request, actor.email, now, { note, actorName: actor.name }, note);
    });
    return this.detail(id, now);
  }

  /** Moves an open request's deadline once, by one or two months, with a reason mailed to the requester. */
  async extend(
    id: string,
    actor: StaffUser,
    months: number,
    reason: string,
    now = new Date(),
  ): Promise<DeletionRequestDetail> {
    await this.transition(id, 'extend', async (manager, request) => {
      const previous = request.deadlineAt;
      request.deadlineAt = monthsAfter(previous, months);
      request.extendedAt = now;
      request.extensionReason = reason;
      await this.saveWithAudit(manager, request, 'extended', actor.email, {
        actorName: actor.name,
        months,
        reason,
        from: previous.toISOString(),
        to: request.deadlineAt.toISOString(),
      });
      await this.recordDecision(manager, actor, 'privacy.request_extended', request);
      await this.notifications.extended(manager, request, actor, reason);
      await this.mailer.extended(
        manager,
        request.email!,
        request.requestId,
        request.requestType,
        request.deadlineAt,
        reason,
      );
    });
    return this.detail(id, now);
  }

  /** Completes a deletion: final mail, then the addresses on the requests are cleared. */
  async complete(
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
    await this.webhookEvents.emit(manager, 'privacy_request.completed', {
      request: { id: request.id, type: request.requestType },
    });
  }

  /** The staff decision in the activity log, by request id only (the log holds no requester's address). */
  private recordDecision(
    manager: EntityManager,
    actor: StaffUser,
    action: DecisionAction,
    request: DeletionRequest,
    facts: string[] = [],
  ): Promise<void> {
    return this.activity.record(manager, {
      actor,
      action,
      target: {
        type: 'deletion_request',
        id: request.id,
        label: facts.length ? `${request.requestId}: ${facts.join(', ')}` : request.requestId,
      },
    });
  }

  /** Saves a request's new state together with its audit entry (same transaction). */
  async saveWithAudit(
    manager: EntityManager,
    request: DeletionRequest,
    action: string,
    actor: string | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.repository.saveRequest(manager, request);
    await this.repository.addAudit(manager, {
      requestId: request.requestId,
      emailHash: request.emailHash,
      action,
      actor,
      details,
    });
  }

  /** Runs `action` on a request, locked, if its state allows it (`privacyRequestActions`); 409 if not. */
  private async transition(
    id: string,
    action: PrivacyRequestAction,
    change: (manager: EntityManager, request: DeletionRequest) => Promise<void>,
  ): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
    await this.transactions.run(async (manager) => {
      const request = await this.repository.findByIdForUpdate(manager, id);
      if (!request) throw new ApiError(HttpStatus.NOT_FOUND, messages.deletionRequestNotFound);
      if (!privacyRequestActions(actionFacts(request)).includes(action)) {
        const extendedOnce =
          action === 'extend' &&
          privacyRequestActions({ ...actionFacts(request), extendedAt: null }).includes('extend');
        throw new ApiError(
          HttpStatus.CONFLICT,
          extendedOnce ? messages.extensionAlreadyUsed : messages.deletionRequestWrongState,
        );
      }
      await change(manager, request);
    });
  }
}
