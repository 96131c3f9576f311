import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../core/config/config.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import type { MailService } from '../mail/mail.service.js';
import { PrivacyMailer } from './privacy.mails.js';

describe('PrivacyMailer digest', () => {
  it('dates each deadline by the UK calendar day, whatever the machine zone', async () => {
    const sent: OutgoingMail[] = [];
    const outbox = {
      enqueue: (_manager: EntityManager, mail: OutgoingMail) => {
        sent.push(mail);
        return Promise.resolve();
      },
    } as MailService;
    const config = { publicUrl: 'https://example.test', privacyInbox: 'privacy@example.test' } as AppConfig;
    const mailer = new PrivacyMailer(outbox, config);

    // 23:30 UTC on 30 June is 00:30 on 1 July in London (and 19:30 on 30 June in New York).
    await mailer.digest({} as EntityManager, [
      {
        requestId: 'DR-1',
        requestType: 'full_deletion',
        status: 'verified',
        deadlineAt: new Date('2026-06-30T23:30:00Z'),
        overdue: false,
      },
    ]);

    expect(sent[0].text).toContain('DR-1  verified  deadline 2026-07-01  due within 7 days');
  });
});
