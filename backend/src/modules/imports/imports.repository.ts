import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ImportCounts, ImportKind, ImportSectionMapping, ImportState, StaffRole } from '@northbeam/common';
import { etagOf } from '../../core/http/etag.js';
import { returnedRows } from '../../database/query-result.js';
import type { ImportPlan } from './formats/import-plan.js';
import { tableStatements } from '../../database/personal-data-rows.js';

/** What a run remembers between posts (so that a resumed run counts tags, authors and images once). */
export interface ImportSeen {
  tags?: string[];
  authors?: string[];
  /** Image address → library id, or null when it could not be fetched. */
  images?: Record<string, string | null>;
  /** Source ids of the posts this run created (a resumed run does not count them as skipped). */
  posts?: string[];
}

export interface ImportJobRow {
  id: string;
  kind: ImportKind;
  filename: string;
  state: ImportState;
  payload: ImportPlan | null;
  /** The uploaded file itself, kept until the run ends (this site's own export, read by the job). */
  file: Buffer | null;
  mapping: ImportSectionMapping;
  cursor: number;
  total: number;
  counts: ImportCounts;
  problems: string[];
  seen: ImportSeen;
  createdById: string | null;
  createdByName: string;
  createdByRole: StaffRole;
  createdAt: Date;
  finishedAt: Date | null;
}

const columns = `"id", "kind", "filename", "state", "payload", "file", "mapping", "cursor", "total", "counts", "problems", "seen",
  "created_by_id" AS "createdById", "created_by_name" AS "createdByName", "created_by_role" AS "createdByRole",
  "created_at" AS "createdAt", "finished_at" AS "finishedAt"`;
/** The same without the payload and file (megabytes): what a status poll reads. */
const summaryColumns = columns.replace('"payload", "file", ', 'NULL AS "payload", NULL AS "file", ');

/** How long a claimed job is its runner's before another instance (or this one after a restart) takes it over. */
export const importLeaseSeconds = 60;

