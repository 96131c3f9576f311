import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { playbookDownloadsPersonalData } from './playbook.repository.js';

/** Playbook requests: the address the playbook was sent to and the page it was asked from (docs/product.md#retention). */
export const playbookDownloadsStore: PersonalDataStore = {
  name: 'playbook_downloads',
  letter: {
    title: 'Playbooks you asked for',
    fields: { requestedAt: 'Asked for', email: 'Sent to', page: 'From the page' },
  },
  holds: 'Playbook requests: e-mail and the page it was asked from',
  retention: { key: 'playbookRequests', rule: (period) => `playbook_downloads older than ${period}` },
  ...playbookDownloadsPersonalData,
};
