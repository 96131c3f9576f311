import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { Inject, Injectable } from '@nestjs/common';
import { leadMessages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { MailService } from '../mail/mail.service.js';
import {
  mapPlaybookDownload,
  type CreatePlaybookDownloadDto,
  type PlaybookDownloadCreatedDto,
  type PlaybookDownloadDto,
} from './dto/playbook-download.dto.js';
import { playbookLinkMail } from './playbook.mails.js';
import { PlaybookRepository } from './playbook.repository.js';
import { Transactions } from '../../database/transactions.js';

@Injectable()
export class PlaybookService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly playbookRepository: PlaybookRepository,
    private readonly mailService: MailService,
    private readonly rateLimiter: RateLimiter,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  /** Records the request and mails the link, in one transaction; the link is also answered at once. */
  async request(input: CreatePlaybookDownloadDto, clientIp: string | undefined): Promise<PlaybookDownloadCreatedDto> {
    // Each request mails the link: limits per client and per inbox keep the form from being used to
    // flood someone's mailbox; nothing is stored or mailed past them.
    await this.rateLimiter.enforceMailingForm('playbook', clientIp, input.email, {
      perClient: this.config.playbookRateLimitMax,
      perRecipient: this.config.playbookRecipientRateLimitMax,
      windowSeconds: this.config.playbookRateLimitWindowSeconds,
    });
    const downloadUrl = await this.siteSettings.playbookUrl();
    await this.transactions.run(async (manager) => {
      await this.playbookRepository.insert(manager, { email: input.email, page: input.page ?? null });
      await this.mailService.enqueue(manager, playbookLinkMail(input.email, downloadUrl));
    });
    return { message: leadMessages.playbookSent, downloadUrl };
  }

  async list(): Promise<PlaybookDownloadDto[]> {
    return (await this.playbookRepository.findAllNewestFirst()).map(mapPlaybookDownload);
  }
}
