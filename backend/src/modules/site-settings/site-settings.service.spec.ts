import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../core/config/config.js';
import { insideTransaction } from '../../database/open-transaction.js';
import type { Transactions } from '../../database/transactions.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { ContentVersionService } from '../content-version/content-version.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { MediaStorage } from '../media/media-storage.js';
import type { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/**
 * The settings service over a database with one connection, held by a transaction: a read outside
 * the transaction waits until `releaseConnection`; a read through the transaction's manager answers.
 */
function serviceOnHeldConnection() {
  let releaseConnection!: () => void;
  const connectionFree = new Promise<void>((resolve) => (releaseConnection = resolve));
  const outsideReads: string[] = [];
  const repository = {
    findSettings: async (manager?: EntityManager) => {
      if (!manager) {
        outsideReads.push('settings');
        await connectionFree;
      }
      return null;
    },
    findMedia: async (_ids: string[], manager?: EntityManager) => {
      if (!manager) await connectionFree;
      return [];
    },
  } as unknown as SiteSettingsRepository;
  const contentVersion = { current: () => Promise.resolve(3) } as unknown as ContentVersionService;
  const config = {
    contactInbox: 'enquiries@northbeam.example',
    privacyInbox: 'privacy@northbeam.example',
    playbookUrl: 'http://127.0.0.1/playbook.pdf',
    publicUrl: 'http://127.0.0.1',
  } as AppConfig;
  const service = new SiteSettingsService(
    repository,
    {} as ActivityService,
    contentVersion,
    config,
    {} as MediaStorage,
    {} as NotificationsService,
    {} as MailService,
    {} as Transactions,
  );
  return { service, releaseConnection, outsideReads };
}

const transaction = {
  queryRunner: { isTransactionActive: true },
  query: () => Promise.resolve([]),
} as unknown as EntityManager;
const settledWithin = <T>(promise: Promise<T>, ms = 500) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe(SiteSettingsService.name, () => {
  it('inside a transaction (its manager given), never waits for the settings read another request started outside it', async () => {
    const { service, releaseConnection } = serviceOnHeldConnection();
    // A page render asks first: its read waits for the connection the enquiry's transaction holds.
    const pageRender = service.publicSettings();
    expect(await settledWithin(service.enquiryInbox(transaction))).toBe('enquiries@northbeam.example');
    expect(await settledWithin(service.publicSettings(transaction))).toMatchObject({ phone: expect.any(String) });
    releaseConnection();
    expect(await pageRender).toMatchObject({ phone: expect.any(String) });
  });

  it('inside Transactions.run without the manager, reads through the marked transaction too', async () => {
    const { service, releaseConnection, outsideReads } = serviceOnHeldConnection();
    const pageRender = service.publicSettings();
    const inside = insideTransaction(transaction, () => service.privacyInbox());
    expect(await settledWithin(inside)).toBe('privacy@northbeam.example');
    expect(outsideReads).toHaveLength(1);
    releaseConnection();
    await pageRender;
  });

  it('outside transactions, one read serves every request of a content version', async () => {
    const { service, releaseConnection, outsideReads } = serviceOnHeldConnection();
    releaseConnection();
    await Promise.all([service.publicSettings(), service.enquiryInbox(), service.settings()]);
    await service.playbookUrl();
    expect(outsideReads).toHaveLength(1);
  });
});
