import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  messages,
  newsletterIssueActions,
  newsletterIssueLimits,
  newsletterIssueMessages,
  type ListPage,
  type NewsletterAudience,
  type NewsletterIssueDetail,
  type NewsletterIssueSummary,
  type NewsletterPreview,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { MailService } from '../mail/mail.service.js';
import { NewsletterService } from '../newsletter/newsletter.service.js';
import { mapSummary, type SaveNewsletterIssueDto } from './dto/newsletter-issues.dto.js';
import { renderMarkdownForMail } from './markdown-mail.js';
import { newsletterIssueMail, type IssueContent } from './newsletter-issues.mails.js';
import { NewsletterIssuesRepository, type NewsletterIssueRow } from './newsletter-issues.repository.js';
import { isUuid } from '../../core/validation/uuid.js';

/**
 * Newsletter issues (docs/product.md#newsletter-issues): drafts, preview, a test to oneself, and one
 * send to every confirmed subscriber through the mail outbox.
 */
@Injectable()
export class NewsletterIssuesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(NewsletterIssuesService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: NewsletterIssuesRepository,
    private readonly activityService: ActivityService,
    private readonly mailService: MailService,
    private readonly newsletterService: NewsletterService,
  ) {}

  /** A send interrupted by a stopped process goes on where it was when the application starts again. */
  onApplicationBootstrap(): void {
    void this.repository
      .sendingIssueIds()
      .then(async (ids) => {
        for (const id of ids) await this.queueRemaining(id);
      })
      .catch((error: unknown) => this.logger.error(`Resuming newsletter sends failed: ${String(error)}`));
  }

  async list(page = 1): Promise<ListPage<NewsletterIssueSummary>> {
    const pageSize = newsletterIssueLimits.listPageSize;
    const [rows, total] = await this.repository.findPage((page - 1) * pageSize, pageSize);
    return { items: rows.map(mapSummary), total, page, pageSize };
  }

  async detail(id: string): Promise<NewsletterIssueDetail> {
    const row = isUuid(id) ? await this.repository.findById(id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    return this.mapDetail(row);
  }

  async audience(): Promise<NewsletterAudience> {
    return { confirmed: await this.repository.confirmedCount() };
  }

  async create(
    user: StaffUser,
    input: SaveNewsletterIssueDto,
    sourcePostId: string | null = null,
  ): Promise<NewsletterIssueDetail> {
    const id = await this.dataSource.transaction(async (manager) => {
      const created = await this.repository.insert(manager, {
        subject: input.subject,
        preheader: input.preheader ?? '',
        body: input.body,
        sourcePostId,
        creator: { id: user.id, name: user.name },
      });
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.draft_created',
        target: { type: 'newsletter_issue', id: created, label: input.subject },
      });
      return created;
    });
    return this.detail(id);
  }

  /** A draft filled from a published post: its title, excerpt and body, and a link to read it on the site. */
  async createFromPost(user: StaffUser, postId: string): Promise<NewsletterIssueDetail> {
    const post = await this.repository.findPublishedPost(postId);
    if (!post)
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
        postId: [newsletterIssueMessages.postInvalid],
      });
    const url = `${this.config.publicUrl}/blog/${post.section}/${post.slug}`;
    return this.create(
      user,
      {
        subject: post.title.slice(0, newsletterIssueLimits.subjectMax),
        preheader: post.excerpt.replace(/\s+/g, ' ').trim().slice(0, newsletterIssueLimits.preheaderMax),
        body: `${post.body.trim()}\n\n[Read it on the site](${url})\n`,
      },
      post.id,
    );
  }

  async update(user: StaffUser, id: string, input: SaveNewsletterIssueDto): Promise<NewsletterIssueDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockDraft(manager, id, 'edit');
      await this.repository.update(manager, row.id, {
        subject: input.subject,
        preheader: input.preheader ?? '',
        body: input.body,
      });
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.draft_updated',
        target: { type: 'newsletter_issue', id: row.id, label: input.subject },
      });
    });
    return this.detail(id);
  }

  async remove(user: StaffUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockDraft(manager, id, 'delete');
      await this.repository.delete(manager, row.id);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.draft_deleted',
        target: { type: 'newsletter_issue', id: row.id, label: row.subject },
      });
    });
  }

  /** The issue as a subscriber would get it, with the signed-in staff member standing in for the reader. */
  preview(user: StaffUser, input: SaveNewsletterIssueDto): NewsletterPreview {
    const mail = newsletterIssueMail(
      this.content('preview', input),
      user.email,
      this.newsletterService.unsubscribeLinks(user.email),
    );
    return { subject: mail.subject, html: mail.html, text: mail.text };
  }

  /** One copy to the signed-in staff member, marked [Test], through the outbox. */
  async sendTest(user: StaffUser, id: string): Promise<{ message: string }> {
    const row = await this.detail(id);
    await this.dataSource.transaction(async (manager) => {
      await this.mailService.enqueue(
        manager,
        newsletterIssueMail(
          this.content(row.id, row),
          user.email,
          this.newsletterService.unsubscribeLinks(user.email),
          true,
        ),
      );
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.test_sent',
        target: { type: 'newsletter_issue', id: row.id, label: row.subject },
      });
    });
    return { message: newsletterIssueMessages.testSent(user.email) };
  }

  /**
   * Sends the issue once: the confirmed subscribers are snapshotted under the issue's row lock (a
   * second send finds it no longer a draft: 409), then their outbox rows are written in batches, each
   * batch in a transaction of its own. The dispatcher delivers them.
   */
  async send(user: StaffUser, id: string): Promise<NewsletterIssueDetail> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.repository.lockById(manager, id);
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
      if (!newsletterIssueActions(row.status).includes('send'))
        throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.alreadySent);
      const recipients = await this.repository.startSending(manager, row.id, { id: user.id, name: user.name });
      if (recipients === 0) throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.noRecipients);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.sent',
        target: {
          type: 'newsletter_issue',
          id: row.id,
          label: `${row.subject} (${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'})`,
        },
      });
    });
    await this.queueRemaining(id);
    return this.detail(id);
  }

  /** Writes the outbox rows of the snapshotted recipients still waiting, a batch per transaction, then marks the issue sent. */
  async queueRemaining(id: string): Promise<void> {
    const row = await this.repository.findById(id);
    if (!row || row.status !== 'sending') return;
    const content = this.content(row.id, row);
    for (;;) {
      const queued = await this.dataSource.transaction(async (manager) => {
        const emails = await this.repository.takeRecipients(manager, row.id, newsletterIssueLimits.queueBatchSize);
        await this.mailService.enqueueMany(
          manager,
          emails.map((email) => newsletterIssueMail(content, email, this.newsletterService.unsubscribeLinks(email))),
        );
        return emails.length;
      });
      if (queued === 0) break;
    }
    await this.repository.finishSending(row.id);
  }

  private content(id: string, issue: { subject: string; preheader?: string; body: string }): IssueContent {
    return {
      id,
      subject: issue.subject,
      preheader: issue.preheader ?? '',
      markup: renderMarkdownForMail(issue.body, this.config.publicUrl),
    };
  }

  private async lockDraft(
    manager: Parameters<NewsletterIssuesRepository['lockById']>[0],
    id: string,
    action: 'edit' | 'delete',
  ): Promise<NewsletterIssueRow> {
    const row = isUuid(id) ? await this.repository.lockById(manager, id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    if (!newsletterIssueActions(row.status).includes(action))
      throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.notADraft);
    return row;
  }

  private async mapDetail(row: NewsletterIssueRow): Promise<NewsletterIssueDetail> {
    let progress: NewsletterIssueDetail['progress'] = null;
    if (row.status !== 'draft') {
      const counts = await this.repository.outboxCounts(row.id);
      progress = {
        recipients: row.recipient_count ?? 0,
        queued: counts.pending + counts.unqueued,
        sent: counts.sent,
        failed: counts.failed,
        cancelled: counts.cancelled,
      };
    }
    return {
      ...mapSummary(row),
      preheader: row.preheader,
      body: row.body,
      sourcePost: row.source_post_id ? { id: row.source_post_id, title: row.source_post_title ?? '' } : null,
      progress,
      actions: newsletterIssueActions(row.status),
    };
  }
}
