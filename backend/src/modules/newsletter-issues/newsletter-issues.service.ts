import {
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  messages,
  newsletterIssueActions,
  newsletterIssueLimits,
  newsletterIssueMessages,
  newsletterWebPath,
  sectionLabels,
  slugify,
  type ListPage,
  type NewsletterAudience,
  type NewsletterIssueAction,
  type NewsletterIssueDetail,
  type NewsletterIssueFromPostValues,
  type NewsletterIssueSummary,
  type NewsletterPreview,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { MailService } from '../mail/mail.service.js';
import { NewsletterService } from '../newsletter/newsletter.service.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { Transactions } from '../../database/transactions.js';
import {
  mapSummary,
  type PreviewNewsletterIssueDto,
  type SaveNewsletterIssueDto,
} from './dto/newsletter-issues.dto.js';
import { bodyImageWidth, mailImage, mediaIdsIn } from './mail-images.js';
import { foreignImages, renderMarkdownForMail } from './markdown-mail.js';
import {
  newsletterIssueMail,
  newsletterWebVersion,
  postCardMarker,
  renderIssue,
  type IssueContent,
} from './newsletter-issues.mails.js';
import {
  NewsletterIssuesRepository,
  type IssueFields,
  type MailImageRow,
  type NewsletterIssueRow,
  type PublishedPostRow,
} from './newsletter-issues.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { withCampaignTags, withTrackedLinks } from './newsletter-links.js';

/** What an issue's mail is made of: its saved row, or the fields being written with the row they belong to. */
type IssueSource = Pick<
  NewsletterIssueRow,
  'subject' | 'preheader' | 'body' | 'audience' | 'hero_image_id' | 'post_mode'
> &
  Partial<
    Pick<
      NewsletterIssueRow,
      | 'source_post_id'
      | 'source_post_title'
      | 'source_post_excerpt'
      | 'source_post_section'
      | 'source_post_slug'
      | 'source_post_image_id'
      | 'web_slug'
    >
  >;

/**
 * Newsletter issues (docs/product.md#newsletter-issues): drafts, preview, a test to oneself, and one
 * send to the confirmed subscribers of its audience through the mail outbox, now or at a set time.
 */
@Injectable()
export class NewsletterIssuesService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NewsletterIssuesService.name);
  /** Set when the application starts to shut down: work cut off by it is not a failure. */
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: NewsletterIssuesRepository,
    private readonly activityService: ActivityService,
    private readonly mailService: MailService,
    private readonly newsletterService: NewsletterService,
    private readonly webhookEvents: WebhookEvents,
    private readonly transactions: Transactions,
  ) {}

  /** A send interrupted by a stopped process goes on where it was when the application starts again. */
  onApplicationBootstrap(): void {
    void this.repository
      .sendingIssueIds()
      .then(async (ids) => {
        for (const id of ids) await this.queueRemaining(id);
      })
      .catch((error: unknown) => {
        // A shutdown during the resume closes the pool under it; the next start resumes again.
        if (this.stopping) this.logger.log(`Resuming newsletter sends stopped by the shutdown: ${String(error)}`);
        else this.logger.error(`Resuming newsletter sends failed: ${String(error)}`);
      });
  }

  beforeApplicationShutdown(): void {
    this.stopping = true;
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
    const counts = await this.repository.confirmedCounts();
    return { confirmed: counts.all, counts };
  }

  async create(
    input: SaveNewsletterIssueDto,
    user: StaffUser,
    sourcePostId: string | null = input.sourcePostId ?? null,
  ): Promise<NewsletterIssueDetail> {
    this.assertLibraryImages(input.body);
    if (sourcePostId && sourcePostId === input.sourcePostId) await this.publishedPost(sourcePostId, 'sourcePostId');
    const fields = await this.fields(input, sourcePostId !== null);
    const id = await this.transactions.run(async (manager) => {
      const created = await this.repository.insert(manager, {
        ...fields,
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

  /**
   * A draft started from a published post: as a card (its image, title, excerpt and a button to read
   * it on the site, under a line of introduction) or with its full text and a link to the site.
   */
  async createFromPost(
    postId: string,
    user: StaffUser,
    mode: 'card' | 'full' = 'card',
  ): Promise<NewsletterIssueDetail> {
    const post = await this.publishedPost(postId, 'postId');
    // A second press (or a double click) opens the draft the first one started, while nobody has changed it.
    const untouched = await this.repository.findUntouchedDraftFromPost(post.id, mode, user.id);
    if (untouched) return this.detail(untouched);
    const { sourcePost: _post, ...values } = this.valuesOfPost(post, mode);
    return this.create(values, user, post.id);
  }

  /**
   * What "Use this post" puts into a new issue's form, without saving anything: the writer saves the
   * issue (with `sourcePostId`) when it is ready, so that pressing it twice, or changing the post, leaves
   * no stray draft.
   */
  async fromPostValues(postId: string, mode: 'card' | 'full' = 'card'): Promise<NewsletterIssueFromPostValues> {
    return this.valuesOfPost(await this.publishedPost(postId, 'postId'), mode);
  }

  private valuesOfPost(post: PublishedPostRow, mode: 'card' | 'full'): NewsletterIssueFromPostValues {
    const url = `${this.config.publicUrl}/blog/${post.section}/${post.slug}`;
    return {
      subject: post.title.slice(0, newsletterIssueLimits.subjectMax),
      preheader: post.excerpt.replace(/\s+/g, ' ').trim().slice(0, newsletterIssueLimits.preheaderMax),
      body:
        mode === 'card'
          ? `New on the ${sectionLabels[post.section]} blog this month.\n\n${postCardMarker}\n`
          : `${post.body.trim()}\n\n[Read it on the site](${url})\n`,
      postMode: mode,
      sourcePost: { id: post.id, title: post.title },
    };
  }

  /** A published post an issue may start from; anything else is refused under `field`. */
  private async publishedPost(id: string, field: 'postId' | 'sourcePostId'): Promise<PublishedPostRow> {
    const post = isUuid(id) ? await this.repository.findPublishedPost(id) : undefined;
    if (!post)
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
        [field]: [newsletterIssueMessages.postInvalid],
      });
    return post;
  }

  async update(id: string, input: SaveNewsletterIssueDto, user: StaffUser): Promise<NewsletterIssueDetail> {
    this.assertLibraryImages(input.body);
    await this.transactions.run(async (manager) => {
      const row = await this.lockIssue(manager, id, 'edit');
      const fields = await this.fields(input, row.source_post_id !== null, row.post_mode, manager);
      await this.repository.update(manager, row.id, fields);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.draft_updated',
        target: { type: 'newsletter_issue', id: row.id, label: input.subject },
      });
    });
    return this.detail(id);
  }

  async remove(id: string, user: StaffUser): Promise<void> {
    await this.transactions.run(async (manager) => {
      const row = await this.lockIssue(manager, id, 'delete');
      await this.repository.delete(manager, row.id);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.draft_deleted',
        target: { type: 'newsletter_issue', id: row.id, label: row.subject },
      });
    });
  }

  /**
   * The issue exactly as a subscriber would get it (the same mail as the test copy), with the
   * signed-in staff member standing in for the reader.
   */
  async preview(input: PreviewNewsletterIssueDto, user: StaffUser): Promise<NewsletterPreview> {
    const saved = input.issueId && isUuid(input.issueId) ? await this.repository.findById(input.issueId) : undefined;
    // A new issue filled by "Use this post" shows its post as the saved issue will.
    const post =
      !saved && input.sourcePostId ? await this.publishedPost(input.sourcePostId, 'sourcePostId') : undefined;
    const fields = await this.fields(input, Boolean(saved?.source_post_id ?? post), saved?.post_mode ?? null);
    const content = await this.content(saved?.id ?? 'preview', {
      ...(post
        ? {
            source_post_id: post.id,
            source_post_title: post.title,
            source_post_excerpt: post.excerpt,
            source_post_section: post.section,
            source_post_slug: post.slug,
            source_post_image_id: post.featureImageId,
          }
        : {}),
      ...saved,
      subject: fields.subject,
      preheader: fields.preheader,
      body: fields.body,
      audience: fields.audience,
      hero_image_id: fields.heroImageId,
      post_mode: fields.postMode,
    });
    const mail = newsletterIssueMail(
      content,
      renderIssue(content),
      user.email,
      this.newsletterService.unsubscribeLinks(user.email),
    );
    return { subject: mail.subject, html: mail.html, text: mail.text };
  }

  /** One copy to the signed-in staff member, marked [Test], through the outbox: the mail a subscriber gets. */
  async sendTest(id: string, user: StaffUser): Promise<{ message: string }> {
    const row = isUuid(id) ? await this.repository.findById(id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    const content = await this.content(row.id, row);
    await this.transactions.run(async (manager) => {
      await this.mailService.enqueue(
        manager,
        newsletterIssueMail(
          content,
          renderIssue(content),
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
   * Sends the issue once: the confirmed subscribers of its audience are snapshotted under the issue's
   * row lock (a second send finds it no longer a draft: 409), then their outbox rows are written in
   * batches, each batch in a transaction of its own. The dispatcher delivers them.
   */
  async send(id: string, user: StaffUser): Promise<NewsletterIssueDetail> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    await this.transactions.run(async (manager) => {
      const row = await this.repository.lockById(manager, id);
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
      if (row.status === 'scheduled')
        throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.notADraftScheduled);
      if (!newsletterIssueActions(row.status).includes('send'))
        throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.alreadySent);
      this.assertLibraryImages(row.body);
      await this.startSending(manager, row, { id: user.id, name: user.name });
    });
    await this.queueRemaining(id);
    return this.detail(id);
  }

  /** Draft → scheduled: sent at `sendAt` (in the future, within a year) by the newsletter scheduler. */
  async schedule(id: string, sendAt: string, user: StaffUser): Promise<NewsletterIssueDetail> {
    const at = new Date(sendAt);
    const now = Date.now();
    const fieldError = (sentence: string) =>
      new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, { sendAt: [sentence] });
    if (Number.isNaN(at.getTime())) throw fieldError(newsletterIssueMessages.sendAtInvalid);
    if (at.getTime() <= now) throw fieldError(newsletterIssueMessages.sendAtPast);
    if (at.getTime() > now + newsletterIssueLimits.scheduleMaxDays * 86_400_000)
      throw fieldError(newsletterIssueMessages.sendAtTooFar);
    await this.transactions.run(async (manager) => {
      const row = await this.lockIssue(manager, id, 'schedule');
      this.assertLibraryImages(row.body);
      const counts = await this.repository.confirmedCounts(manager);
      if (counts[row.audience] === 0) throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.noRecipients);
      await this.repository.setSchedule(manager, row.id, at);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.scheduled',
        target: { type: 'newsletter_issue', id: row.id, label: row.subject },
      });
    });
    return this.detail(id);
  }

  /** Scheduled → draft again. */
  async unschedule(id: string, user: StaffUser): Promise<NewsletterIssueDetail> {
    await this.transactions.run(async (manager) => {
      const row = isUuid(id) ? await this.repository.lockById(manager, id) : undefined;
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
      if (!newsletterIssueActions(row.status).includes('unschedule'))
        throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.notScheduled);
      await this.repository.setSchedule(manager, row.id, null);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'newsletter.unscheduled',
        target: { type: 'newsletter_issue', id: row.id, label: row.subject },
      });
    });
    return this.detail(id);
  }

  /**
   * Starts the send of a scheduled issue that is due at `now`; false when it is not (any more): another
   * instance started it first, or its schedule was cancelled. The row lock makes the check and the
   * start one step, so the issue goes out once whatever runs at the same moment.
   */
  async sendScheduled(id: string, now: Date): Promise<boolean> {
    const started = await this.transactions.run(async (manager) => {
      const row = await this.repository.lockById(manager, id);
      if (!row || row.status !== 'scheduled' || !row.scheduled_at || new Date(row.scheduled_at) > now) return false;
      await this.startSending(manager, row, null);
      return true;
    });
    if (started) await this.queueRemaining(id);
    return started;
  }

  /** Writes the outbox rows of the snapshotted recipients still waiting, a batch per transaction, then marks the issue sent. */
  async queueRemaining(id: string): Promise<void> {
    const row = await this.repository.findById(id);
    if (!row || row.status !== 'sending') return;
    // Rendered once for the whole send: each copy only adds its reader's footer.
    const content = await this.content(row.id, row);
    const webSlug = row.web_slug!;
    // The issue's links go through the site to be counted, the same address in every copy (no reader in it).
    const tracked = withTrackedLinks(renderIssue(content), this.config.publicUrl, webSlug, [content.webUrl]);
    const rendered = tracked.rendered;
    await this.transactions.run((manager) => this.repository.saveLinks(manager, row.id, tracked.links));
    for (;;) {
      const queued = await this.transactions.run(async (manager) => {
        const emails = await this.repository.takeRecipients(manager, row.id, newsletterIssueLimits.queueBatchSize);
        await this.mailService.enqueueMany(
          manager,
          emails.map((email) =>
            newsletterIssueMail(content, rendered, email, this.newsletterService.unsubscribeLinks(email, webSlug)),
          ),
        );
        return emails.length;
      });
      if (queued === 0) break;
    }
    await this.transactions.run(async (manager) => {
      const sent = await this.repository.finishSending(manager, row.id);
      if (sent)
        await this.webhookEvents.emit(manager, 'newsletter.sent', {
          issue: {
            id: sent.id,
            subject: sent.subject,
            recipients: sent.recipientCount,
            sentAt: new Date(sent.sentAt).toISOString(),
            webUrl: sent.webSlug ? `${this.config.publicUrl}${newsletterWebPath(sent.webSlug)}` : null,
          },
        });
    });
  }

  /**
   * The public web version of an issue that has gone out; undefined for any other slug. A view
   * (`count`: a GET, not a HEAD) adds one to the issue's web-version views, and nothing else.
   */
  async webVersion(slug: string, count = false): Promise<{ html: string } | undefined> {
    if (!/^[a-z0-9-]{1,120}$/.test(slug)) return undefined;
    const row = await this.repository.findByWebSlug(slug);
    if (!row) return undefined;
    if (count) await this.repository.countWebView(row.id);
    return { html: newsletterWebVersion(await this.content(row.id, row)) };
  }

  /**
   * The address behind link `index` of the sent issue with web slug `slug`, one click counted on it
   * when `count` (a GET); undefined when there is no such link. Nothing about the reader is kept.
   */
  async followLink(slug: string, index: number, count: boolean): Promise<string | undefined> {
    if (!/^[a-z0-9-]{1,120}$/.test(slug) || !Number.isInteger(index) || index < 0 || index > 9999) return undefined;
    const url = count ? await this.repository.countClick(slug, index) : await this.repository.linkUrl(slug, index);
    return url ? withCampaignTags(url, this.config.publicUrl, slug) : undefined;
  }

  private async startSending(
    manager: EntityManager,
    row: NewsletterIssueRow,
    sender: { id: string; name: string } | null,
  ): Promise<void> {
    const webSlug = `${slugify(row.subject).slice(0, 100) || 'issue'}-${randomBytes(5).toString('hex')}`;
    const recipients = await this.repository.startSending(manager, row.id, row.audience, webSlug, sender);
    // A send pressed now needs somebody to send to; a scheduled one goes out to whoever is there.
    if (recipients === 0 && sender) throw new ApiError(HttpStatus.CONFLICT, newsletterIssueMessages.noRecipients);
    await this.activityService.record(manager, {
      actor: sender,
      action: 'newsletter.sent',
      target: {
        type: 'newsletter_issue',
        id: row.id,
        label: `${row.subject} (${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'})`,
      },
    });
  }

  /**
   * A newsletter shows images from the media library only: a third party's image would learn of each
   * open (the product promises no open pixels). 400 under `body` naming the first such image.
   */
  private assertLibraryImages(body: string): void {
    const [foreign] = foreignImages(body, this.config.publicUrl);
    if (foreign === undefined) return;
    const sentence = newsletterIssueMessages.foreignImage(foreign);
    throw new ApiError(HttpStatus.BAD_REQUEST, sentence, { body: [sentence] });
  }

  /** The saved fields of a draft; a hero image must be in the library (400 under `heroImageId`). */
  private async fields(
    input: SaveNewsletterIssueDto,
    fromPost: boolean,
    savedMode: IssueFields['postMode'] = null,
    manager?: EntityManager,
  ): Promise<IssueFields> {
    const heroImageId = input.heroImageId ?? null;
    if (heroImageId && !(await this.repository.mediaExists(heroImageId, manager)))
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
        heroImageId: [newsletterIssueMessages.heroImageInvalid],
      });
    return {
      subject: input.subject,
      preheader: input.preheader ?? '',
      body: input.body,
      audience: input.audience ?? 'all',
      heroImageId,
      postMode: fromPost ? (input.postMode ?? savedMode ?? 'card') : null,
    };
  }

  /** Everything the copies of an issue share, with its library images in mail-safe formats and sizes. */
  private async content(id: string, issue: IssueSource): Promise<IssueContent> {
    const siteUrl = this.config.publicUrl;
    const card = issue.post_mode === 'card' && issue.source_post_id && issue.source_post_slug ? issue : undefined;
    const ids = [
      ...mediaIdsIn(issue.body),
      ...(issue.hero_image_id ? [issue.hero_image_id] : []),
      ...(card?.source_post_image_id ? [card.source_post_image_id] : []),
    ];
    const images = new Map<string, MailImageRow>(
      (await this.repository.mailImages(ids)).map((image) => [image.id.toLowerCase(), image]),
    );
    const imageOf = (imageId: string | null | undefined, width: number) => {
      const image = imageId ? images.get(imageId.toLowerCase()) : undefined;
      return image ? mailImage(image, siteUrl, width) : null;
    };
    return {
      id,
      subject: issue.subject,
      preheader: issue.preheader,
      audience: issue.audience,
      siteUrl,
      hero: imageOf(issue.hero_image_id, newsletterIssueLimits.mailWidth),
      markup: renderMarkdownForMail(issue.body, siteUrl, images),
      card: card
        ? {
            url: `${siteUrl}/blog/${card.source_post_section}/${card.source_post_slug}`,
            title: card.source_post_title ?? '',
            excerpt: card.source_post_excerpt ?? '',
            image: imageOf(card.source_post_image_id, bodyImageWidth),
          }
        : null,
      webUrl: issue.web_slug ? `${siteUrl}${newsletterWebPath(issue.web_slug)}` : null,
    };
  }

  private async lockIssue(
    manager: EntityManager,
    id: string,
    action: NewsletterIssueAction,
  ): Promise<NewsletterIssueRow> {
    const row = isUuid(id) ? await this.repository.lockById(manager, id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, newsletterIssueMessages.notFound);
    if (!newsletterIssueActions(row.status).includes(action))
      throw new ApiError(
        HttpStatus.CONFLICT,
        row.status === 'draft' || row.status === 'scheduled'
          ? newsletterIssueMessages.notADraftScheduled
          : newsletterIssueMessages.notADraft,
      );
    return row;
  }

  private async mapDetail(row: NewsletterIssueRow): Promise<NewsletterIssueDetail> {
    let progress: NewsletterIssueDetail['progress'] = null;
    if (row.status === 'sending' || row.status === 'sent') {
      const counts = await this.repository.outboxCounts(row.id);
      progress = {
        recipients: row.recipient_count ?? 0,
        queued: counts.pending + counts.unqueued,
        sent: counts.sent,
        failed: counts.failed,
        cancelled: counts.cancelled,
      };
    }
    const hero = row.hero_image_id ? (await this.repository.mailImages([row.hero_image_id]))[0] : undefined;
    return {
      ...mapSummary(row),
      preheader: row.preheader,
      body: row.body,
      sourcePost: row.source_post_id ? { id: row.source_post_id, title: row.source_post_title ?? '' } : null,
      postMode: row.source_post_id ? (row.post_mode ?? 'full') : null,
      heroImage: hero ? { id: hero.id, alt: hero.alt, width: hero.width, height: hero.height } : null,
      webUrl: row.web_slug ? `${this.config.publicUrl}${newsletterWebPath(row.web_slug)}` : null,
      progress,
      links: progress ? await this.repository.linkFigures(row.id) : [],
      actions: newsletterIssueActions(row.status),
    };
  }
}
