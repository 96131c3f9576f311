import type { RevisionSummary } from '@northbeam/common';
import type { RevisionListRow } from '../revisions.repository.js';

/** A revision as the history list shows it. */
export function mapRevisionSummary(row: RevisionListRow): RevisionSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    author: row.authorName !== null ? { id: row.authorId, name: row.authorName } : null,
    title: row.title,
    restoredFrom:
      row.restoredFromId && row.restoredFromCreatedAt
        ? { id: row.restoredFromId, createdAt: row.restoredFromCreatedAt.toISOString() }
        : null,
  };
}
