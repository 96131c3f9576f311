import { Injectable } from '@nestjs/common';
import { HealthRepository } from './health.repository.js';

const healthCheckTimeoutMs = 2000;

@Injectable()
export class HealthService {
  constructor(private readonly repository: HealthRepository) {}

  /** True when the database answers a trivial query within two seconds. */
  async databaseReachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), healthCheckTimeoutMs);
    });
    const probe = this.repository
      .ping()
      .then(() => true)
      .catch(() => false);
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
