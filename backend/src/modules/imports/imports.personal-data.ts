import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { importJobsPersonalData } from './imports.repository.js';

/**
 * Import jobs (docs/import.md): the staff member who ran each import, and until the run ends the
 * parsed file (posts with their public author names; WordPress authors' e-mail addresses are never
 * kept). The summary (counts and problems) stays as the record of the run, like the activity log.
 */
export const importJobsStore: PersonalDataStore = {
  name: 'import_jobs',
  holds:
    'Imports of a WordPress or Ghost site: who ran each one, its file name, counts and problems; the parsed file until the run ends',
  keptWhile: 'the import job exists (the parsed file is deleted when the run ends)',
  ...importJobsPersonalData,
};
