import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  MediaFormat,
  NewsletterAudienceName,
  NewsletterIssueStatus,
  NewsletterPostMode,
  PostSection,
} from '@northbeam/common';
import { returnedRows } from '../../database/query-result.js';

export interface NewsletterIssueRow {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  status: NewsletterIssueStatus;
  recipient_count: number | null;
  source_post_id: string | null;
  source_post_title: string | null;
  source_post_excerpt: string | null;
  source_post_section: PostSection | null;
  source_post_slug: string | null;
  source_post_image_id: string | null;
  audience: NewsletterAudienceName;
  hero_image_id: string | null;
  post_mode: NewsletterPostMode | null;
  scheduled_at: Date | string | null;
  web_slug: string | null;
  created_by_name: string | null;
  sent_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
  web_views: number;
  unsubscribes: number;
  hard_bounces: number;
  soft_bounces: number;
  complaints: number;
  clicks: number;
}

export interface PublishedPostRow {
  id: string;
  title: string;
  excerpt: string;
  body: string;
  section: PostSection;
  slug: string;
  featureImageId: string | null;
}

/** An image of the media library, as a mail needs it. */
export interface MailImageRow {
  id: string;
  alt: string;
  format: MediaFormat;
  width: number;
  height: number;
}

/** The fields a draft is saved with. */
export interface IssueFields {
  subject: string;
  preheader: string;
  body: string;
  audience: NewsletterAudienceName;
  heroImageId: string | null;
  postMode: NewsletterPostMode | null;
}

/**
 * The confirmed subscribers of an audience, by the source of their sign-up (`audienceOfSource` in
 * common/src/newsletter-issues.ts says the same in code). Constant SQL, chosen by name.
 */
const audienceConditions: Record<NewsletterAudienceName, string> = {
  all: 'TRUE',
  labs: `"source" = 'labs_blog'`,
  consulting: `"source" = 'consulting_blog'`,
  site: `("source" IS NULL OR "source" NOT IN ('labs_blog', 'consulting_blog'))`,
};

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
  cancelled: number;
  /** Snapshotted recipients whose outbox row is not written yet. */
  unqueued: number;
}

const selectIssue = `
  SELECT i."id", i."subject", i."preheader", i."body", i."status", i."recipient_count", i."source_post_id",
         p."title" AS "source_post_title", p."excerpt" AS "source_post_excerpt", p."section" AS "source_post_section",
         p."slug" AS "source_post_slug", p."feature_image_id" AS "source_post_image_id",
         i."audience", i."hero_image_id", i."post_mode", i."scheduled_at", i."web_slug",
         i."created_by_name", i."sent_by_name", i."created_at", i."updated_at", i."sent_at",
         i."web_views", i."unsubscribes", i."hard_bounces", i."soft_bounces", i."complaints",
         (SELECT COALESCE(sum(c."clicks"), 0)::int FROM "newsletter_link_clicks" c WHERE c."issue_id" = i."id") AS "clicks"
    FROM "newsletter_issues" i
    LEFT JOIN "posts" p ON p."id" = i."source_post_id"`;

