import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { contactServiceLabel, enquiryLimits, formatDate, notificationLimits, site } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { taskLockKeys, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mails.js';
import { EnquiriesRepository, type WaitingEnquiryRow } from './enquiries.repository.js';
import { Transactions } from '../../database/transactions.js';

const hourMs = 60 * 60 * 1000;

/** How long ago, in words: "less than an hour ago", "26 hours ago" (under two days), "2 days ago". */
export function ageInWords(since: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - since.getTime()) / hourMs);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "5 hours left" before the 48-hour reply promise ends, or "3 hours late" after it (from the clock's start). */
export function promiseLeft(createdAt: Date, now: Date): string {
  const left = Math.round((createdAt.getTime() + enquiryLimits.replyPromiseHours * hourMs - now.getTime()) / hourMs);
  if (left > 0) return `${left} hour${left === 1 ? '' : 's'} left`;
  if (left === 0) return 'due now';
  return `${-left} hour${left === -1 ? '' : 's'} late`;
}

/**
 * Warns before the 48-hour reply promise runs out (docs/product.md#enquiries): an enquiry still new
 * or open 24 hours after it arrived is notified once to its assignee (to the admins when nobody holds
 * it, or when its assignee's account is disabled), and each morning at 08:00 UK time the admins get one digest of every enquiry at risk (unanswered
 * for 24 hours or more). Each run takes a PostgreSQL advisory lock, so with several instances one does
 * the work; the reminder marks each enquiry in the same transaction as its notification, and the digest
 * claims its day, so neither is sent twice. The bodies take `now` so that tests pass their own clock.
 */
@Injectable()
export class EnquiryReminders {
  private readonly logger = new Logger(EnquiryReminders.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly taskLocks: TaskLocks,
    private readonly enquiries: EnquiriesRepository,
    private readonly notifications: NotificationsService,
  ) {}

  @Cron('0 */10 * * * *', { name: 'enquiry-waiting-reminders' })
  async remindTick(): Promise<void> {
    await this.safely('reminders', () => this.remindWaiting());
  }

  @Cron('0 0 8 * * *', { name: 'enquiry-digest', timeZone: 'Europe/London' })
  async digestTick(): Promise<void> {
    await this.safely('digest', () => this.sendDigest());
  }

  /** Notifies each enquiry unanswered for 24 hours that was not reminded yet; answers how many. */
  remindWaiting(now = new Date()): Promise<LockedRun<number>> {
    return this.taskLocks.withLock(taskLockKeys.enquiryReminders, () =>
      this.transactions.run(async (manager) => {
        const due = await this.enquiries.waitingUnreminded(
          manager,
          new Date(now.getTime() - notificationLimits.waitingReminderHours * hourMs),
        );
        for (const enquiry of due) {
          const path = `/admin/enquiries/${enquiry.id}`;
          // A disabled assignee is told nothing (their account reads no mail): the admins are, instead.
          const holder = enquiry.assignee_disabled ? null : enquiry.assignee_id;
          await this.notifications.notify(
            manager,
            'enquiry_waiting',
            holder ? { userIds: [holder] } : { admins: true },
            {
              title: `The enquiry from ${enquiry.name} has waited ${waitedFor(enquiry, now)} for a reply`,
              path,
              enquiryId: enquiry.id,
              mail: (recipient, accountUrl) =>
                notificationMail('enquiry_waiting', recipient, accountUrl, {
                  subject: `Still unanswered after ${waitedFor(enquiry, now)}: ${enquiry.name}`,
                  heading: 'An enquiry is waiting for a reply',
                  paragraphs: [
                    answeredSinceArrival(enquiry)
                      ? `${enquiry.name} answered ${ageInWords(new Date(enquiry.clock_started_at), now)} and has no reply yet (the enquiry arrived ${ageInWords(new Date(enquiry.created_at), now)}).`
                      : `The enquiry from ${enquiry.name} arrived ${ageInWords(new Date(enquiry.created_at), now)} and has no reply yet.`,
                    ...(enquiry.assignee_id && !holder
                      ? [
                          `It is assigned to ${enquiry.assignee_name ?? 'an account'}, whose account is disabled: assign it to someone who can answer.`,
                        ]
                      : []),
                    `${site.name} promises a reply within ${enquiryLimits.replyPromiseHours} hours: ${promiseLeft(new Date(enquiry.clock_started_at), now)}.`,
                    'Answer it in the inbox: the reply and the enquirer’s answers stay on the enquiry.',
                  ],
                  details: waitingDetails(enquiry),
                  action: { label: 'Answer it in the inbox', url: `${this.config.publicUrl}${path}` },
                }),
            },
          );
          await this.enquiries.markReminded(manager, enquiry.id, now);
        }
        return due.length;
      }),
    );
  }

  /** One digest a day to the admins, none when no enquiry is at risk; answers how many it lists. */
  sendDigest(now = new Date()): Promise<LockedRun<number>> {
    return this.taskLocks.withLock(taskLockKeys.enquiryDigest, async () => {
      const atRisk = await this.enquiries.waiting(
        new Date(now.getTime() - notificationLimits.waitingReminderHours * hourMs),
      );
      if (atRisk.length === 0) return 0;
      if (!(await this.taskLocks.claimRun('enquiry-digest', now.toISOString().slice(0, 10)))) return 0;
      const late = atRisk.filter(
        (enquiry) =>
          new Date(enquiry.clock_started_at).getTime() + enquiryLimits.replyPromiseHours * hourMs <= now.getTime(),
      ).length;
      const count = `${atRisk.length} enquir${atRisk.length === 1 ? 'y' : 'ies'}`;
      await this.transactions.run((manager) =>
        this.notifications.notify(
          manager,
          'enquiry_digest',
          { admins: true },
          {
            title: `${count} at risk of the 48-hour reply promise${late ? ` (${late} late)` : ''}`,
            path: '/admin/enquiries',
            mail: (recipient, accountUrl) =>
              notificationMail('enquiry_digest', recipient, accountUrl, {
                subject: `Enquiries digest: ${count} at risk of the 48-hour promise`,
                heading: 'Enquiries at risk this morning',
                paragraphs: [
                  `${count} ${atRisk.length === 1 ? 'has' : 'have'} waited 24 hours or more without a reply${late ? `, ${late} of them past the ${enquiryLimits.replyPromiseHours} hours` : ''}.`,
                ],
                details: atRisk.map((enquiry) => ({
                  label: enquiry.name,
                  value: `${promiseLeft(new Date(enquiry.clock_started_at), now)} · ${enquiry.assignee_name ?? 'Unassigned'} · ${this.config.publicUrl}/admin/enquiries/${enquiry.id}`,
                })),
                action: { label: 'Open the inbox', url: `${this.config.publicUrl}/admin/enquiries` },
              }),
          },
        ),
      );
      return atRisk.length;
    });
  }

  /** A failed run is logged and retried at the next tick; it never crashes the process. */
  private async safely(task: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.logger.error(`enquiry ${task} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The enquirer answered after the enquiry arrived: its clock restarted then. */
function answeredSinceArrival(enquiry: WaitingEnquiryRow): boolean {
  return new Date(enquiry.clock_started_at).getTime() !== new Date(enquiry.created_at).getTime();
}

/** How long the enquiry has waited for a reply: "26 hours", "2 days". */
function waitedFor(enquiry: WaitingEnquiryRow, now: Date): string {
  return ageInWords(new Date(enquiry.clock_started_at), now).replace(/ ago$/, '');
}

/** No address that would answer around the record: the enquirer's name only (the address is on the enquiry). */
function waitingDetails(enquiry: WaitingEnquiryRow): { label: string; value: string }[] {
  return [
    { label: 'From', value: enquiry.name },
    ...(enquiry.company ? [{ label: 'Company', value: enquiry.company }] : []),
    { label: 'Service', value: contactServiceLabel(enquiry.service) ?? 'Not given' },
    { label: 'Received', value: formatDate(new Date(enquiry.created_at), 'd MMM yyyy, HH:mm') },
  ];
}
