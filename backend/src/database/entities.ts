import { AnalyticsEvent } from '../modules/analytics/entities/analytics-event.entity.js';
import { DeletionAudit } from '../modules/privacy/entities/deletion-audit.entity.js';
import { DeletionRequest } from '../modules/privacy/entities/deletion-request.entity.js';

/** Every TypeORM entity of the application, listed once (ESM has no glob loading). */
export const entities: Function[] = [
  AnalyticsEvent,
  DeletionRequest,
  DeletionAudit,
];