/** The queries of import jobs (docs/import.md) and of what an import asks about existing posts. */
@Injectable()
export class ImportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(values: {
    kind: ImportKind;
    filename: string;
    payload: ImportPlan | null;
    file?: Buffer;
    /** How many things the run works through: the posts of a plan, the records of a site export. */
    total?: number;
    mapping: ImportSectionMapping;
    counts: ImportCounts;
    problems: string[];
    createdBy: { id: string; name: string; role: StaffRole };
  }): Promise<string> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO "import_jobs" ("kind", "filename", "payload", "mapping", "total", "counts", "problems",
                                  "created_by_id", "created_by_name", "created_by_role", "file")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING "id"`,
      [
        values.kind,
        values.filename,
        values.payload ? JSON.stringify(values.payload) : null,
        JSON.stringify(values.mapping),
        values.total ?? values.payload?.posts.length ?? 0,
        JSON.stringify(values.counts),
        JSON.stringify(values.problems),
        values.createdBy.id,
        values.createdBy.name,
        values.createdBy.role,
        values.file ?? null,
      ],
    );
    return rows[0].id;
  }

  async findSummary(id: string): Promise<ImportJobRow | null> {
    const rows = await this.dataSource.query<ImportJobRow[]>(
      `SELECT ${summaryColumns} FROM "import_jobs" WHERE "id" = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes the oldest job waiting, or one whose runner stopped (a restart: its lease ran out), for
   * `importLeaseSeconds`. SKIP LOCKED: two instances asking at once never take the same job.
   */
  async claimNext(): Promise<ImportJobRow | null> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "import_jobs" SET "state" = 'running', "lease_until" = now() + make_interval(secs => $1)
        WHERE "id" = (SELECT "id" FROM "import_jobs"
                       WHERE "state" = 'queued' OR ("state" = 'running' AND "lease_until" < now())
                       ORDER BY "created_at" LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${columns}`,
      [importLeaseSeconds],
    );
    return returnedRows<ImportJobRow>(result)[0] ?? null;
  }

  /** Keeps the claim while the runner works (between image fetches). */
  async renewLease(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "import_jobs" SET "lease_until" = now() + make_interval(secs => $2) WHERE "id" = $1 AND "state" = 'running'`,
      [id, importLeaseSeconds],
    );
  }

  /** Records progress inside the transaction that wrote the post: the cursor moves with what it counts. */
  async saveProgress(
    manager: EntityManager | undefined,
    id: string,
    progress: { cursor: number; counts: ImportCounts; problems: string[]; seen: ImportSeen },
  ): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `UPDATE "import_jobs" SET "cursor" = $2, "counts" = $3, "problems" = $4, "seen" = $5,
              "lease_until" = now() + make_interval(secs => $6)
        WHERE "id" = $1`,
      [
        id,
        progress.cursor,
        JSON.stringify(progress.counts),
        JSON.stringify(progress.problems),
        JSON.stringify(progress.seen),
        importLeaseSeconds,
      ],
    );
  }

  /** Ends a job: its state and final counts; the parsed file is dropped (what was imported is in the site now). */
  async finish(
    manager: EntityManager,
    id: string,
    state: 'done' | 'failed',
    result: { counts: ImportCounts; problems: string[] },
  ): Promise<void> {
    await manager.query(
      `UPDATE "import_jobs" SET "state" = $2, "counts" = $3, "problems" = $4, "payload" = NULL, "file" = NULL, "seen" = '{}'::jsonb,
              "lease_until" = NULL, "finished_at" = now()
        WHERE "id" = $1`,
      [id, state, JSON.stringify(result.counts), JSON.stringify(result.problems)],
    );
  }

  hasPending(): Promise<boolean> {
    return this.dataSource
      .query<unknown[]>(
        `SELECT 1 FROM "import_jobs" WHERE "state" = 'queued' OR ("state" = 'running' AND "lease_until" < now()) LIMIT 1`,
      )
      .then((rows) => rows.length > 0);
  }

  /** The post imported before from this source with this id, if any. */
  async findImportedPost(
    source: ImportKind,
    sourceIds: string[],
  ): Promise<Map<string, { id: string; section: string; slug: string; status: string }>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await this.dataSource.query<
      { id: string; section: string; slug: string; status: string; sourceId: string }[]
    >(
      `SELECT "id", "section", "slug", "status", "import_source_id" AS "sourceId" FROM "posts"
        WHERE "import_source" = $1 AND "import_source_id" = ANY($2)`,
      [source, sourceIds],
    );
    return new Map(rows.map((row) => [row.sourceId, row]));
  }

  /** Slugs taken in a section among `slugs` and their `-N` variants. */
  async takenSlugs(manager: EntityManager | undefined, section: string, slug: string): Promise<Set<string>> {
    const rows = await (manager ?? this.dataSource.manager).query<{ slug: string }[]>(
      `SELECT "slug" FROM "posts" WHERE "section" = $1 AND ("slug" = $2 OR "slug" LIKE $3)`,
      [section, slug, `${slug.replace(/[\\%_]/g, (character) => `\\${character}`)}-%`],
    );
    return new Set(rows.map((row) => row.slug));
  }

  /** Every tag in use, lower-cased (the dry run's count of new tags). */
  async tagsInUse(): Promise<Set<string>> {
    const rows = await this.dataSource.query<{ tag: string }[]>(
      `SELECT DISTINCT lower(tag.name) AS "tag" FROM "posts", jsonb_array_elements_text("tags") AS tag(name)`,
    );
    return new Set(rows.map((row) => row.tag));
  }

  /** The same, read through a transaction. */
  async tagsInUseIn(manager: EntityManager): Promise<Set<string>> {
    const rows = await manager.query<{ tag: string }[]>(
      `SELECT DISTINCT lower(tag.name) AS "tag" FROM "posts", jsonb_array_elements_text("tags") AS tag(name)`,
    );
    return new Set(rows.map((row) => row.tag));
  }

  /** Every slug of a section (the dry run's clash check). */
  async slugsBySection(): Promise<Map<string, Set<string>>> {
    const rows = await this.dataSource.query<{ section: string; slug: string }[]>(
      `SELECT "section", "slug" FROM "posts"`,
    );
    const map = new Map<string, Set<string>>();
    for (const row of rows) map.set(row.section, (map.get(row.section) ?? new Set()).add(row.slug));
    return map;
  }

  /** Whether any post already carries this tag (any case). */
  async tagInUse(manager: EntityManager, tag: string, exceptPostId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "posts", jsonb_array_elements_text("tags") AS tag(name)
        WHERE lower(tag.name) = lower($1) AND "posts"."id" <> $2 LIMIT 1`,
      [tag, exceptPostId],
    );
    return rows.length > 0;
  }

  /** Team members by lower-cased name (authors are matched to them by name). */
  async teamMembersByName(): Promise<Map<string, { id: string; name: string; role: string; bio: string }>> {
    const rows = await this.dataSource.query<{ id: string; name: string; role: string; bio: string }[]>(
      `SELECT "id", "name", "role", "bio" FROM "team_members"`,
    );
    return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row]));
  }

  /** Whether a record of this site's own export is here already, by its id. */
  async recordExists(manager: EntityManager, table: SiteTable, id: unknown): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "${table}" WHERE "${siteTableKeys[table]}"::text = $1 LIMIT 1`,
      [String(id)],
    );
    return rows.length > 0;
  }

  /**
   * Writes one record of this site's own export as it is (every column the record names; the ones
   * it lacks take NULL), ids included. False when a unique address (a slug, a redirect's path) is
   * taken by another record: nothing is written then.
   */
  async insertRecord(manager: EntityManager, table: SiteTable, record: Record<string, unknown>): Promise<boolean> {
    const result: unknown = await manager.query(
      `INSERT INTO "${table}" SELECT * FROM jsonb_populate_record(NULL::"${table}", $1::jsonb)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [JSON.stringify(record)],
    );
    return returnedRows(result).length > 0;
  }

  /** A stored object of the media library (its bytes), unless the key is taken. */
  async insertObject(
    manager: EntityManager,
    object: { key: string; contentType: string; bytes: Uint8Array },
  ): Promise<boolean> {
    const result: unknown = await manager.query(
      `INSERT INTO "media_objects" ("key", "content_type", "etag", "body")
       VALUES ($1, $2, $3, $4) ON CONFLICT ("key") DO NOTHING RETURNING 1`,
      [object.key, object.contentType, etagOf(Buffer.from(object.bytes)), Buffer.from(object.bytes)],
    );
    return returnedRows(result).length > 0;
  }

  /** The job's lease, renewed from inside its transaction (a large site is written in one). */
  async renewLeaseIn(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE "import_jobs" SET "lease_until" = now() + make_interval(secs => $2) WHERE "id" = $1`, [
      id,
      importLeaseSeconds,
    ]);
  }
}

/** The tables this site's own export fills, and the column that identifies a record of each. */
export const siteTableKeys = {
  team_members: 'id',
  media: 'id',
  posts: 'id',
  case_studies: 'id',
  site_settings: 'id',
  redirects: 'id',
  post_redirects: 'id',
} as const;
export type SiteTable = keyof typeof siteTableKeys;

/** The import jobs' count for their personal-data declaration. */
export const importJobsPersonalData = tableStatements('import_jobs', {});
