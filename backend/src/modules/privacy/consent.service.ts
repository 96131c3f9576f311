import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { consentIdPattern, messages, type ConsentProof, type StaffUser } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { ActivityService } from '../activity/activity.service.js';
import type { RecordConsentDto } from './dto/consent.dto.js';
import { newPublicId } from './privacy-rules.js';
import { PrivacyRepository } from './privacy.repository.js';
import { Transactions } from '../../database/transactions.js';

/**
 * Consent records (docs/product.md#consent-records): each banner choice stored under a random id with
 * its categories and the version of the banner's wording, never with the IP address; the visitor
 * keeps the id, the privacy team can look it up and export it as proof.
 */
@Injectable()
export class ConsentService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async record(choice: RecordConsentDto, clientIp: string | undefined, now = new Date()): Promise<ConsentProof> {
    // The address only keys the limiter's counter (as a digest); the record never holds it.
    await this.rateLimiter.enforce(
      `consent:${clientIp ?? 'unknown'}`,
      this.config.consentRateLimitMax,
      this.config.consentRateLimitWindowSeconds,
    );
    const proof = {
      consentId: newPublicId('CNS'),
      analytics: choice.analytics,
      marketing: choice.marketing,
      action: choice.action,
      bannerVersion: choice.bannerVersion,
    };
    await this.repository.addConsent(proof, now);
    return { ...proof, recordedAt: now.toISOString() };
  }

  async find(consentId: string): Promise<ConsentProof> {
    const proof = consentIdPattern.test(consentId) ? await this.repository.findConsent(consentId) : null;
    if (!proof) throw new ApiError(HttpStatus.NOT_FOUND, messages.consentNotFound);
    return proof;
  }

  /** The record as a file, the export logged in the activity log. */
  async export(consentId: string, actor: StaffUser): Promise<ConsentProof> {
    const proof = await this.find(consentId);
    await this.transactions.run((manager) =>
      this.activity.record(manager, {
        actor,
        action: 'privacy.consent_exported',
        target: { type: 'export', id: proof.consentId, label: proof.consentId },
      }),
    );
    return proof;
  }
}
