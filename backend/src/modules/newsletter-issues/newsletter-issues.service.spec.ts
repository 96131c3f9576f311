import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../core/config/config.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { NewsletterService } from '../newsletter/newsletter.service.js';
import type { NewsletterIssuesRepository } from './newsletter-issues.repository.js';
import { NewsletterIssuesService } from './newsletter-issues.service.js';
import type { WebhookEvents } from '../webhooks/webhook-events.js';
import type { Transactions } from '../../database/transactions.js';

/** The start-up resume of interrupted sends, whose queries a shutdown may cut off. */
describe('NewsletterIssuesService: resuming interrupted sends at start-up', () => {
  function serviceWhoseResume(fails: Promise<string[]>) {
    const repository = { sendingIssueIds: () => fails } as unknown as NewsletterIssuesRepository;
    return new NewsletterIssuesService(
      {} as AppConfig,
      repository,
      {} as ActivityService,
      {} as MailService,
      {} as NewsletterService,
      {} as WebhookEvents,
      {} as Transactions,
    );
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('logs an error when the resume fails while the application runs', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    serviceWhoseResume(Promise.reject(new Error('Connection refused'))).onApplicationBootstrap();
    await settle();
    expect(error).toHaveBeenCalledWith('Resuming newsletter sends failed: Error: Connection refused');
    error.mockRestore();
  });

  it('does not report a failure when a shutdown closed the connections under the resume', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    let fail!: (reason: Error) => void;
    const service = serviceWhoseResume(
      new Promise<string[]>((_resolve, reject) => {
        fail = reject;
      }),
    );
    service.onApplicationBootstrap();
    service.beforeApplicationShutdown();
    fail(new Error('Connection terminated'));
    await settle();
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Resuming newsletter sends stopped by the shutdown: Error: Connection terminated');
    error.mockRestore();
    log.mockRestore();
  });
});
