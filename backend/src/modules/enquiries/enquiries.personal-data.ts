import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { enquiryNotesPersonalData, enquiryRepliesPersonalData } from './enquiries.repository.js';

/**
 * Staff notes on enquiries. They would go with the enquiries (foreign key cascade); erasing them first
 * counts them in the erasure's record. The assignment is a column of the enquiry and goes with it.
 */
export const enquiryNotesStore: PersonalDataStore = {
  name: 'enquiry_notes',
  letter: {
    title: 'Notes our team wrote about your messages',
    fields: { writtenAt: 'Written', author: 'By', body: 'Note', enquiryId: 'About your message with reference' },
  },
  holds: 'Staff notes on enquiries, with the author’s name',
  review: 'An internal note by staff: it names its author and may name other people',
  keptWhile: 'as long as their enquiry (deleted with it)',
  ...enquiryNotesPersonalData,
};

/**
 * Replies staff sent from the inbox to the enquirer. They would go with the enquiries (foreign key
 * cascade); erasing them first counts them in the erasure's record.
 */
export const enquiryRepliesStore: PersonalDataStore = {
  name: 'enquiry_replies',
  letter: {
    title: 'Replies our team sent you from the inbox',
    fields: {
      sentAt: 'Sent',
      author: 'By',
      subject: 'Subject',
      body: 'Reply',
      enquiryId: 'About your message with reference',
    },
  },
  holds: 'Replies sent to enquirers from the inbox, with the author’s name',
  keptWhile: 'as long as their enquiry (deleted with it)',
  ...enquiryRepliesPersonalData,
};