@Injectable()
export class NewsletterIssuesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first. */
  async findPage(offset: number, limit: number): Promise<[NewsletterIssueRow[], number]> {
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "newsletter_issues"`,
    );
    const rows = await this.dataSource.query<NewsletterIssueRow[]>(
      `${selectIssue} ORDER BY i."created_at" DESC, i."id" DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return [rows, count[0].total];
  }

  async findById(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<NewsletterIssueRow | undefined> {
    const rows = await manager.query<NewsletterIssueRow[]>(`${selectIssue} WHERE i."id" = $1`, [id]);
    return rows[0];
  }

  /** The issue's row, locked until the caller's transaction ends: two sends of one issue run one after the other. */
  async lockById(manager: EntityManager, id: string): Promise<NewsletterIssueRow | undefined> {
    await manager.query(`SELECT 1 FROM "newsletter_issues" WHERE "id" = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  async insert(
    manager: EntityManager,
    issue: IssueFields & { sourcePostId: string | null; creator: { id: string; name: string } },
  ): Promise<string> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO "newsletter_issues" ("subject", "preheader", "body", "source_post_id", "created_by_id", "created_by_name",
                                        "audience", "hero_image_id", "post_mode")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "id"`,
      [
        issue.subject,
        issue.preheader,
        issue.body,
        issue.sourcePostId,
        issue.creator.id,
        issue.creator.name,
        issue.audience,
        issue.heroImageId,
        issue.postMode,
      ],
    );
    return rows[0].id;
  }

  async update(manager: EntityManager, id: string, issue: IssueFields): Promise<void> {
    await manager.query(
      `UPDATE "newsletter_issues"
          SET "subject" = $2, "preheader" = $3, "body" = $4, "audience" = $5, "hero_image_id" = $6, "post_mode" = $7,
              "updated_at" = now()
        WHERE "id" = $1`,
      [id, issue.subject, issue.preheader, issue.body, issue.audience, issue.heroImageId, issue.postMode],
    );
  }

  /** Draft → scheduled at `at`, or back to a draft with `null`. */
  async setSchedule(manager: EntityManager, id: string, at: Date | null): Promise<void> {
    await manager.query(
      `UPDATE "newsletter_issues" SET "status" = $2, "scheduled_at" = $3, "updated_at" = now() WHERE "id" = $1`,
      [id, at ? 'scheduled' : 'draft', at],
    );
  }

  /** Whether a scheduled issue is due at `now`: one indexed read, no lock. */
  async hasScheduledDue(now: Date): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM "newsletter_issues" WHERE "status" = 'scheduled' AND "scheduled_at" <= $1 LIMIT 1`,
      [now],
    );
    return rows.length > 0;
  }

  /** The scheduled issues due at `now`, oldest first. */
  async scheduledDueIds(now: Date): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "newsletter_issues" WHERE "status" = 'scheduled' AND "scheduled_at" <= $1 ORDER BY "scheduled_at", "id"`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** Library images by id (unknown ids are left out). */
  async mailImages(ids: string[]): Promise<MailImageRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query<MailImageRow[]>(
      `SELECT "id", "alt", "format", "width", "height" FROM "media" WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );
  }

  async mediaExists(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM "media" WHERE "id" = $1`, [id]);
    return rows.length > 0;
  }

  /** An issue that has gone out, by the slug of its web version. */
  async findByWebSlug(slug: string): Promise<NewsletterIssueRow | undefined> {
    const rows = await this.dataSource.query<NewsletterIssueRow[]>(
      `${selectIssue} WHERE i."web_slug" = $1 AND i."status" IN ('sending', 'sent')`,
      [slug],
    );
    return rows[0];
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM "newsletter_issues" WHERE "id" = $1`, [id]);
  }

  async findPublishedPost(id: string): Promise<PublishedPostRow | undefined> {
    const rows = await this.dataSource.query<PublishedPostRow[]>(
      `SELECT "id", "title", "excerpt", "body", "section", "slug", "feature_image_id" AS "featureImageId"
         FROM "posts" WHERE "id" = $1 AND "status" = 'published'`,
      [id],
    );
    return rows[0];
  }

  /** Confirmed subscribers of each audience, in one read. */
  async confirmedCounts(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Record<NewsletterAudienceName, number>> {
    const rows = await manager.query<Record<NewsletterAudienceName, number>[]>(
      `SELECT count(*)::int AS "all",
              count(*) FILTER (WHERE ${audienceConditions.labs})::int AS "labs",
              count(*) FILTER (WHERE ${audienceConditions.consulting})::int AS "consulting",
              count(*) FILTER (WHERE ${audienceConditions.site})::int AS "site"
         FROM "subscribers" WHERE "status" = 'confirmed' AND "blocked_reason" IS NULL`,
    );
    return rows[0];
  }

  /**
   * Snapshots the confirmed subscribers of the audience as the issue's recipients, marks it sending
   * and gives it the slug of its web version; answers how many there are. Unconfirmed and
   * unsubscribed addresses are never part of it. A scheduled issue is sent by nobody (`sender` null).
   */
  async startSending(
    manager: EntityManager,
    id: string,
    audience: NewsletterAudienceName,
    webSlug: string,
    sender: { id: string; name: string } | null,
  ): Promise<number> {
    const counted = await manager.query<{ total: number }[]>(
      `WITH "inserted" AS (
         INSERT INTO "newsletter_issue_recipients" ("issue_id", "email")
         SELECT $1, "email" FROM "subscribers"
          WHERE "status" = 'confirmed' AND "blocked_reason" IS NULL AND ${audienceConditions[audience]}
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT count(*)::int AS "total" FROM "inserted"`,
      [id],
    );
    const total = counted[0].total;
    await manager.query(
      `UPDATE "newsletter_issues"
          SET "status" = 'sending', "recipient_count" = $2, "sent_by_id" = $3, "sent_by_name" = $4, "web_slug" = $5,
              "sent_at" = now(), "updated_at" = now()
        WHERE "id" = $1`,
      [id, total, sender?.id ?? null, sender?.name ?? null, webSlug],
    );
    return total;
  }

  /**
   * Takes up to `limit` snapshotted recipients out of the snapshot inside the caller's transaction:
   * the same transaction writes their outbox rows, so each recipient is queued exactly once (SKIP
   * LOCKED lets two instances resuming one send take different batches).
   */
  async takeRecipients(manager: EntityManager, id: string, limit: number): Promise<string[]> {
    const rows = returnedRows<{ email: string }>(
      await manager.query(
        `DELETE FROM "newsletter_issue_recipients"
          WHERE "issue_id" = $1 AND "email" IN (
            SELECT "email" FROM "newsletter_issue_recipients" WHERE "issue_id" = $1
             ORDER BY "email" LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING "email"`,
        [id, limit],
      ),
    );
    return rows.map((row) => row.email);
  }

  /** Sending → sent once every recipient has its outbox row. */
  /**
   * Marks the issue sent once every copy is in the outbox, inside the caller's transaction; answers
   * the issue when this call did it (a second call, or one with copies left to queue, answers undefined).
   */
  async finishSending(
    manager: EntityManager,
    id: string,
  ): Promise<
    { id: string; subject: string; recipientCount: number; sentAt: Date; webSlug: string | null } | undefined
  > {
    const result: unknown = await manager.query(
      `UPDATE "newsletter_issues" SET "status" = 'sent', "updated_at" = now()
        WHERE "id" = $1 AND "status" = 'sending'
          AND NOT EXISTS (SELECT 1 FROM "newsletter_issue_recipients" WHERE "issue_id" = $1)
        RETURNING "id", "subject", "recipient_count", "sent_at", "web_slug"`,
      [id],
    );
    const [row] = returnedRows<{
      id: string;
      subject: string;
      recipient_count: number;
      sent_at: Date;
      web_slug: string | null;
    }>(result);
    return row
      ? {
          id: row.id,
          subject: row.subject,
          recipientCount: Number(row.recipient_count),
          sentAt: row.sent_at,
          webSlug: row.web_slug,
        }
      : undefined;
  }

  async sendingIssueIds(): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "newsletter_issues" WHERE "status" = 'sending'`,
    );
    return rows.map((row) => row.id);
  }

  async outboxCounts(id: string): Promise<OutboxCounts> {
    const rows = await this.dataSource.query<OutboxCounts[]>(
      `SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
              count(*) FILTER (WHERE "status" = 'sent')::int AS "sent",
              count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
              count(*) FILTER (WHERE "status" = 'cancelled')::int AS "cancelled",
              (SELECT count(*)::int FROM "newsletter_issue_recipients" WHERE "issue_id" = $1) AS "unqueued"
         FROM "email_outbox" WHERE "newsletter_issue_id" = $1`,
      [id],
    );
    return rows[0];
  }

  /** The links of a sent issue, numbered in the order they appear; a second call (a resumed send) keeps the first. */
  async saveLinks(manager: EntityManager, id: string, urls: string[]): Promise<void> {
    if (urls.length === 0) return;
    await manager.query(
      `INSERT INTO "newsletter_link_clicks" ("issue_id", "link_index", "url")
       SELECT $1, "position" - 1, "url" FROM unnest($2::text[]) WITH ORDINALITY AS t("url", "position")
       ON CONFLICT DO NOTHING`,
      [id, urls],
    );
  }

  /** Counts one click on a link of a sent issue (by its web slug) and answers its address; undefined for none. */
  async countClick(webSlug: string, index: number): Promise<string | undefined> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "newsletter_link_clicks" c SET "clicks" = c."clicks" + 1
         FROM "newsletter_issues" i
        WHERE i."web_slug" = $1 AND i."status" IN ('sending', 'sent') AND c."issue_id" = i."id" AND c."link_index" = $2
        RETURNING c."url"`,
      [webSlug, index],
    );
    return returnedRows<{ url: string }>(result)[0]?.url;
  }

  async countWebView(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "newsletter_issues" SET "web_views" = "web_views" + 1 WHERE "id" = $1`, [id]);
  }

  async linkFigures(id: string): Promise<{ index: number; url: string; clicks: number }[]> {
    return this.dataSource.query(
      `SELECT "link_index" AS "index", "url", "clicks" FROM "newsletter_link_clicks" WHERE "issue_id" = $1 ORDER BY "link_index"`,
      [id],
    );
  }

  /** The address of a link of a sent issue, without counting (a HEAD). */
  async linkUrl(webSlug: string, index: number): Promise<string | undefined> {
    const rows = await this.dataSource.query<{ url: string }[]>(
      `SELECT c."url" FROM "newsletter_link_clicks" c JOIN "newsletter_issues" i ON i."id" = c."issue_id"
        WHERE i."web_slug" = $1 AND i."status" IN ('sending', 'sent') AND c."link_index" = $2`,
      [webSlug, index],
    );
    return rows[0]?.url;
  }

  /** The newest draft `userId` started from the post in this mode and never changed since (a repeated press). */
  async findUntouchedDraftFromPost(postId: string, mode: string, userId: string): Promise<string | undefined> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "newsletter_issues"
        WHERE "source_post_id" = $1 AND "post_mode" = $2 AND "created_by_id" = $3 AND "status" = 'draft'
          AND "updated_at" = "created_at"
        ORDER BY "created_at" DESC LIMIT 1`,
      [postId, mode, userId],
    );
    return rows[0]?.id;
  }
}
