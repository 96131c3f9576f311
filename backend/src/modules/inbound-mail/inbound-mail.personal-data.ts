import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';

/** Mail from the address, or threaded onto one of the address's enquiries. */
const aboutAddress = `(lower(trim("from_address")) = $1
  OR "enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1))`;

/**
 * Mail fetched from the connected mailbox (docs/inbound-mail.md): the enquirers' answers, auto-replies
 * and bounces on their enquiry, and what waits in (or was dismissed from) Unmatched. Those on an
 * enquiry would go with it (foreign key cascade); mail from the address that matched nothing is
 * erased here too. Attachments go with their mail.
 */
export const inboundMessagesStore: PersonalDataStore = {
  name: 'inbound_messages',
  letter: {
    title: 'Mail you sent us in answer to our replies',
    fields: {
      receivedAt: 'Received',
      from: 'From',
      subject: 'Subject',
      text: 'Text',
      enquiryId: 'About your message with reference',
    },
  },
  holds: 'Answers, auto-replies and bounces fetched from the connected mailbox, with their attachments',
  keptWhile: 'as long as their enquiry (deleted with it); unmatched mail until erased',
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "inbound_messages" WHERE ${aboutAddress} RETURNING 1`, [email]),
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "enquiry_id" AS "enquiryId", "from_address" AS "from", "subject", "text", "created_at" AS "receivedAt"
         FROM "inbound_messages" WHERE ${aboutAddress} ORDER BY "created_at"`,
      [email],
    ),
  count: (manager) => countRows(manager, 'inbound_messages'),
};
