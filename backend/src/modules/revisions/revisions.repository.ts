import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RevisionKind } from '@northbeam/common';
import { ContentAutosave } from './entities/content-autosave.entity.js';
import { ContentRevision } from './entities/content-revision.entity.js';

/** A row of a revisions list: without the fields, but with the title they hold. */
export interface RevisionListRow {
  id: string;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
  title: string;
  restoredFromId: string | null;
  restoredFromCreatedAt: Date | null;
}

export interface RevisionInput {
  kind: RevisionKind;
  entityId: string;
  fields: Record<string, unknown>;
  author: { id: string; name: string } | null;
  restoredFromId?: string | null;
  /** When the state was saved; the transaction's time when absent. */
  createdAt?: Date;
}

@Injectable()
export class RevisionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(manager: EntityManager, input: RevisionInput): Promise<ContentRevision> {
    const revisions = manager.getRepository(ContentRevision);
    return revisions.save(
      revisions.create({
        kind: input.kind,
        entityId: input.entityId,
        fields: input.fields,
        authorId: input.author?.id ?? null,
        authorName: input.author?.name.slice(0, 200) ?? null,
        restoredFromId: input.restoredFromId ?? null,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      }),
    );
  }

  async exists(manager: EntityManager, kind: RevisionKind, entityId: string): Promise<boolean> {
    return (await manager.getRepository(ContentRevision).countBy({ kind, entityId })) > 0;
  }

  /** A page of revisions, newest first; the fields themselves (a whole body each) are not read. */
  async findPage(
    kind: RevisionKind,
    entityId: string,
    offset: number,
    limit: number,
  ): Promise<[RevisionListRow[], number]> {
    const rows = await this.dataSource.query<
      {
        id: string;
        created_at: Date | string;
        author_id: string | null;
        author_name: string | null;
        title: string | null;
        restored_from_id: string | null;
        restored_from_created_at: Date | string | null;
      }[]
    >(
      `SELECT revision.id, revision.created_at, revision.author_id, revision.author_name,
              revision.fields->>'title' AS title, revision.restored_from_id,
              source.created_at AS restored_from_created_at
         FROM content_revisions revision
         LEFT JOIN content_revisions source ON source.id = revision.restored_from_id
        WHERE revision.kind = $1 AND revision.entity_id = $2
        ORDER BY revision.created_at DESC, revision.id DESC
        OFFSET $3 LIMIT $4`,
      [kind, entityId, offset, limit],
    );
    const total = await this.dataSource.getRepository(ContentRevision).countBy({ kind, entityId });
    return [
      rows.map((row) => ({
        id: row.id,
        createdAt: new Date(row.created_at),
        authorId: row.author_id,
        authorName: row.author_name,
        title: row.title ?? '',
        restoredFromId: row.restored_from_id,
        restoredFromCreatedAt: row.restored_from_created_at === null ? null : new Date(row.restored_from_created_at),
      })),
      total,
    ];
  }

  findOne(kind: RevisionKind, entityId: string, id: string): Promise<ContentRevision | null> {
    return this.dataSource.getRepository(ContentRevision).findOneBy({ kind, entityId, id });
  }

  findById(id: string): Promise<ContentRevision | null> {
    return this.dataSource.getRepository(ContentRevision).findOneBy({ id });
  }

  /** Everything kept of one piece of content (it is being deleted). */
  async deleteFor(manager: EntityManager, kind: RevisionKind, entityId: string): Promise<void> {
    await manager.getRepository(ContentRevision).delete({ kind, entityId });
    await manager.getRepository(ContentAutosave).delete({ kind, entityId });
  }

  /** Writes or replaces the person's autosave; returns when it was saved (the database's clock, like `updated_at`). */
  async upsertAutosave(
    kind: RevisionKind,
    entityId: string,
    authorId: string,
    fields: Record<string, unknown>,
  ): Promise<Date> {
    const [row] = await this.dataSource.query<{ saved_at: Date | string }[]>(
      `INSERT INTO content_autosaves (kind, entity_id, author_id, fields, saved_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (kind, entity_id, author_id) DO UPDATE SET fields = EXCLUDED.fields, saved_at = EXCLUDED.saved_at
       RETURNING saved_at`,
      [kind, entityId, authorId, JSON.stringify(fields)],
    );
    return new Date(row.saved_at);
  }

  findAutosave(kind: RevisionKind, entityId: string, authorId: string): Promise<ContentAutosave | null> {
    return this.dataSource.getRepository(ContentAutosave).findOneBy({ kind, entityId, authorId });
  }

  async deleteAutosave(manager: EntityManager, kind: RevisionKind, entityId: string, authorId: string): Promise<void> {
    await manager.getRepository(ContentAutosave).delete({ kind, entityId, authorId });
  }
}
