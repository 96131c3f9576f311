import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { WebhookDeliveryStatus, WebhookEndpointStatus, WebhookEventType, WebhookFormat } from '@northbeam/common';
import { isoTimestamp, returnedRows } from '../../database/query-result.js';
import type { WebhookPayload } from './webhook-payloads.js';
import {
  containing,
  deleteRows,
  tableStatements,
  type PersonalDataStatements,
} from '../../database/personal-data-rows.js';

export interface EndpointRecord {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  status: WebhookEndpointStatus;
  pausedReason: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  lastAttemptOk: boolean | null;
}

export interface EndpointValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  format: WebhookFormat;
}

export interface DeliveryRecord {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  payload: WebhookPayload;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  statusCode: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  messageId: string;
  payload: WebhookPayload;
  attempts: number;
  url: string;
  format: WebhookFormat;
  secretSealed: string;
}

export interface NewDelivery {
  endpointId: string;
  messageId: string;
  payload: WebhookPayload;
}

/** What an attempt came to, written on its delivery. */
export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

type Row = Record<string, unknown>;

const endpointColumns = `e."id", e."url", e."description", e."events", e."format", e."status", e."paused_reason", e."created_at",
  (SELECT d."last_attempt_at" FROM "webhook_deliveries" d WHERE d."endpoint_id" = e."id" AND d."last_attempt_at" IS NOT NULL
    ORDER BY d."last_attempt_at" DESC LIMIT 1) AS "last_attempt_at",
  (SELECT d."status" = 'delivered' FROM "webhook_deliveries" d WHERE d."endpoint_id" = e."id" AND d."last_attempt_at" IS NOT NULL
    ORDER BY d."last_attempt_at" DESC LIMIT 1) AS "last_attempt_ok"`;

function parseArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function mapEndpoint(row: Row): EndpointRecord {
  return {
    id: row.id as string,
    url: row.url as string,
    description: row.description as string,
    events: parseArray(row.events) as WebhookEventType[],
    format: row.format as WebhookFormat,
    status: row.status as WebhookEndpointStatus,
    pausedReason: (row.paused_reason as string | null) ?? null,
    createdAt: isoTimestamp(row.created_at as Date),
    lastAttemptAt: isoTimestamp(row.last_attempt_at as Date | null),
    lastAttemptOk: (row.last_attempt_ok as boolean | null) ?? null,
  };
}

function mapDelivery(row: Row): DeliveryRecord {
  const status = row.status as WebhookDeliveryStatus;
  return {
    id: row.id as string,
    endpointId: row.endpoint_id as string,
    messageId: row.message_id as string,
    eventType: row.event_type as string,
    payload: parseJson<WebhookPayload>(row.payload),
    status,
    attempts: Number(row.attempts),
    createdAt: isoTimestamp(row.created_at as Date),
    lastAttemptAt: isoTimestamp(row.last_attempt_at as Date | null),
    nextAttemptAt: status === 'pending' ? isoTimestamp(row.next_attempt_at as Date) : null,
    statusCode: (row.status_code as number | null) ?? null,
    durationMs: (row.duration_ms as number | null) ?? null,
    responseExcerpt: (row.response_excerpt as string | null) ?? null,
    error: (row.error as string | null) ?? null,
  };
}

