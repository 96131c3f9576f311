import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDate, privacyRequestTypeLabels, type StaffUser } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mails.js';
import type { DeletionRequest } from './entities/deletion-request.entity.js';
import type { DigestLine } from './privacy.mails.js';

/**
 * What the privacy team is told by the bell and by mail (docs/product.md#privacy-officer): a request
 * confirmed by its requester (its clock runs), a deadline extended by someone else, and each morning
 * the requests due within 7 days or overdue. The team is every role with every right over the privacy
 * area in the permission table. Lines name the request by its id, never the requester's address.
 */
@Injectable()
export class PrivacyNotifications {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {}

  /** The requests list, searched for the request's id (a bookmarkable view of it). */
  private path(request: { requestId: string }): string {
    return `/admin/privacy?q=${encodeURIComponent(request.requestId)}`;
  }

  confirmed(manager: EntityManager, request: DeletionRequest): Promise<number> {
    const type = privacyRequestTypeLabels[request.requestType].toLowerCase();
    const due = formatDate(request.deadlineAt, 'd MMMM yyyy');
    const path = this.path(request);
    return this.notifications.notify(
      manager,
      'privacy_request_confirmed',
      { team: 'privacy' },
      {
        title: `Privacy request ${request.requestId} (${type}) was confirmed: due ${due}`,
        path,
        mail: (recipient, accountUrl) =>
          notificationMail('privacy_request_confirmed', recipient, accountUrl, {
            subject: `Privacy request confirmed: ${request.requestId}`,
            heading: 'A privacy request waits for a decision',
            paragraphs: [
              `The requester confirmed privacy request ${request.requestId} (${type}).`,
              `It is due by ${due}.`,
            ],
            action: { label: 'Open the request', url: `${this.config.publicUrl}${path}` },
          }),
      },
    );
  }

  extended(manager: EntityManager, request: DeletionRequest, actor: StaffUser, reason: string): Promise<number> {
    const due = formatDate(request.deadlineAt, 'd MMMM yyyy');
    const path = this.path(request);
    return this.notifications.notify(
      manager,
      'privacy_request_extended',
      { team: 'privacy', except: actor.id },
      {
        title: `${actor.name} extended privacy request ${request.requestId} to ${due}`,
        path,
        mail: (recipient, accountUrl) =>
          notificationMail('privacy_request_extended', recipient, accountUrl, {
            subject: `Privacy request extended: ${request.requestId}`,
            heading: 'A privacy request has a new deadline',
            paragraphs: [`${actor.name} extended privacy request ${request.requestId} to ${due}.`, `Reason: ${reason}`],
            action: { label: 'Open the request', url: `${this.config.publicUrl}${path}` },
          }),
      },
    );
  }

  due(manager: EntityManager, lines: DigestLine[]): Promise<number> {
    const overdue = lines.filter((line) => line.overdue).length;
    const count = `${lines.length} privacy request${lines.length === 1 ? '' : 's'}`;
    return this.notifications.notify(
      manager,
      'privacy_requests_due',
      { team: 'privacy' },
      {
        title: `${count} due within 7 days or overdue${overdue ? ` (${overdue} overdue)` : ''}`,
        path: '/admin/privacy?due=soon',
        mail: (recipient, accountUrl) =>
          notificationMail('privacy_requests_due', recipient, accountUrl, {
            subject: `Privacy deadlines: ${count} due within 7 days or overdue`,
            heading: 'Privacy requests near their deadline',
            paragraphs: [`${count} ${lines.length === 1 ? 'is' : 'are'} due within 7 days or overdue.`],
            details: lines.map((line) => ({
              label: line.requestId,
              value: `${privacyRequestTypeLabels[line.requestType]} · due ${formatDate(line.deadlineAt, 'd MMM yyyy')}${line.overdue ? ' · OVERDUE' : ''}`,
            })),
            action: { label: 'Open the requests', url: `${this.config.publicUrl}/admin/privacy` },
          }),
      },
    );
  }
}
