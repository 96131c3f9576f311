import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { PERSONAL_DATA_STORES } from './personal-data-stores.js';
import { PrivacyRequestsService } from './privacy-requests.service.js';
import { PrivacyRepository } from './privacy.repository.js';
import { Transactions } from '../../database/transactions.js';

const systemActor = 'system';

/**
 * Erasure of an approved full deletion (docs/product.md#data-deletion): every store's eraser for the
 * address, the address's hash on the suppression list, the final mail, the requests' addresses cleared.
 */
@Injectable()
export class ErasureService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly requests: PrivacyRequestsService,
    @Inject(PERSONAL_DATA_STORES) private readonly stores: PersonalDataStore[],
    private readonly transactions: Transactions,
  ) {}

  /**
   * Scheduled task body: carries out every approved full deletion, one transaction each. Safe with
   * several instances (rows are claimed with SKIP LOCKED) and safe to repeat.
   */
  async processApprovedDeletions(now = new Date()): Promise<number> {
    let completed = 0;
    for (;;) {
      const done = await this.transactions.run(async (manager) => {
        const request = await this.repository.claimApprovedFullDeletion(manager);
        if (!request) return false;
        const counts = await this.eraseAddress(manager, request.email!);
        await this.repository.addSuppression(manager, request.emailHash, 'deletion_request');
        const erased = Object.values(counts).reduce((sum, count) => sum + count, 0);
        await this.requests.complete(
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

  /** Runs every store's eraser for the address, in the list's order. Idempotent: a second run returns zeros. */
  async eraseAddress(manager: EntityManager, email: string): Promise<Record<string, number>> {
    const normalised = email.trim().toLowerCase();
    const counts: Record<string, number> = {};
    for (const store of this.stores) {
      if (store.erase) counts[store.name] = await store.erase(manager, normalised);
    }
    return counts;
  }
}
