import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { inboundMessagesPersonalData } from './inbound-mail.repository.js';

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
  ...inboundMessagesPersonalData,
};
