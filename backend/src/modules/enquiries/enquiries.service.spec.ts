import { HttpException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { permissionsFor, type StaffRole, type StaffUser } from '@northbeam/common';
import type { AppConfig } from '../../core/config/config.js';
import type { ActivityInput, ActivityService } from '../activity/activity.service.js';
import type { ReadingPaths } from '../analytics/reading-paths.js';
import type { MailService } from '../mail/mail.service.js';
import type {
  NotificationContent,
  NotificationTarget,
  NotificationsService,
} from '../notifications/notifications.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { EnquiriesRepository, EnquiryFilter, EnquiryRow } from './enquiries.repository.js';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { EnquiriesService } from './enquiries.service.js';
import type { InboundMailService } from '../inbound-mail/inbound-mail.service.js';
import type { WebhookEvents } from '../webhooks/webhook-events.js';
import type { Transactions } from '../../database/transactions.js';

const enquiryId = '0b8f6f5e-4a39-4c1e-9d2f-1f1f1f1f1f1f';
const assigneeId = '2c9a7e10-5b4d-4e6f-8a1b-2c2c2c2c2c2c';

function user(role: StaffRole): StaffUser {
  return {
    id: `${role}-id`,
    name: role,
    email: `${role}@x.example`,
    role,
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    permissions: permissionsFor(role),
    teamMemberId: null,
  };
}

function row(overrides: Partial<EnquiryRow> = {}): EnquiryRow {
  return {
    id: enquiryId,
    name: 'Ada',
    email: 'ada@example.com',
    company: null,
    service: 'labs',
    message: 'Hello',
    status: 'new',
    assignee_id: null,
    assignee_name: null,
    created_at: new Date('2026-11-20T10:00:00Z'),
    clock_started_at: new Date('2026-11-20T10:00:00Z'),
    ...overrides,
  };
}

/** A service over fakes that record what it asked for; an unexpected call fails the test. */
function setup(current: EnquiryRow) {
  const filters: EnquiryFilter[] = [];
  const recorded: ActivityInput[] = [];
  const mailed: string[] = [];
  const counted: (string | undefined)[] = [];
  const manager = {} as EntityManager;
  const repository = {
    findPage: (filter: EnquiryFilter) => {
      filters.push(filter);
      return Promise.resolve([[], 0]);
    },
    findById: () => Promise.resolve(current),
    lockById: () => Promise.resolve(current),
    findNotes: () => Promise.resolve([]),
    findReplies: () => Promise.resolve([]),
    history: () => Promise.resolve([]),
    update: () => Promise.resolve(),
    counts: (_lateBefore: Date, assignee?: string) => {
      counted.push(assignee);
      return Promise.resolve({ new: 0, unanswered: 0, spam: 0 });
    },
  } as unknown as EnquiriesRepository;
  const activity = {
    record: (_manager: EntityManager, input: ActivityInput) => {
      recorded.push(input);
      return Promise.resolve();
    },
  } as unknown as ActivityService;
  const mail = {
    enqueue: (_manager: EntityManager, outgoing: { to: string }) => {
      mailed.push(outgoing.to);
      return Promise.resolve();
    },
  } as unknown as MailService;
  // As the real service: the staff member who acted is never told.
  const notifications = {
    notify: (_manager: EntityManager, _kind: string, target: NotificationTarget, content: NotificationContent) => {
      for (const id of (target.userIds ?? []).filter((recipient) => recipient !== target.except))
        mailed.push(content.mail({ id, name: 'Ines', email: 'ines@x.example' }, '').to);
      return Promise.resolve(1);
    },
    withdrawEnquiryLines: () => Promise.resolve(0),
  } as unknown as NotificationsService;
  const transactions = {
    run: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
  } as unknown as Transactions;
  const readingPaths = { forEnquiry: () => Promise.resolve([]) } as unknown as ReadingPaths;
  const service = new EnquiriesService(
    { publicUrl: 'https://site.example' } as AppConfig,
    transactions,
    repository,
    activity,
    mail,
    readingPaths,
    {
      findActiveById: () => Promise.resolve({ name: 'Ines', email: 'ines@x.example', role: 'consultant' }),
    } as unknown as UsersRepository,
    notifications,
    { enforce: () => Promise.resolve() } as unknown as RateLimiter,
    { emit: () => Promise.resolve(0) } as unknown as WebhookEvents,
    { forEnquiry: () => Promise.resolve([]) } as unknown as InboundMailService,
  );
  return { service, filters, recorded, mailed, counted };
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof HttpException ? error.getStatus() : 500;
  }
}

describe(EnquiriesService.name, () => {
  describe('list', () => {
    it('limits a consultant to their own assignments whatever assignee they ask for', async () => {
      const { service, filters } = setup(row());
      await service.list({ assignee: 'none' }, user('consultant'));
      expect(filters[0].assigneeId).toBe('consultant-id');
    });

    it('turns "none" into the unassigned filter and the dates into whole UTC days for an admin', async () => {
      const { service, filters } = setup(row());
      await service.list({ assignee: 'none', from: '2026-11-01', to: '2026-11-02', q: 'ada' }, user('admin'));
      expect(filters[0]).toEqual({
        status: undefined,
        service: undefined,
        assigneeId: null,
        from: new Date('2026-11-01T00:00:00Z'),
        before: new Date('2026-11-03T00:00:00Z'),
        search: 'ada',
      });
    });
  });

  describe('update', () => {
    it('refuses a consultant on an enquiry assigned to someone else with 403 and records nothing', async () => {
      const { service, recorded } = setup(row({ assignee_id: 'someone-else' }));
      expect(await status(service.update(enquiryId, { status: 'closed' }, user('consultant')))).toBe(403);
      expect(recorded).toEqual([]);
    });

    it('refuses a consultant who tries to reassign their own enquiry with 403', async () => {
      const { service } = setup(row({ assignee_id: 'consultant-id' }));
      expect(await status(service.update(enquiryId, { assigneeId }, user('consultant')))).toBe(403);
    });

    it('records one line per change that changes something and mails the new assignee', async () => {
      const { service, recorded, mailed } = setup(row());
      await service.update(enquiryId, { status: 'open', assigneeId }, user('admin'));
      expect(recorded.map((line) => line.action)).toEqual(['enquiry.status_changed', 'enquiry.assigned']);
      expect(recorded[0].target?.label).toBe('Ada: New → Open');
      expect(mailed).toEqual(['ines@x.example']);
    });

    it('records nothing and mails nobody when nothing changes', async () => {
      const { service, recorded, mailed } = setup(row({ status: 'open', assignee_id: assigneeId }));
      await service.update(enquiryId, { status: 'open', assigneeId }, user('admin'));
      expect(recorded).toEqual([]);
      expect(mailed).toEqual([]);
    });

    it('does not mail whoever assigns the enquiry to themselves', async () => {
      const { service, recorded, mailed } = setup(row());
      await service.update(enquiryId, { assigneeId: 'admin-id' }, user('admin'));
      expect(recorded).toHaveLength(1);
      expect(mailed).toEqual([]);
    });
  });

  describe('counts', () => {
    it('counts a consultant’s own enquiries only, and everyone’s for an admin', async () => {
      const { service, counted } = setup(row());
      await service.counts(user('consultant'));
      await service.counts(user('admin'));
      expect(counted).toEqual(['consultant-id', undefined]);
    });
  });
});
