import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { staffNotificationsPersonalData, unreadStaffNotificationsPersonalData } from './notifications.repository.js';

/**
 * Staff notifications (the admin bar's bell): personal data of the staff member told, and, when one
 * is about an enquiry, of its sender. Read ones are deleted a while after they were read; a line
 * about an enquiry goes with the enquiry (foreign key cascade), a staff member's with their account.
 */
export const staffNotificationsStore: PersonalDataStore = {
  name: 'staff_notifications',
  letter: {
    title: 'Notifications our site showed you as a member of staff, or to staff about your messages',
    fields: {
      createdAt: 'Shown',
      kind: 'Kind',
      title: 'Notification',
      readAt: 'Read',
      enquiryId: 'About the message with reference',
    },
  },
  holds: 'Notifications to staff (the bell): who was told, what about, when, and when they read it',
  review: 'A notification between members of staff: it names who did what',
  retention: { key: 'readStaffNotifications', rule: (period) => `staff_notifications read more than ${period} ago` },
  keptWhile: 'about an enquiry: at most as long as the enquiry (deleted with it)',
  identity: ['createdAt', 'kind', 'title'],
  ...staffNotificationsPersonalData,
};

/**
 * Notifications nobody read: kept longer than read ones (the bell still counts them), but not for
 * ever (an account nobody signs in to any more). The same table as `staffNotificationsStore`, which
 * erases and collects every line.
 */
export const unreadStaffNotificationsStore: PersonalDataStore = {
  name: 'staff_notifications (unread)',
  holds: 'Notifications to staff not read yet',
  retention: {
    key: 'unreadStaffNotifications',
    rule: (period) => `unread staff_notifications older than ${period}`,
  },
  ...unreadStaffNotificationsPersonalData,
};
