import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { revisionLimits, type ListPage, type RevisionKind, type RevisionSummary } from '@northbeam/common';
import { mapRevisionSummary } from './dto/revision-summary.dto.js';
import type { ContentAutosave } from './entities/content-autosave.entity.js';
import type { ContentRevision } from './entities/content-revision.entity.js';
import { RevisionsRepository, type RevisionInput } from './revisions.repository.js';

/**
 * Revisions and autosaves of any kind of content (docs/product.md#revisions). The content's own
 * service decides who may do what and calls this inside its save's transaction; this keeps the rows.
 */
@Injectable()
export class RevisionsService {
  constructor(private readonly revisionsRepository: RevisionsRepository) {}

  /**
   * Keeps the state a save wrote. Content saved before revisions were kept (or by the seed) gets its
   * earlier state kept first, as it was at `previous.savedAt`, so that its first edit can be undone too.
   */
  async record(
    manager: EntityManager,
    input: RevisionInput & { previous?: { fields: Record<string, unknown>; savedAt: Date } },
  ): Promise<ContentRevision> {
    const { previous, ...revision } = input;
    if (previous && !(await this.revisionsRepository.exists(manager, input.kind, input.entityId)))
      await this.revisionsRepository.add(manager, {
        kind: input.kind,
        entityId: input.entityId,
        fields: previous.fields,
        author: null,
        createdAt: previous.savedAt,
      });
    return this.revisionsRepository.add(manager, revision);
  }

  async page(kind: RevisionKind, entityId: string, page = 1): Promise<ListPage<RevisionSummary>> {
    const pageSize = revisionLimits.listPageSize;
    const [rows, total] = await this.revisionsRepository.findPage(kind, entityId, (page - 1) * pageSize, pageSize);
    return { items: rows.map(mapRevisionSummary), total, page, pageSize };
  }

  find(kind: RevisionKind, entityId: string, id: string): Promise<ContentRevision | null> {
    return this.revisionsRepository.findOne(kind, entityId, id);
  }

  /** The summary of one stored revision (its source's date when it was a restore). */
  async summaryOf(revision: ContentRevision): Promise<RevisionSummary> {
    const source = revision.restoredFromId ? await this.revisionsRepository.findById(revision.restoredFromId) : null;
    return mapRevisionSummary({
      id: revision.id,
      createdAt: revision.createdAt,
      authorId: revision.authorId,
      authorName: revision.authorName,
      title: typeof revision.fields.title === 'string' ? revision.fields.title : '',
      restoredFromId: source?.id ?? null,
      restoredFromCreatedAt: source?.createdAt ?? null,
    });
  }

  deleteFor(manager: EntityManager, kind: RevisionKind, entityId: string): Promise<void> {
    return this.revisionsRepository.deleteFor(manager, kind, entityId);
  }

  saveAutosave(kind: RevisionKind, entityId: string, authorId: string, fields: Record<string, unknown>): Promise<Date> {
    return this.revisionsRepository.upsertAutosave(kind, entityId, authorId, fields);
  }

  findAutosave(kind: RevisionKind, entityId: string, authorId: string): Promise<ContentAutosave | null> {
    return this.revisionsRepository.findAutosave(kind, entityId, authorId);
  }

  /** A save or a discard ends the person's autosave. */
  discardAutosave(manager: EntityManager, kind: RevisionKind, entityId: string, authorId: string): Promise<void> {
    return this.revisionsRepository.deleteAutosave(manager, kind, entityId, authorId);
  }
}
