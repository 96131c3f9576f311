import { emptyImportCounts, type ImportJob } from '@northbeam/common';
import type { ImportJobRow } from '../imports.repository.js';

export function mapImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    state: row.state,
    // A job counted before case studies, team members and settings were counted has zeros for them.
    counts: { ...emptyImportCounts(), ...row.counts },
    progress: { done: row.state === 'done' ? row.total : Math.min(row.cursor, row.total), total: row.total },
    problems: row.problems,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}
