import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';

/** Playbook requests: the address the playbook was sent to and the page it was asked from (docs/product.md#retention). */
export const playbookDownloadsStore: PersonalDataStore = {
  name: 'playbook_downloads',
  letter: {
    title: 'Playbooks you asked for',
    fields: { requestedAt: 'Asked for', email: 'Sent to', page: 'From the page' },
  },
  holds: 'Playbook requests: e-mail and the page it was asked from',
  retention: { key: 'playbookRequests', rule: (period) => `playbook_downloads older than ${period}` },
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "playbook_downloads" WHERE lower(trim("email")) = $1 RETURNING 1`, [email]),
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "email", "page", "created_at" AS "requestedAt" FROM "playbook_downloads" WHERE lower(trim("email")) = $1 ORDER BY "created_at"`,
      [email],
    ),
  purge: (manager, cutoff) =>
    deleteRows(manager, `DELETE FROM "playbook_downloads" WHERE "created_at" < $1 RETURNING 1`, [cutoff]),
  count: (manager) => countRows(manager, 'playbook_downloads'),
};
