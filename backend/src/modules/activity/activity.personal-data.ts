import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { staffActivityPersonalData } from './activity.repository.js';

/** The staff activity log (ADR 0008): staff names and what they did. */
export const staffActivityStore: PersonalDataStore = {
  name: 'staff_activity',
  holds: 'Staff actions: who did what, to which record, when',
  retention: { key: 'staffActivity', rule: (period) => `staff_activity older than ${period}` },
  ...staffActivityPersonalData,
};
