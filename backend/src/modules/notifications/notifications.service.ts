import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  notificationKindLabels,
  notificationLimits,
  notificationMessages,
  permissionSatisfies,
  permissionTable,
  staffRoles,
  type AnyNotificationKind,
  type NotificationKind,
  type StaffArea,
  type NotificationPage,
  type NotificationPreferences,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { isUuid } from '../../core/validation/uuid.js';
import { isoTimestamp } from '../../database/query-result.js';
import { ActivityService } from '../activity/activity.service.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import { MailService } from '../mail/mail.service.js';
import { NotificationsRepository, type Recipient } from './notifications.repository.js';
import { Transactions } from '../../database/transactions.js';

/** What one notification says: the bell's line and the mail each recipient gets. */
export interface NotificationContent {
  title: string;
  /** A path in the admin. */
  path: string;
  /** Set when it is about an enquiry: it then goes with the enquiry (erasure, retention). */
  enquiryId?: string;
  mail: (recipient: Recipient, accountUrl: string) => OutgoingMail;
}

/**
 * Who is told: staff by id, every admin (admins and super admins), every super admin, the team of an
 * area, or several of these.
 */
export interface NotificationTarget {
  userIds?: string[];
  admins?: boolean;
  superAdmins?: boolean;
  /** Every role with every right over the area in the permission table (the privacy team for 'privacy'). */
  team?: StaffArea;
  /** Never told (the staff member who did what the notification is about). */
  except?: string | null;
}

/**
 * Staff notifications (the admin bar's bell and a mail through the outbox), written inside the
 * caller's transaction, so each is written once with what it is about. A person who turned a kind
 * off on `/admin/account` gets neither the line nor the mail; disabled accounts get nothing.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly repository: NotificationsRepository,
    private readonly mail: MailService,
    private readonly activity: ActivityService,
  ) {}

  /** Notifies every recipient of `kind` in `target`; answers how many were told. */
  async notify(
    manager: EntityManager,
    kind: AnyNotificationKind,
    target: NotificationTarget,
    content: NotificationContent,
  ): Promise<number> {
    const roles = target.team ? staffRoles.filter((role) => permissionTable[role][target.team!] === 'all') : [];
    const recipients = (await this.repository.recipients(manager, kind, { ...target, roles })).filter(
      (recipient) => recipient.id !== target.except,
    );
    if (recipients.length === 0) return 0;
    await this.repository.add(
      manager,
      recipients.map((recipient) => ({
        userId: recipient.id,
        kind,
        title: content.title,
        url: content.path,
        enquiryId: content.enquiryId ?? null,
      })),
    );
    const accountUrl = `${this.config.publicUrl}/admin/account`;
    await this.mail.enqueueMany(
      manager,
      recipients.map((recipient) => content.mail(recipient, accountUrl)),
    );
    return recipients.length;
  }

  /**
   * After an enquiry changed hands: the bell lines about it (they name the enquirer) are removed for
   * everyone who may no longer see it (roles that see only their assigned enquiries), except its new
   * holder. Called in the reassignment's transaction.
   */
  async withdrawEnquiryLines(manager: EntityManager, enquiryId: string, holderId: string | null): Promise<number> {
    const assignedOnly = Object.entries(permissionTable)
      .filter(([, permissions]) => !permissionSatisfies(permissions.enquiries, 'all'))
      .map(([role]) => role);
    return this.repository.removeEnquiryLines(manager, enquiryId, assignedOnly, holderId);
  }

  async page(user: StaffUser, page = 1): Promise<NotificationPage> {
    const pageSize = notificationLimits.bellPageSize;
    const [rows, total, unread] = await this.repository.page(user.id, (page - 1) * pageSize, pageSize);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        url: row.url,
        createdAt: isoTimestamp(row.created_at),
        read: row.read_at !== null,
      })),
      unread,
      total,
      page,
      pageSize,
    };
  }

  async markRead(id: string, user: StaffUser): Promise<void> {
    if (!isUuid(id) || !(await this.repository.markRead(user.id, id)))
      throw new ApiError(HttpStatus.NOT_FOUND, notificationMessages.notFound);
  }

  async markAllRead(user: StaffUser): Promise<void> {
    await this.repository.markAllRead(user.id);
  }

  async preferences(user: StaffUser): Promise<NotificationPreferences> {
    return { off: await this.repository.optOuts(user.id) };
  }

  /** Replaces the kinds the user turned off; logged when it changes something. */
  async setPreferences(off: NotificationKind[], user: StaffUser): Promise<NotificationPreferences> {
    const wanted = [...new Set(off)].sort();
    const before = await this.repository.optOuts(user.id);
    if (wanted.join() === before.join()) return { off: before };
    await this.transactions.run(async (manager) => {
      await this.repository.setOptOuts(manager, user.id, wanted);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'notifications.preferences_changed',
        target: {
          type: 'staff',
          id: user.id,
          label: wanted.length
            ? `Off: ${wanted.map((kind) => notificationKindLabels[kind].label).join(', ')}`
            : 'Every notification on',
        },
      });
    });
    return { off: wanted };
  }
}
