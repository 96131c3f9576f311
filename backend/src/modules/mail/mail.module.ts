import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { MailDispatcher } from './mail-dispatcher.js';
import { LogMailTransport, MAIL_TRANSPORT, SmtpMailTransport, type MailTransport } from './mail-transport.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';

@Module({
  providers: [
    MailRepository,
    MailService,
    MailDispatcher,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport => {
        if (config.smtpUrl) return new SmtpMailTransport(config.smtpUrl);
        new Logger('Mail').warn('SMTP_URL is not set: mails are written to the log and marked sent.');
        return new LogMailTransport();
      },
    },
  ],
  exports: [MailService, MailDispatcher],
})
export class MailModule {}