/** `webhook_endpoints` and the `webhook_deliveries` outbox (docs/webhooks.md). */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insertEndpoint(manager: EntityManager, values: EndpointValues, secretSealed: string): Promise<EndpointRecord> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO "webhook_endpoints" ("id", "url", "description", "events", "format", "secret_sealed")
       VALUES ($1, $2, $3, $4::text[], $5, $6)`,
      [id, values.url, values.description, values.events, values.format, secretSealed],
    );
    return (await this.findEndpoint(id, manager))!;
  }

  async updateEndpoint(manager: EntityManager, id: string, values: EndpointValues): Promise<void> {
    await manager.query(
      `UPDATE "webhook_endpoints" SET "url" = $2, "description" = $3, "events" = $4::text[], "format" = $5, "updated_at" = now()
        WHERE "id" = $1`,
      [id, values.url, values.description, values.events, values.format],
    );
  }

  async setSecret(manager: EntityManager, id: string, secretSealed: string): Promise<void> {
    await manager.query(`UPDATE "webhook_endpoints" SET "secret_sealed" = $2, "updated_at" = now() WHERE "id" = $1`, [
      id,
      secretSealed,
    ]);
  }

  /** Pauses (with why) or resumes; a resume starts the failure count again. */
  async setStatus(
    manager: EntityManager,
    id: string,
    status: WebhookEndpointStatus,
    pausedReason: string | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE "webhook_endpoints"
          SET "status" = $2::varchar, "paused_reason" = $3, "updated_at" = now(),
              "consecutive_failures" = CASE WHEN $2::varchar = 'active' THEN 0 ELSE "consecutive_failures" END,
              "failing_since" = CASE WHEN $2::varchar = 'active' THEN NULL ELSE "failing_since" END
        WHERE "id" = $1`,
      [id, status, pausedReason],
    );
  }

  async deleteEndpoint(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM "webhook_endpoints" WHERE "id" = $1`, [id]);
  }

  /** The endpoint, locked until the caller's transaction ends. */
  async lockEndpoint(manager: EntityManager, id: string): Promise<EndpointRecord | undefined> {
    const rows = await manager.query<Row[]>(`SELECT "id" FROM "webhook_endpoints" WHERE "id" = $1 FOR UPDATE`, [id]);
    return rows.length ? this.findEndpoint(id, manager) : undefined;
  }

  async findEndpoint(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EndpointRecord | undefined> {
    const rows = await manager.query<Row[]>(`SELECT ${endpointColumns} FROM "webhook_endpoints" e WHERE e."id" = $1`, [
      id,
    ]);
    return rows[0] ? mapEndpoint(rows[0]) : undefined;
  }

  async endpointPage(offset: number, limit: number): Promise<[EndpointRecord[], number]> {
    const rows = await this.dataSource.query<Row[]>(
      `SELECT ${endpointColumns} FROM "webhook_endpoints" e ORDER BY e."created_at" DESC, e."id" LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [count] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "webhook_endpoints"`,
    );
    return [rows.map(mapEndpoint), Number(count.total)];
  }

  /** The active endpoints that want `type`. */
  async subscribedEndpointIds(manager: EntityManager, type: WebhookEventType): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT "id" FROM "webhook_endpoints" WHERE "status" = 'active' AND $1 = ANY("events") ORDER BY "created_at"`,
      [type],
    );
    return rows.map((row) => row.id);
  }

  /** Adds deliveries to the outbox inside the caller's transaction; due at once (`now`). */
  async insertDeliveries(manager: EntityManager, deliveries: NewDelivery[], now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const delivery of deliveries) {
      const id = randomUUID();
      ids.push(id);
      await manager.query(
        `INSERT INTO "webhook_deliveries" ("id", "endpoint_id", "message_id", "event_type", "payload", "next_attempt_at", "created_at")
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
        [id, delivery.endpointId, delivery.messageId, delivery.payload.type, JSON.stringify(delivery.payload), now],
      );
    }
    return ids;
  }

  /**
   * Claims up to `limit` deliveries due at `now` of active endpoints: each is leased until
   * `leaseUntil` (its next attempt moves there, so a crash mid-attempt retries it after the lease)
   * and its attempt counted. SKIP LOCKED lets several instances claim at once, never the same row.
   */
  async claimDue(limit: number, now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "webhook_deliveries" d
          SET "attempts" = d."attempts" + 1, "next_attempt_at" = $3
         FROM "webhook_endpoints" e
        WHERE e."id" = d."endpoint_id" AND d."id" IN (
          SELECT dd."id" FROM "webhook_deliveries" dd
            JOIN "webhook_endpoints" ee ON ee."id" = dd."endpoint_id" AND ee."status" = 'active'
           WHERE dd."status" = 'pending' AND dd."next_attempt_at" <= $2
           ORDER BY dd."next_attempt_at", dd."created_at"
           LIMIT $1
           FOR UPDATE OF dd SKIP LOCKED)
        RETURNING d."id", d."endpoint_id", d."message_id", d."payload", d."attempts", e."url", e."format", e."secret_sealed"`,
      [limit, now, leaseUntil],
    );
    return returnedRows<Row>(result).map((row) => ({
      id: row.id as string,
      endpointId: row.endpoint_id as string,
      messageId: row.message_id as string,
      payload: parseJson<WebhookPayload>(row.payload),
      attempts: Number(row.attempts),
      url: row.url as string,
      format: row.format as WebhookFormat,
      secretSealed: row.secret_sealed as string,
    }));
  }

  /** Records an attempt: delivered, failed for good, or pending again until `nextAttemptAt`. */
  async recordAttempt(
    id: string,
    attempt: AttemptRecord,
    status: WebhookDeliveryStatus,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE "webhook_deliveries"
          SET "status" = $2::varchar, "last_attempt_at" = $3::timestamptz, "status_code" = $4, "duration_ms" = $5,
              "response_excerpt" = $6, "error" = $7, "next_attempt_at" = COALESCE($8::timestamptz, "next_attempt_at"),
              "delivered_at" = CASE WHEN $2::varchar = 'delivered' THEN $3::timestamptz ELSE NULL END
        WHERE "id" = $1`,
      [
        id,
        status,
        attempt.at,
        attempt.statusCode,
        attempt.durationMs,
        attempt.responseExcerpt,
        attempt.error?.slice(0, 2000) ?? null,
        nextAttemptAt,
      ],
    );
  }

  /** Gives claimed deliveries not attempted back to the outbox, due at `now`, their claim not counted as an attempt. */
  async release(ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE "webhook_deliveries" SET "attempts" = "attempts" - 1, "next_attempt_at" = $2
        WHERE "id" = ANY($1::uuid[]) AND "status" = 'pending'`,
      [ids, now],
    );
  }

  /** A successful attempt ends the endpoint's run of failures. */
  async recordEndpointSuccess(endpointId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "webhook_endpoints" SET "consecutive_failures" = 0, "failing_since" = NULL
        WHERE "id" = $1 AND "consecutive_failures" <> 0`,
      [endpointId],
    );
  }

  /**
   * Counts a failed attempt against the endpoint and, inside the caller's transaction, pauses it when
   * every attempt for `hours` (at least `failures` of them) failed; answers whether it paused it now.
   */
  async recordEndpointFailure(
    manager: EntityManager,
    endpointId: string,
    at: Date,
    failures: number,
    hours: number,
    reason: string,
  ): Promise<EndpointRecord | undefined> {
    await manager.query(
      `UPDATE "webhook_endpoints"
          SET "consecutive_failures" = "consecutive_failures" + 1, "failing_since" = COALESCE("failing_since", $2::timestamptz)
        WHERE "id" = $1`,
      [endpointId, at],
    );
    const paused = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE "webhook_endpoints" SET "status" = 'paused', "paused_reason" = $5, "updated_at" = now()
          WHERE "id" = $1 AND "status" = 'active' AND "consecutive_failures" >= $3
            AND "failing_since" <= $2::timestamptz - make_interval(hours => $4)
          RETURNING "id"`,
        [endpointId, at, failures, hours, reason],
      ),
    );
    return paused.length ? this.findEndpoint(endpointId, manager) : undefined;
  }

  async deliveryPage(endpointId: string, offset: number, limit: number): Promise<[DeliveryRecord[], number]> {
    const rows = await this.dataSource.query<Row[]>(
      `SELECT * FROM "webhook_deliveries" WHERE "endpoint_id" = $1 ORDER BY "created_at" DESC, "id" LIMIT $2 OFFSET $3`,
      [endpointId, limit, offset],
    );
    const [count] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "webhook_deliveries" WHERE "endpoint_id" = $1`,
      [endpointId],
    );
    return [rows.map(mapDelivery), Number(count.total)];
  }

  async findDelivery(manager: EntityManager, endpointId: string, id: string): Promise<DeliveryRecord | undefined> {
    const rows = await manager.query<Row[]>(
      `SELECT * FROM "webhook_deliveries" WHERE "id" = $1 AND "endpoint_id" = $2`,
      [id, endpointId],
    );
    return rows[0] ? mapDelivery(rows[0]) : undefined;
  }
}

/**
 * The deliveries' statements for their personal-data declaration: an erasure takes every delivery
 * whose payload mentions the address; a delivery still being tried is kept until it is delivered or
 * given up (at most a day past the period).
 */
export const webhookDeliveriesPersonalData: PersonalDataStatements = {
  ...tableStatements('webhook_deliveries', { expired: `"created_at" < $1 AND "status" <> 'pending'` }),
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "webhook_deliveries" WHERE lower("payload"::text) LIKE $1 RETURNING 1`, [
      containing(email),
    ]),
};
