import { enquiryStatusLabels, type EnquiryStatus } from '@northbeam/common';
import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';

/** Enquiries sent through the contact form (docs/product.md#retention). Their staff notes go with them (cascade). */
export const contactMessagesStore: PersonalDataStore = {
  name: 'contact_messages',
  letter: {
    title: 'Messages you sent us',
    fields: {
      sentAt: 'Sent',
      name: 'Name',
      email: 'E-mail',
      company: 'Company',
      service: 'About',
      message: 'Message',
      status: 'Where it stands',
      id: 'Reference',
    },
    words: { status: (status) => enquiryStatusLabels[status as EnquiryStatus] ?? status },
  },
  holds: 'Enquiries from the contact form: name, e-mail, company, service, message, status and who it is assigned to',
  retention: { key: 'contactMessages', rule: (period) => `contact_messages older than ${period}` },
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "contact_messages" WHERE lower(trim("email")) = $1 RETURNING 1`, [email]),
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "id", "name", "email", "company", "service", "message", "status", "created_at" AS "sentAt"
         FROM "contact_messages" WHERE lower(trim("email")) = $1 ORDER BY "created_at"`,
      [email],
    ),
  purge: (manager, cutoff) =>
    deleteRows(manager, `DELETE FROM "contact_messages" WHERE "created_at" < $1 RETURNING 1`, [cutoff]),
  count: (manager) => countRows(manager, 'contact_messages'),
};

/**
 * The enquiries under Spam: the form's suspected spam (a filled trap field or a form sent too fast)
 * and what staff marked spam. Same table, shorter period (docs/product.md#retention); erasure and the
 * access export go through `contactMessagesStore`, which holds these rows too.
 */
export const spamEnquiriesStore: PersonalDataStore = {
  name: 'contact_messages (spam)',
  holds:
    'Enquiries under Spam (held back by the contact form’s bot trap, or marked spam by staff): the fields of an enquiry',
  retention: { key: 'spamEnquiries', rule: (period) => `enquiries under Spam older than ${period}` },
  purge: (manager, cutoff) =>
    deleteRows(manager, `DELETE FROM "contact_messages" WHERE "status" = 'spam' AND "created_at" < $1 RETURNING 1`, [
      cutoff,
    ]),
  count: (manager) => countRows(manager, 'contact_messages', `"status" = 'spam'`),
};
