import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../../database/query-result.js';
import { tableStatements } from '../../database/personal-data-rows.js';

/** How often a pending address may be sent another confirmation mail. */
const confirmationResendSeconds = 600;
/** A confirmation link works for this long (unconfirmed subscribers are deleted after 30 days). */
const confirmationValidDays = 30;

@Injectable()
export class NewsletterRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts a pending subscriber unless the address is known; true when it was inserted. */
  async insertPending(
    manager: EntityManager,
    subscriber: { email: string; source: string | null; page: string | null; confirmTokenHash: string },
  ): Promise<boolean> {
    const result: unknown = await manager.query(
      `INSERT INTO "subscribers" ("id", "email", "status", "source", "page", "confirm_token_hash", "confirmation_sent_at")
       VALUES ($1, $2, 'pending', $3, $4, $5, now())
       ON CONFLICT ("email") DO NOTHING
       RETURNING "id"`,
      [randomUUID(), subscriber.email, subscriber.source, subscriber.page, subscriber.confirmTokenHash],
    );
    return returnedRows(result).length === 1;
  }

  /**
   * Gives a known address a new confirmation token when another mail is due: an unsubscribed address
   * becomes pending again (double opt-in once more); a pending one gets a new mail at most every ten
   * minutes; a confirmed one is left alone. True when a mail should be sent.
   */
  async renewConfirmation(
    manager: EntityManager,
    subscriber: { email: string; source: string | null; page: string | null; confirmTokenHash: string },
  ): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE "subscribers"
          SET "status" = 'pending',
              "confirm_token_hash" = $2,
              "confirmation_sent_at" = now(),
              "source" = COALESCE($3, "source"),
              "page" = COALESCE($4, "page")
        WHERE "email" = $1
          AND ("status" = 'unsubscribed'
               OR ("status" = 'pending' AND ("confirmation_sent_at" IS NULL OR "confirmation_sent_at" <= now() - make_interval(secs => $5))))
        RETURNING "id"`,
      [subscriber.email, subscriber.confirmTokenHash, subscriber.source, subscriber.page, confirmationResendSeconds],
    );
    return returnedRows(result).length === 1;
  }

  /** Confirms the subscriber holding this token; true also when it was confirmed already (a second click). */
  /**
   * Confirms the subscription of the token (or finds it confirmed already) inside the caller's
   * transaction; answers the row and whether this call confirmed it, or undefined for a token not valid.
   */
  async confirmByTokenHash(
    manager: EntityManager,
    tokenHash: string,
  ): Promise<{ id: string; email: string; confirmedAt: Date; newlyConfirmed: boolean } | undefined> {
    const result: unknown = await manager.query(
      `UPDATE "subscribers" s
          SET "status" = 'confirmed', "confirmed_at" = COALESCE(s."confirmed_at", now())
         FROM (SELECT "id", "status" AS "previous" FROM "subscribers"
                WHERE "confirm_token_hash" = $1 AND "status" IN ('pending', 'confirmed')
                  AND "confirmation_sent_at" > now() - make_interval(days => $2)
                FOR UPDATE) p
        WHERE s."id" = p."id"
        RETURNING s."id", s."email", s."confirmed_at", p."previous"`,
      [tokenHash, confirmationValidDays],
    );
    const [row] = returnedRows<{ id: string; email: string; confirmed_at: Date; previous: string }>(result);
    return row
      ? { id: row.id, email: row.email, confirmedAt: row.confirmed_at, newlyConfirmed: row.previous !== 'confirmed' }
      : undefined;
  }

  /** Whether the address is signed up (pending or confirmed), so that an unsubscribe link is worth mailing. */
  async isSignedUp(manager: EntityManager, email: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "subscribers" WHERE "email" = $1 AND "status" IN ('pending', 'confirmed')`,
      [email],
    );
    return rows.length > 0;
  }

  /**
   * Marks the address unsubscribed inside the caller's transaction; the row stays so that it is not
   * mailed again. Answers the row when a confirmed subscriber left now (not a pending sign-up).
   */
  async unsubscribe(
    manager: EntityManager,
    email: string,
  ): Promise<{ id: string; email: string; unsubscribedAt: Date } | undefined> {
    const result: unknown = await manager.query(
      `UPDATE "subscribers" s
          SET "status" = 'unsubscribed', "unsubscribed_at" = now(), "confirm_token_hash" = NULL
         FROM (SELECT "id", "status" AS "previous" FROM "subscribers"
                WHERE "email" = $1 AND "status" <> 'unsubscribed' FOR UPDATE) p
        WHERE s."id" = p."id"
        RETURNING s."id", s."email", s."unsubscribed_at", p."previous"`,
      [email],
    );
    const [row] = returnedRows<{ id: string; email: string; unsubscribed_at: Date; previous: string }>(result);
    return row?.previous === 'confirmed'
      ? { id: row.id, email: row.email, unsubscribedAt: row.unsubscribed_at }
      : undefined;
  }

  /** One more unsubscribe counted on the sent issue with this web slug (no-op for any other slug). */
  async countIssueUnsubscribe(manager: EntityManager, webSlug: string): Promise<void> {
    await manager.query(
      `UPDATE "newsletter_issues" SET "unsubscribes" = "unsubscribes" + 1
        WHERE "web_slug" = $1 AND "status" IN ('sending', 'sent')`,
      [webSlug],
    );
  }

  /**
   * Records a hard bounce, soft bounce or complaint of a subscriber inside the caller's transaction,
   * and counts it on the issue the report named (or, when it named none, the issue last sent to the
   * address). A hard bounce or a complaint blocks the
   * address: no issue is sent to it any more. False when the address is not a subscriber.
   */
  async recordDeliveryProblem(
    manager: EntityManager,
    email: string,
    kind: DeliveryProblem,
    issueId: string | null,
  ): Promise<boolean> {
    const column = problemColumns[kind];
    const result: unknown = await manager.query(
      `UPDATE "subscribers" SET "${column}" = "${column}" + 1,
              "blocked_reason" = CASE WHEN $2 THEN COALESCE("blocked_reason", $3) ELSE "blocked_reason" END,
              "blocked_at" = CASE WHEN $2 THEN COALESCE("blocked_at", now()) ELSE "blocked_at" END
        WHERE "email" = $1 RETURNING "id"`,
      [email, kind !== 'soft_bounce', kind],
    );
    if (returnedRows(result).length === 0) return false;
    // Without the issue's header in the report: the issue whose copy last went to the address.
    await manager.query(
      `UPDATE "newsletter_issues" SET "${column}" = "${column}" + 1
        WHERE "id" = COALESCE($1::uuid, (
          SELECT "newsletter_issue_id" FROM "email_outbox"
           WHERE "to_address" = $2 AND "newsletter_issue_id" IS NOT NULL AND "status" = 'sent'
           ORDER BY "sent_at" DESC NULLS LAST LIMIT 1))`,
      [issueId, email],
    );
    return true;
  }
}

/** What a delivery report says of an address. */
export type DeliveryProblem = 'hard_bounce' | 'soft_bounce' | 'complaint';

/** The counter of each problem, on the subscriber and on the issue (constant column names). */
const problemColumns: Record<DeliveryProblem, string> = {
  hard_bounce: 'hard_bounces',
  soft_bounce: 'soft_bounces',
  complaint: 'complaints',
};

const subscriberOfAddress = `lower(trim("email")) = $1`;

/** The subscribers' statements for their personal-data declaration: unconfirmed sign-ups expire. */
export const subscribersPersonalData = tableStatements('subscribers', {
  erase: subscriberOfAddress,
  collect: {
    where: subscriberOfAddress,
    columns: `"email", "status", "source", "page", "created_at" AS "signedUpAt", "confirmation_sent_at" AS "confirmationSentAt",
              "confirmed_at" AS "consentConfirmedAt", "unsubscribed_at" AS "unsubscribedAt",
              "hard_bounces" AS "hardBounces", "soft_bounces" AS "softBounces", "complaints",
              "blocked_reason" AS "blockedReason", "blocked_at" AS "blockedAt"`,
  },
  expired: `"confirmed_at" IS NULL AND "unsubscribed_at" IS NULL AND "created_at" < $1`,
});
