import { enquiryStatusLabels, type EnquiryStatus } from '@northbeam/common';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { contactMessagesPersonalData, spamEnquiriesPersonalData } from './contact.repository.js';

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
  ...contactMessagesPersonalData,
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
  ...spamEnquiriesPersonalData,
};
