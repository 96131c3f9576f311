import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../../database/query-result.js';

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
  async confirmByTokenHash(tokenHash: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "subscribers"
          SET "status" = 'confirmed', "confirmed_at" = COALESCE("confirmed_at", now())
        WHERE "confirm_token_hash" = $1
          AND "status" IN ('pending', 'confirmed')
          AND "confirmation_sent_at" > now() - make_interval(days => $2)
        RETURNING "id"`,
      [tokenHash, confirmationValidDays],
    );
    return returnedRows(result).length === 1;
  }

  /** Whether the address is signed up (pending or confirmed), so that an unsubscribe link is worth mailing. */
  async isSignedUp(manager: EntityManager, email: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "subscribers" WHERE "email" = $1 AND "status" IN ('pending', 'confirmed')`,
      [email],
    );
    return rows.length > 0;
  }

  /** Marks the address unsubscribed; the row stays so that it is not mailed again. */
  async unsubscribe(email: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "subscribers"
          SET "status" = 'unsubscribed', "unsubscribed_at" = now(), "confirm_token_hash" = NULL
        WHERE "email" = $1 AND "status" <> 'unsubscribed'`,
      [email],
    );
  }
}
